import type { Auth } from 'firebase-admin/auth';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';

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

/** Creates the demo accounts in the identity provider and our database; safe to run on every start. */
export async function seedDemoAccounts(db: Database, auth: Auth): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const { uid, email, password, displayName, role } = account;
    try {
      await auth.getUser(uid);
    } catch {
      await auth.createUser({ uid, email, password, displayName, emailVerified: true });
    }
    await db
      .insert(users)
      .values({ uid, email, displayName, role })
      .onConflictDoNothing({ target: users.uid });
  }
}
