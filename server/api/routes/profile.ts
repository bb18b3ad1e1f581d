import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import { toProfile } from '../../db/rows.ts';
import { Forbidden, NotFound } from '../domain-errors.ts';
import { findUserById, NO_SUCH_ACCOUNT, saveAddress, updateProfile } from '../services/users.ts';
import type { RegisterRoute } from './table.ts';

/** The signed-in user's own record; every call carries our API token. */
export function profileRoutes(on: RegisterRoute, db: Database) {
  on(ROUTES.profile, (c) => toProfile(c.var.user));
  // Checkout's "Save to my profile": only the caller's own address, whatever else the profile holds.
  on(ROUTES.saveAddress, async (c, { body }) => {
    const modified = await saveAddress(db, c.var.user.id, body.address);
    return { matchedCount: 1, modifiedCount: modified ? 1 : 0 };
  });
  // Email, role and uid are read-only: the schema keeps only the fields a customer may change.
  on(ROUTES.updateProfile, async (c, { params, body }) => {
    const record = await findUserById(db, params.id);
    if (!record) throw new NotFound(NO_SUCH_ACCOUNT);
    if (record.uid !== c.var.user.uid) throw new Forbidden('You can only change your own profile');
    const modified = await updateProfile(db, record.id, body);
    return { matchedCount: 1, modifiedCount: modified ? 1 : 0 };
  });
}
