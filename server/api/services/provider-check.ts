import { and, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { users } from '../../db/schema.ts';
import type { AccountStatus } from '../identity.ts';
import { withTimeout } from './timeout.ts';

/**
 * How old the provider's word on an account may be before a signed-in call asks again. With the
 * provider's timeout it keeps a disabled or deleted account's API token alive for under 60 s.
 */
export const PROVIDER_CHECK_INTERVAL_MS = 50_000;
/** The longest a signed-in call waits for the provider's answer. */
export const PROVIDER_CHECK_TIMEOUT_MS = 3_000;
/**
 * While the provider can not be reached, accounts it last confirmed within this time keep working (a
 * blip must not sign every customer out mid-checkout); after it, signed-in calls answer 503.
 */
export const PROVIDER_OUTAGE_GRACE_MS = 10 * 60_000;

/** 'cut': the provider disabled or removed the account. 'unconfirmed': no word from it for too long. */
export type Standing = 'active' | 'cut' | 'unconfirmed';

export interface ProviderCheckDeps {
  db: Database;
  /** The identity provider's answer; rejects when it could not give one. */
  accountStatus: (uid: string) => Promise<AccountStatus>;
  /** The clock, in epoch milliseconds. */
  now: () => number;
  logger: Logger;
}

/** The account's standing, and its record with the provider's answer if this call recorded one. */
export interface Checked {
  standing: Standing;
  user: UserRow;
}

export type ProviderCheck = (user: UserRow) => Promise<Checked>;

/** The provider's answer, or undefined when it failed or took longer than PROVIDER_CHECK_TIMEOUT_MS. */
async function askProvider(deps: ProviderCheckDeps, uid: string): Promise<AccountStatus | undefined> {
  try {
    return await withTimeout(deps.accountStatus(uid), PROVIDER_CHECK_TIMEOUT_MS, 'the identity provider');
  } catch (error) {
    deps.logger.warn({ err: error, uid }, 'could not ask the identity provider about an account');
    return undefined;
  }
}

/**
 * What the record keeps of the provider's answer. Its e-mail and verification too, so that an owner who
 * opens the provider's verification link counts as verified (order mail, hold budgets) within the
 * interval, without signing in again.
 */
function providerWord(status: AccountStatus, at: number): Partial<typeof users.$inferInsert> {
  if (status.state === 'gone') return { providerBlocked: true };
  const { email, emailVerified } = status;
  return status.state === 'disabled'
    ? { providerBlocked: true, email, emailVerified }
    : { providerBlocked: false, providerConfirmedAt: new Date(at), email, emailVerified };
}

/**
 * Whether a signed-in call of `user` (the record requireUser just read) may go on. The provider is asked
 * at most once per account per PROVIDER_CHECK_INTERVAL_MS across every API process: whoever moves
 * provider_checked_at with the conditional UPDATE asks, the others go by the record. Its answer is kept
 * in the record, so every process refuses a cut account from then on, and asks again after the interval
 * (an account enabled again is let back in).
 */
export function createProviderCheck(deps: ProviderCheckDeps): ProviderCheck {
  const { db, now, logger } = deps;
  return async (user) => {
    const at = now();
    let current = user;
    if (at - user.providerCheckedAt.getTime() >= PROVIDER_CHECK_INTERVAL_MS) {
      const [turn] = await db
        .update(users)
        .set({ providerCheckedAt: new Date(at) })
        .where(
          and(eq(users.id, user.id), lte(users.providerCheckedAt, new Date(at - PROVIDER_CHECK_INTERVAL_MS))),
        )
        .returning({ id: users.id });
      const status = turn ? await askProvider(deps, user.uid) : undefined;
      if (status !== undefined) {
        const [recorded] = await db
          .update(users)
          .set(providerWord(status, at))
          .where(eq(users.id, user.id))
          .returning();
        // Deleted meanwhile: the next call finds no record.
        current = recorded ?? current;
        if (status.state !== 'active')
          logger.info({ uid: user.uid, status: status.state }, 'the identity provider cut this account off');
      }
    }
    if (current.providerBlocked) return { standing: 'cut', user: current };
    const unconfirmed = at - current.providerConfirmedAt.getTime() > PROVIDER_OUTAGE_GRACE_MS;
    return { standing: unconfirmed ? 'unconfirmed' : 'active', user: current };
  };
}

/**
 * Sign-in (POST /jwt) has just verified an ID token, which asks the provider too (the token is checked
 * for revocation, and a disabled account's is refused): the account is in good standing, and the record
 * takes the token's e-mail. Not always its verification: the SDK signs in again with a token it keeps
 * for up to an hour, so a token minted before the owner opened the verification link still says
 * unverified. Such a token leaves a verified record of the same e-mail verified (only the provider
 * check, which asks the provider as it is now, takes a verification back), and it leaves the check's
 * clock alone, so that the check still comes when due and finds the verification. No record yet
 * (before sign-up): nothing to do.
 */
export async function recordSignIn(
  db: Database,
  uid: string,
  identity: { email: string; emailVerified: boolean },
  at: number,
): Promise<void> {
  const verified = identity.emailVerified
    ? sql`true`
    : sql`(${users.email} = ${identity.email} and ${users.emailVerified})`;
  await db
    .update(users)
    .set({
      email: identity.email,
      emailVerified: verified,
      providerBlocked: false,
      providerCheckedAt: sql`case when ${verified} then ${new Date(at).toISOString()}::timestamptz else ${users.providerCheckedAt} end`,
      providerConfirmedAt: new Date(at),
    })
    .where(eq(users.uid, uid));
}
