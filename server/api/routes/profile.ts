import { Hono } from 'hono';
import { ProfileAddressSchema, ProfileUpdateSchema } from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { toProfile } from '../../db/rows.ts';
import { Forbidden, NotFound } from '../domain-errors.ts';
import { requireUser } from '../middleware/auth.ts';
import { jsonBody, parseOr400 } from '../middleware/validate.ts';
import { findUserById, NO_SUCH_ACCOUNT, saveAddress, updateProfile } from '../services/users.ts';
import type { ApiTokens } from '../tokens.ts';

/** The signed-in user's own record; every call carries our API token. */
export function profileRoutes(db: Database, tokens: ApiTokens) {
  const signedIn = requireUser(db, tokens);
  return (
    new Hono()
      .get('/profile', signedIn, (c) => c.json(toProfile(c.var.user)))
      // Checkout's "Save to my profile": only the caller's own address, whatever else the profile holds.
      .put('/profile/address', signedIn, async (c) => {
        const { address } = parseOr400(ProfileAddressSchema, await jsonBody(c.req.raw));
        const modified = await saveAddress(db, c.var.user.id, address);
        return c.json({ matchedCount: 1, modifiedCount: modified ? 1 : 0 });
      })
      .patch('/update-profile/:id', signedIn, async (c) => {
        const record = await findUserById(db, c.req.param('id'));
        if (!record) throw new NotFound(NO_SUCH_ACCOUNT);
        if (record.uid !== c.var.user.uid) throw new Forbidden('You can only change your own profile');
        // Email, role and uid are read-only: the schema keeps only the fields a customer may change.
        const update = parseOr400(ProfileUpdateSchema, await jsonBody(c.req.raw));
        const modified = await updateProfile(db, record.id, update);
        return c.json({ matchedCount: 1, modifiedCount: modified ? 1 : 0 });
      })
  );
}
