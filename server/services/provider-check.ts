import { and, eq, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { UserRow } from '../db/rows.ts';
import { users } from '../db/schema.ts';
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

export type ProviderCheck = (user: UserRow) => Promise<Standing>;

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
    let blocked = user.providerBlocked;
    let confirmedAt = user.providerConfirmedAt.getTime();
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
        blocked = status !== 'active';
        if (!blocked) confirmedAt = at;
        await db
          .update(users)
          .set(
            blocked
              ? { providerBlocked: true }
              : { providerBlocked: false, providerConfirmedAt: new Date(at) },
          )
          .where(eq(users.id, user.id));
        if (blocked) logger.info({ uid: user.uid, status }, 'the identity provider cut this account off');
      }
    }
    if (blocked) return 'cut';
    return at - confirmedAt > PROVIDER_OUTAGE_GRACE_MS ? 'unconfirmed' : 'active';
  };
}

/**
 * Sign-in (POST /jwt) has just verified an ID token, which asks the provider too (the token is checked
 * for revocation, and a disabled account's is refused): the record takes the token's e-mail and its
 * verification, and the provider's word is fresh. No record yet (before sign-up): nothing to do.
 */
export async function recordSignIn(
  db: Database,
  uid: string,
  identity: { email: string; emailVerified: boolean },
  at: number,
): Promise<void> {
  await db
    .update(users)
    .set({
      email: identity.email,
      emailVerified: identity.emailVerified,
      providerBlocked: false,
      providerCheckedAt: new Date(at),
      providerConfirmedAt: new Date(at),
    })
    .where(eq(users.uid, uid));
}
