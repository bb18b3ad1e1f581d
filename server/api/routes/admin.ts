import { Hono } from 'hono';
import type { Logger } from 'pino';
import {
  DeleteUserQuerySchema,
  ItemsQuerySchema,
  ItemUpdateSchema,
  NewItemSchema,
  ReservationsQuerySchema,
  UsersQuerySchema,
} from '../../../contract/admin.ts';
import { AdminOrdersQuerySchema } from '../../../contract/order.ts';
import { StaffTransitionSchema } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../domain-errors.ts';
import type { Identity } from '../identity.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { jsonBody, parseOr400 } from '../middleware/validate.ts';
import {
  createMenuItem,
  deleteMenuItem,
  findMenuItem,
  listAllMenuItems,
  NO_SUCH_ITEM,
  updateMenuItem,
} from '../services/menu.ts';
import { existingOrderId, listOrderEvents, listOrderMail } from '../services/order-history.ts';
import { listAllOrders } from '../services/order-lists.ts';
import { confirmOrder, removeOrder, staffTransition } from '../services/order-staff.ts';
import { listReservations } from '../services/reservations.ts';
import { deleteCustomer, listUsers } from '../services/users.ts';
import type { ApiTokens } from '../tokens.ts';
import { pageQuery, sendPage } from './paged.ts';

export interface AdminRouteDeps {
  db: Database;
  tokens: ApiTokens;
  identity: Pick<Identity, 'deleteAccount'>;
  logger: Logger;
}

/**
 * The admin screens' calls (spec sections 2 and 7). Every one carries our API token and passes
 * requireUser then requireAdmin: no token 401, a customer 403, the role read from the database on each
 * request. Refused business actions answer 400/404/409, never 403 (a 403 signs the browser out).
 */
export function adminRoutes({ db, tokens, identity, logger }: AdminRouteDeps) {
  const signedIn = requireUser(db, tokens);
  return (
    new Hono()
      // Users
      .get('/users', signedIn, requireAdmin, async (c) =>
        sendPage(c, await listUsers(db, pageQuery(c, UsersQuerySchema))),
      )
      .delete('/delete-user', signedIn, requireAdmin, async (c) => {
        const { mid, fid } = parseOr400(DeleteUserQuerySchema, c.req.query());
        await deleteCustomer({ db, deleteAccount: identity.deleteAccount, logger }, c.var.user.uid, mid, fid);
        return c.json({ deletedCount: 1 });
      })
      // Menu items
      .post('/add-item', signedIn, requireAdmin, async (c) => {
        const item = parseOr400(NewItemSchema, await jsonBody(c.req.raw));
        return c.json({ insertedId: await createMenuItem(db, item) }, 201);
      })
      .get('/admin-all-items', signedIn, requireAdmin, async (c) =>
        sendPage(c, await listAllMenuItems(db, pageQuery(c, ItemsQuerySchema))),
      )
      .delete('/item-delete/:id', signedIn, requireAdmin, async (c) => {
        await deleteMenuItem(db, c.req.param('id'));
        return c.json({ deletedCount: 1 });
      })
      .get('/admin-item-update/:id', signedIn, requireAdmin, async (c) => {
        const item = await findMenuItem(db, c.req.param('id'));
        if (!item) throw new NotFound(NO_SUCH_ITEM);
        return c.json(item);
      })
      .patch('/admin-item-update/:id', signedIn, requireAdmin, async (c) => {
        const update = parseOr400(ItemUpdateSchema, await jsonBody(c.req.raw));
        const modified = await updateMenuItem(db, c.req.param('id'), update);
        return c.json({ matchedCount: 1, modifiedCount: modified ? 1 : 0 });
      })
      // Orders: the spec names both Confirm (PATCH) and Remove (DELETE) /admin-order-delete/{id}.
      .get('/admin-order', signedIn, requireAdmin, async (c) =>
        sendPage(c, await listAllOrders(db, pageQuery(c, AdminOrdersQuerySchema))),
      )
      .patch('/admin-order-delete/:id', signedIn, requireAdmin, async (c) => {
        await confirmOrder(db, c.var.user.uid, c.req.param('id'));
        return c.json({ matchedCount: 1, modifiedCount: 1 });
      })
      .delete('/admin-order-delete/:id', signedIn, requireAdmin, async (c) => {
        // Nothing is deleted any more: the order is cancelled, and a paid one is owed back. Both answer
        // deletedCount 1 as the spec's client expects (it is gone from the open orders); refund_due tells
        // them apart.
        const outcome = await removeOrder(db, c.var.user.uid, c.req.param('id'));
        return c.json({ deletedCount: 1, refund_due: outcome === 'refund_due' });
      })
      // The lifecycle's own calls (LIFECYCLE_PATHS in contract/order-lifecycle.ts).
      .post('/admin-order/:id/transition', signedIn, requireAdmin, async (c) => {
        const input = parseOr400(StaffTransitionSchema, await jsonBody(c.req.raw));
        return c.json(await staffTransition(db, c.var.user.uid, c.req.param('id'), input));
      })
      .get('/admin-order/:id/events', signedIn, requireAdmin, async (c) =>
        c.json(await listOrderEvents(db, await existingOrderId(db, c.req.param('id')))),
      )
      .get('/admin-order/:id/mail', signedIn, requireAdmin, async (c) =>
        c.json(await listOrderMail(db, await existingOrderId(db, c.req.param('id')))),
      )
      // Table bookings
      .get('/admin-reservations', signedIn, requireAdmin, async (c) =>
        sendPage(c, await listReservations(db, pageQuery(c, ReservationsQuerySchema))),
      )
  );
}
