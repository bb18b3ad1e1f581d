import { eq } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import type { Database } from '../client.ts';
import { users } from '../schema.ts';

/** Development logins; passwords follow the sign-in rule (6 of a-z, 0-9). Emulator only. */
export const DEMO_ACCOUNTS = [
  {
    uid: 'demo-admin',
    email: 'admin@pizzon.test',
    password: 'admin1',
    displayName: 'Ada Admin',
    role: 'admin',
  },
  {
    uid: 'demo-customer',
    email: 'customer@pizzon.test',
    password: 'pizza1',
    displayName: 'Carla Customer',
    role: 'user',
  },
] as const;

/**
 * Creates the demo accounts in the identity provider and our database; safe to run on every start. Their
 * e-mails are verified on both sides (accounts seeded before that was recorded are brought up to date),
 * so `npm run admin:grant` treats them as it would real, verified accounts.
 */
export async function seedDemoAccounts(db: Database, auth: Auth): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const { uid, email, password, displayName, role } = account;
    const existing = await auth.getUser(uid).catch(() => undefined);
    if (!existing) await auth.createUser({ uid, email, password, displayName, emailVerified: true });
    else if (!existing.emailVerified) await auth.updateUser(uid, { emailVerified: true });
    await db
      .insert(users)
      .values({ uid, email, emailVerified: true, displayName, role })
      .onConflictDoUpdate({ target: users.uid, set: { emailVerified: true }, where: eq(users.email, email) });
  }
}
