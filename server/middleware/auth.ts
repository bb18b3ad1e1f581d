import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { isCustomerRole } from '../contract/user.ts';
import type { Database } from '../db/client.ts';
import type { UserRow } from '../db/rows.ts';
import type { Identity, VerifiedIdentity } from '../identity.ts';
import { findUserByUid } from '../services/users.ts';
import type { ApiTokens } from '../tokens.ts';

export type IdentityEnv = { Variables: { identity: VerifiedIdentity } };
export type UserEnv = { Variables: { user: UserRow } };

const SIGN_IN = 'Sign in to continue';
const SIGN_IN_AGAIN = 'Your sign-in is not valid or has expired. Please sign in again';

function bearerToken(authorization: string | undefined): string {
  const token = /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!token) throw new HTTPException(401, { message: SIGN_IN });
  return token;
}

/** For calls that carry the identity provider's ID token: POST /jwt, GET /role, POST /users. */
export function requireIdToken(identity: Pick<Identity, 'verifyIdToken'>) {
  return createMiddleware<IdentityEnv>(async (c, next) => {
    const idToken = bearerToken(c.req.header('Authorization'));
    // Whatever the provider's reason (expired, revoked, forged, disabled), the client's answer is the
    // same: sign in again.
    const verified = await identity.verifyIdToken(idToken).catch(() => {
      throw new HTTPException(401, { message: SIGN_IN_AGAIN });
    });
    c.set('identity', verified);
    await next();
  });
}

/**
 * For calls that carry our API token. The record is read on every request, so a deleted account's
 * token stops working at once and a role change applies to the next call.
 */
export function requireUser(db: Database, tokens: ApiTokens) {
  return createMiddleware<UserEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('Authorization'));
    const uid = await tokens.verify(token).catch(() => {
      throw new HTTPException(401, { message: SIGN_IN_AGAIN });
    });
    // The client names itself in ?uid= (spec section 6); a token may only act for its own uid.
    const claimed = c.req.query('uid');
    if (claimed !== undefined && claimed !== uid) {
      throw new HTTPException(403, { message: 'This request is for another account' });
    }
    const user = await findUserByUid(db, uid);
    if (!user) throw new HTTPException(401, { message: 'No account is registered for this user' });
    c.set('user', user);
    await next();
  });
}

/** After requireUser: any role other than the customer role is an admin (spec section 6). */
export const requireAdmin = createMiddleware<UserEnv>(async (c, next) => {
  if (isCustomerRole(c.var.user.role)) {
    throw new HTTPException(403, { message: 'Only an admin can do this' });
  }
  await next();
});
