import { type Context, Hono } from 'hono';
import {
  ApiTokenRequestSchema,
  isCustomerRole,
  NewUserSchema,
  PHOTO_URL_MAX_LENGTH,
  safePhoto,
  UidSchema,
} from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { Forbidden, NotFound } from '../domain-errors.ts';
import type { Identity, VerifiedIdentity } from '../identity.ts';
import { type IdentityEnv, requireIdToken } from '../middleware/auth.ts';
import type { EndpointLimiter } from '../middleware/rate-limit.ts';
import { jsonBody, parseOr400 } from '../middleware/validate.ts';
import { recordSignIn } from '../services/provider-check.ts';
import { findUserByUid, registerUser } from '../services/users.ts';
import type { ApiTokens } from '../tokens.ts';

const NOT_REGISTERED = 'No account is registered for this user';

/**
 * A record's e-mail as the ID token gives it. An account without one (anonymous, phone) gets '' rather
 * than NULL: the API's user has a string e-mail, the staff search concatenates it, and admin:grant never
 * looks up an address without an '@'.
 */
const emailOf = (verified: VerifiedIdentity) => ({
  email: verified.email ?? '',
  emailVerified: verified.email !== undefined && verified.emailVerified,
});

/** The provider's picture when it passes the rule a customer's own would (else none). */
const providerPhoto = (picture: string | undefined): string =>
  picture !== undefined && picture.length <= PHOTO_URL_MAX_LENGTH ? safePhoto(picture) : '';

function assertSameUid(claimed: string, verified: string): void {
  if (claimed !== verified) throw new Forbidden('This request is for another account');
}

/** Sign-in and sign-up: every call here carries the identity provider's ID token, not our API token. */
export function sessionRoutes(
  db: Database,
  identity: Pick<Identity, 'verifyIdToken'>,
  tokens: ApiTokens,
  limits: { jwt: EndpointLimiter; users: EndpointLimiter },
  now: () => number = () => Date.now(),
) {
  const signedIn = requireIdToken(identity);
  const verifiedUid = (c: Context<IdentityEnv>) => c.var.identity.uid;
  return new Hono()
    .post('/jwt', limits.jwt.byAddress, signedIn, limits.jwt.byAccount(verifiedUid), async (c) => {
      const { uid } = parseOr400(ApiTokenRequestSchema, await jsonBody(c.req.raw));
      const verified = c.var.identity;
      assertSameUid(uid, verified.uid);
      await recordSignIn(db, verified.uid, emailOf(verified), now());
      return c.json(await tokens.issue(verified.uid));
    })
    .get('/role/:uid', signedIn, async (c) => {
      const uid = parseOr400(UidSchema, c.req.param('uid'));
      const caller = c.var.identity.uid;
      if (uid !== caller) {
        const callerRecord = await findUserByUid(db, caller);
        if (!callerRecord || isCustomerRole(callerRecord.role)) {
          throw new Forbidden("Only an admin can read another account's role");
        }
      }
      const user = await findUserByUid(db, uid);
      if (!user) throw new NotFound(NOT_REGISTERED);
      return c.json({ role: user.role });
    })
    .post('/users', limits.users.byAddress, signedIn, limits.users.byAccount(verifiedUid), async (c) => {
      const body = parseOr400(NewUserSchema, await jsonBody(c.req.raw));
      const verified = c.var.identity;
      assertSameUid(body.uid, verified.uid);
      // The e-mail is the provider's alone (the body's is ignored); name and photo are the customer's to
      // choose, so the body's come first and the provider's fill in.
      const insertedId = await registerUser(db, {
        uid: verified.uid,
        ...emailOf(verified),
        displayName: body.displayName || verified.name || '',
        photoURL: body.photoURL || providerPhoto(verified.picture),
      });
      return insertedId
        ? c.json({ insertedId, message: 'Account registered' }, 201)
        : c.json({ insertedId: null, message: 'This account is already registered' }, 200);
    });
}
