import type { Logger } from 'pino';
import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../domain-errors.ts';
import type { Identity } from '../identity.ts';
import { readKitchenBoard } from '../services/kitchen-board.ts';
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
import type { ShopClock } from '../services/shop-clock.ts';
import { deleteCustomer, listUsers } from '../services/users.ts';
import { sendPage, withCursor } from './paged.ts';
import type { RegisterRoute } from './table.ts';

export interface AdminRouteDeps {
  db: Database;
  identity: Pick<Identity, 'deleteAccount'>;
  logger: Logger;
  /** The shop's clock: Manage orders' search by number finds the shop's today's order. */
  clock: ShopClock;
}

/**
 * The admin screens' calls (spec sections 2 and 7). Every one carries our API token and passes
 * requireUser then requireAdmin: no token 401, a customer 403, the role read from the database on each
 * request. Refused business actions answer 400/404/409, never 403 (a 403 signs the browser out).
 */
export function adminRoutes(on: RegisterRoute, { db, identity, logger, clock }: AdminRouteDeps) {
  // Users
  on(ROUTES.users, async (c, { query }) => sendPage(c, await listUsers(db, withCursor(query))));
  on(ROUTES.deleteUser, async (c, { query: { mid, fid } }) => {
    await deleteCustomer({ db, deleteAccount: identity.deleteAccount, logger }, c.var.user.uid, mid, fid);
    return { deletedCount: 1 };
  });
  // Menu items
  on(ROUTES.addItem, async (_, { body }) => ({ insertedId: await createMenuItem(db, body) }));
  on(ROUTES.adminItems, async (c, { query }) => sendPage(c, await listAllMenuItems(db, withCursor(query))));
  on(ROUTES.deleteItem, async (_, { params }) => {
    await deleteMenuItem(db, params.id);
    return { deletedCount: 1 };
  });
  on(ROUTES.itemForUpdate, async (_, { params }) => {
    const item = await findMenuItem(db, params.id);
    if (!item) throw new NotFound(NO_SUCH_ITEM);
    return item;
  });
  on(ROUTES.updateItem, async (_, { params, body }) => {
    const modified = await updateMenuItem(db, params.id, body);
    return { matchedCount: 1, modifiedCount: modified ? 1 : 0 };
  });
  // Orders: the spec names both Confirm (PATCH) and Remove (DELETE) /admin-order-delete/{id}.
  on(ROUTES.adminOrders, async (c, { query }) =>
    sendPage(c, await listAllOrders(db, withCursor(query), clock.today())),
  );
  on(ROUTES.kitchenBoard, (_, { query }) => readKitchenBoard(db, query));
  on(ROUTES.confirmOrder, async (c, { params }) => {
    await confirmOrder(db, clock, c.var.user.uid, params.id);
    return { matchedCount: 1, modifiedCount: 1 };
  });
  on(ROUTES.removeOrder, async (c, { params }) => {
    // Nothing is deleted any more: the order is cancelled, and a paid one is owed back. Both answer
    // deletedCount 1 as the spec's client expects (it is gone from the open orders); refund_due tells
    // them apart.
    const outcome = await removeOrder(db, c.var.user.uid, params.id);
    return { deletedCount: 1, refund_due: outcome === 'refund_due' };
  });
  // The lifecycle's own calls.
  on(ROUTES.transitionOrder, (c, { params, body }) =>
    staffTransition(db, clock, c.var.user.uid, params.id, body),
  );
  on(ROUTES.orderEvents, async (_, { params }) => listOrderEvents(db, await existingOrderId(db, params.id)));
  on(ROUTES.orderMail, async (_, { params }) => listOrderMail(db, await existingOrderId(db, params.id)));
  // Table bookings
  on(ROUTES.adminReservations, async (c, { query }) =>
    sendPage(c, await listReservations(db, withCursor(query))),
  );
}
