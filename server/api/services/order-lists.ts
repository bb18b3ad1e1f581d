// The order lists: My order (the caller's) and Manage orders (everyone's), a page at a time, each
// order with its lines.
import { and, asc, eq, getTableColumns, gte, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm';
import { type Order, type OrderFilters, searchedOrderNumber } from '../../../contract/order.ts';
import type { Page } from '../../../contract/paging.ts';
import type { Database } from '../../db/client.ts';
import { type OrderRow, toOrder } from '../../db/rows.ts';
import { orderEvents, orderLines, orderSearchText, orders } from '../../db/schema.ts';
import type { Executor } from './order-stock.ts';
import { afterCursor, containing, cursorAt, newestFirst, type PageRequest, toPage } from './paging.ts';

/** The lines of these orders, by name (the order a ticket lists them in). */
export async function linesOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.name), asc(orderLines.id));
}

/** A page of orders, newest first, each with its lines. */
async function ordersPage(
  db: Database,
  where: SQL | undefined,
  { limit, cursor }: PageRequest,
): Promise<Page<Order>> {
  const rows = await db
    .select({ ...getTableColumns(orders), cursorAt: cursorAt(orders) })
    .from(orders)
    .where(and(where, afterCursor(orders, cursor)))
    .orderBy(...newestFirst(orders))
    .limit(limit + 1);
  const lines = await linesOf(
    db,
    rows.slice(0, limit).map((row) => row.id),
  );
  return toPage(rows, limit, (row) =>
    toOrder(
      row,
      lines.filter((line) => line.orderId === row.id),
    ),
  );
}

/** One order as the API answers it, with its lines. */
export async function orderAnswer(db: Executor, row: OrderRow): Promise<Order> {
  return toOrder(row, await linesOf(db, [row.id]));
}

/**
 * What My order leaves out: the orders the customer cancelled (deleted from My order, or replaced by a
 * newer checkout). An order reaches cancelled at most once (only from awaiting payment), so while it is
 * cancelled that event is its cancellation.
 */
const cancelledByCustomer = sql`(${orders.state} = 'cancelled' and exists (
  select 1 from ${orderEvents} where ${orderEvents.orderId} = ${orders.id}
    and ${orderEvents.toState} = 'cancelled' and ${orderEvents.actor} = 'customer'))`;

/** A page of the caller's orders (My order): all but those they cancelled themselves. */
export function listOrders(db: Database, uid: string, page: PageRequest): Promise<Page<Order>> {
  return ordersPage(db, and(eq(orders.userUid, uid), not(cancelledByCustomer)), page);
}

/**
 * What a search finds: the text in an order's transaction id, name or e-mail, and, when it is a number,
 * the order of `today` (the shop's day) with that number: staff type what the kitchen calls out.
 */
function searchOf(q: string, today: string): SQL | undefined {
  const text = sql`${orderSearchText(orders)} like ${containing(q)}`;
  const number = searchedOrderNumber(q);
  return number === undefined
    ? text
    : or(text, and(eq(orders.orderDay, today), eq(orders.orderNumber, number)));
}

/** A page of every customer's orders, as Manage orders filters them; `today` is the shop's day. */
export function listAllOrders(
  db: Database,
  query: PageRequest & OrderFilters,
  today: string,
): Promise<Page<Order>> {
  const { status, state, from, to, q, payment_method } = query;
  return ordersPage(
    db,
    and(
      status && eq(orders.stage, status),
      state && eq(orders.state, state),
      payment_method && eq(orders.paymentMethod, payment_method),
      from === undefined ? undefined : gte(orders.createdAt, sql`${from}::timestamptz`),
      to === undefined ? undefined : lt(orders.createdAt, sql`${to}::timestamptz`),
      q === undefined ? undefined : searchOf(q, today),
    ),
    query,
  );
}
