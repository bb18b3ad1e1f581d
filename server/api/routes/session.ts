import type { Context } from 'hono';
import { ROUTES } from '../../../contract/routes.ts';
import { isCustomerRole, PHOTO_URL_MAX_LENGTH, safePhoto } from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { Forbidden, NotFound } from '../domain-errors.ts';
import type { VerifiedIdentity } from '../identity.ts';
import type { IdentityEnv } from '../middleware/auth.ts';
import type { EndpointLimiter } from '../middleware/rate-limit.ts';
import { recordSignIn } from '../services/provider-check.ts';
import { findUserByUid, registerUser } from '../services/users.ts';
import type { ApiTokens } from '../tokens.ts';
import type { RegisterRoute } from './table.ts';

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
  on: RegisterRoute,
  db: Database,
  tokens: ApiTokens,
  limits: { jwt: EndpointLimiter; users: EndpointLimiter },
  now: () => number = () => Date.now(),
) {
  const verifiedUid = (c: Context<IdentityEnv>) => c.var.identity.uid;
  on(
    ROUTES.apiToken,
    async (c, { body }) => {
      const verified = c.var.identity;
      assertSameUid(body.uid, verified.uid);
      await recordSignIn(db, verified.uid, emailOf(verified), now());
      return tokens.issue(verified.uid);
    },
    { before: [limits.jwt.byAddress], guard: [limits.jwt.byAccount(verifiedUid)] },
  );
  on(ROUTES.role, async (c, { params: { uid } }) => {
    const caller = c.var.identity.uid;
    if (uid !== caller) {
      const callerRecord = await findUserByUid(db, caller);
      if (!callerRecord || isCustomerRole(callerRecord.role)) {
        throw new Forbidden("Only an admin can read another account's role");
      }
    }
    const user = await findUserByUid(db, uid);
    if (!user) throw new NotFound(NOT_REGISTERED);
    return { role: user.role };
  });
  on(
    ROUTES.register,
    async (c, { body }) => {
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
    },
    { before: [limits.users.byAddress], guard: [limits.users.byAccount(verifiedUid)] },
  );
}
