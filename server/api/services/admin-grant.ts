import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE, isCustomerRole } from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** Whom `npm run admin:grant` promotes: the account with this uid, or the one account with this e-mail. */
export type GrantTarget = { uid: string } | { email: string };

export interface GrantCandidate {
  uid: string;
  email: string;
  emailVerified: boolean;
  role: string;
}

export type GrantResult =
  | { outcome: 'granted' | 'already_admin'; account: GrantCandidate }
  | { outcome: 'no_match' }
  /** Several records carry the e-mail: which one is meant is not ours to guess. */
  | { outcome: 'ambiguous'; matches: GrantCandidate[] }
  /** Anyone can type an e-mail into an account the provider has not verified. */
  | { outcome: 'unverified'; account: GrantCandidate };

/**
 * Gives one account the admin role. By e-mail (case-insensitive) it must match exactly one record, whose
 * e-mail the provider verified unless `allowUnverified`; a uid names its account on its own. The rows
 * are locked while this decides, so a registration in between can not make it promote the wrong one.
 */
export async function grantAdminRole(
  db: Database,
  target: GrantTarget,
  { allowUnverified = false }: { allowUnverified?: boolean } = {},
): Promise<GrantResult> {
  // An address without an '@' (records of accounts without an e-mail hold '') names nobody.
  if ('email' in target && !target.email.includes('@')) return { outcome: 'no_match' };
  return db.transaction(async (tx) => {
    const matches = await tx
      .select({
        id: users.id,
        uid: users.uid,
        email: users.email,
        emailVerified: users.emailVerified,
        role: users.role,
      })
      .from(users)
      .where(
        'uid' in target
          ? eq(users.uid, target.uid)
          : sql`lower(${users.email}) = lower(${target.email.trim()})`,
      )
      .orderBy(users.createdAt)
      .for('update');
    const candidates: GrantCandidate[] = matches.map(({ id: _, ...candidate }) => candidate);
    const [row] = matches;
    const [account] = candidates;
    if (!row || !account) return { outcome: 'no_match' };
    if (matches.length > 1) return { outcome: 'ambiguous', matches: candidates };
    if ('email' in target && !account.emailVerified && !allowUnverified) {
      return { outcome: 'unverified', account };
    }
    if (!isCustomerRole(account.role)) return { outcome: 'already_admin', account };
    await tx.update(users).set({ role: ADMIN_ROLE }).where(eq(users.id, row.id));
    return { outcome: 'granted', account: { ...account, role: ADMIN_ROLE } };
  });
}
