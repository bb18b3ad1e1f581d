import { createMiddleware } from 'hono/factory';
import { isCustomerRole } from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { Forbidden, Unauthenticated, Unavailable } from '../domain-errors.ts';
import type { Identity, VerifiedIdentity } from '../identity.ts';
import type { ProviderCheck } from '../services/provider-check.ts';
import { findUserByUid } from '../services/users.ts';
import type { ApiTokens } from '../tokens.ts';

export type IdentityEnv = { Variables: { identity: VerifiedIdentity } };
export type ProviderCheckEnv = { Variables: { providerCheck: ProviderCheck } };
export type UserEnv = {
  /** tokenExpiresAt: when the call's API token expires, in epoch ms (an open stream ends then). */
  Variables: { user: UserRow; providerCheck: ProviderCheck; tokenExpiresAt: number };
};

const SIGN_IN = 'Sign in to continue';
export const SIGN_IN_AGAIN = 'Your sign-in is not valid or has expired. Please sign in again';
export const ACCOUNT_CUT = 'This account has been disabled or deleted';
export const PROVIDER_UNAVAILABLE = 'The sign-in service can not be reached. Please try again in a moment.';

function bearerToken(authorization: string | undefined): string {
  const token = /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!token) throw new Unauthenticated(SIGN_IN);
  return token;
}

/** For calls that carry the identity provider's ID token: POST /jwt, GET /role, POST /users. */
export function requireIdToken(identity: Pick<Identity, 'verifyIdToken'>) {
  return createMiddleware<IdentityEnv>(async (c, next) => {
    const idToken = bearerToken(c.req.header('Authorization'));
    // Whatever the provider's reason (expired, revoked, forged, disabled), the client's answer is the
    // same: sign in again.
    const verified = await identity.verifyIdToken(idToken).catch(() => {
      throw new Unauthenticated(SIGN_IN_AGAIN);
    });
    c.set('identity', verified);
    await next();
  });
}

/**
 * Hands every requireUser of the app its provider check (createApp): one app-wide dependency rather than
 * a parameter threaded through each route module.
 */
export const provideProviderCheck = (check: ProviderCheck) =>
  createMiddleware<ProviderCheckEnv>(async (c, next) => {
    c.set('providerCheck', check);
    await next();
  });

/**
 * For calls that carry our API token. The record is read on every request, so a deleted record's
 * token stops working at once and a role change applies to the next call; the identity provider's word
 * on the account, kept in the same record, cuts a disabled or deleted provider account within 60 s.
 */
export function requireUser(db: Database, tokens: ApiTokens) {
  return createMiddleware<UserEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('Authorization'));
    const { uid, expiresAt } = await tokens.verify(token).catch(() => {
      throw new Unauthenticated(SIGN_IN_AGAIN);
    });
    // The client names itself in ?uid= (spec section 6); a token may only act for its own uid.
    const claimed = c.req.query('uid');
    if (claimed !== undefined && claimed !== uid) {
      throw new Forbidden('This request is for another account');
    }
    // Missing only if the app was wired without it: fail closed rather than skip the check.
    const check = c.get('providerCheck') as ProviderCheck | undefined;
    if (!check) throw new Error('requireUser runs without a provider check (see provideProviderCheck)');
    c.set('user', await usableAccount(db, check, uid));
    c.set('tokenExpiresAt', expiresAt);
    await next();
  });
}

/**
 * The account of a verified uid, read afresh (with the provider's answer if the check just had one), if
 * a signed-in call may still use it: throws Unauthenticated when its record is gone or the provider cut
 * it off, Unavailable when the provider's word on it is too old. requireUser asks at every call, an
 * open order stream again and again.
 */
export async function usableAccount(db: Database, check: ProviderCheck, uid: string): Promise<UserRow> {
  const record = await findUserByUid(db, uid);
  if (!record) throw new Unauthenticated('No account is registered for this user');
  const { standing, user } = await check(record);
  if (standing === 'cut') throw new Unauthenticated(ACCOUNT_CUT);
  if (standing === 'unconfirmed') throw new Unavailable(PROVIDER_UNAVAILABLE);
  return user;
}

/** Any role other than the customer role is an admin (spec section 6); Forbidden otherwise. */
export function assertAdmin(user: UserRow): void {
  if (isCustomerRole(user.role)) throw new Forbidden('Only an admin can do this');
}

/** After requireUser: admins only. */
export const requireAdmin = createMiddleware<UserEnv>(async (c, next) => {
  assertAdmin(c.var.user);
  await next();
});
