import { randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { lineShippingPaisa, toPaisa } from '../contract/cart.ts';
import type { CreatePayment, Order, OrderFilters, PaymentStatus } from '../contract/order.ts';
import type { Page } from '../contract/paging.ts';
import type { Database } from '../db/client.ts';
import { type OrderRow, toOrder } from '../db/rows.ts';
import { cartLines, menuItems, orderLines, orderSearchText, orders, users } from '../db/schema.ts';
import type { PaymentGateway, VerifiedNotification } from '../payments/gateway.ts';
import { stockMessage } from './cart.ts';
import { assertLineWithinCap, assertOrderWithinCap, DEFAULT_HOLDS, type Holds } from './holds.ts';
import { isUuid } from './ids.ts';
import { afterCursor, containing, cursorAt, newestFirst, type PageRequest, toPage } from './paging.ts';

/** How long checkout waits for the gateway's payment page before giving up (and undoing the order). */
export const GATEWAY_TIMEOUT_MS = 10_000;

export const EMPTY_CART = 'Your cart is empty';
export const PRICES_CHANGED = 'Prices have changed: please review your cart';
export const GATEWAY_UNREACHABLE =
  'The payment service could not be reached. Your cart is unchanged; please try again.';
export const PAID_ORDER_NOT_DELETABLE = 'A paid order can not be deleted';
const NO_SUCH_ORDER = 'No order of yours has this id';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** 'PZ' + 24 hex characters (96 random bits): unguessable, so it can stand in URLs and notifications. */
export const newTransactionId = (): string => `PZ${randomBytes(12).toString('hex').toUpperCase()}`;

/** The units these orders' lines hold, by menu item, in item id order (lines of deleted items left out). */
async function heldUnits(tx: Executor, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const reserved = await tx
    .select({ itemId: orderLines.itemId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, orderIds), isNotNull(orderLines.itemId)))
    .groupBy(orderLines.itemId)
    .orderBy(asc(orderLines.itemId));
  return new Map(reserved.map(({ itemId, quantity }) => [itemId!, quantity]));
}

/** Gives back the stock of these orders' lines, item by item in id order (the lock order used everywhere). */
async function restoreStock(tx: Executor, orderIds: string[]): Promise<void> {
  for (const [itemId, quantity] of await heldUnits(tx, orderIds)) {
    await tx
      .update(menuItems)
      .set({ quantity: sql`${menuItems.quantity} + ${quantity}` })
      .where(eq(menuItems.id, itemId));
  }
}

/**
 * Releases one order's reservation, exactly once: only an unpaid order whose stock is still reserved is
 * flipped (a conditional UPDATE), and only then is the stock given back. True when this call released it.
 */
async function releaseReservation(tx: Executor, orderId: string): Promise<boolean> {
  const released = await tx
    .update(orders)
    .set({ stockReleased: true })
    .where(and(eq(orders.id, orderId), eq(orders.stockReleased, false), eq(orders.paymentStatus, false)))
    .returning({ id: orders.id });
  await restoreStock(
    tx,
    released.map((row) => row.id),
  );
  return released.length > 0;
}

/** The advisory lock a sweep holds for its transaction: one sweep at a time, on any number of instances. */
const SWEEP_LOCK = sql`hashtext('pizzon:release-expired-reservations')`;

/**
 * Gives back the stock of every unpaid order older than the reservation window; each order exactly
 * once, however many sweeps run at once on however many instances: one sweeps at a time (an advisory
 * lock; the others find it taken and leave it to that one), and each order is flipped by a conditional
 * UPDATE before its stock moves. The number of orders this call released.
 */
export function releaseExpiredReservations(
  db: Database,
  minutes = DEFAULT_HOLDS.holdMinutes,
): Promise<number> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`,
    );
    if (!lock.rows[0]?.locked) return 0;
    const released = await tx
      .update(orders)
      .set({ stockReleased: true })
      .where(
        and(
          eq(orders.paymentStatus, false),
          eq(orders.stockReleased, false),
          lt(orders.createdAt, sql`now() - make_interval(mins => ${minutes})`),
        ),
      )
      .returning({ id: orders.id });
    await restoreStock(
      tx,
      released.map((row) => row.id),
    );
    return released.length;
  });
}

/** A line asks for more than the stock left (409): the one refusal that lapsed reservations may lift. */
class OutOfStock extends HTTPException {
  constructor(message: string) {
    super(409, { message });
  }
}

export interface CreatedOrder {
  id: string;
  transactionId: string;
  totalCents: number;
  lines: Array<{ name: string; category: string; quantity: number; pricePaisa: number }>;
}

/**
 * Turns the caller's cart into an unpaid order, in one transaction: lines and total from the cart and
 * the current menu (the client's own lines are ignored), the caps on what one customer may hold must be
 * kept (400), the client's total must match, and every line's stock is reserved with a conditional
 * UPDATE, so concurrent checkouts can never oversell. A customer has at most one order holding stock:
 * the stock of their earlier unpaid orders goes back in the same transaction, so checking out the same
 * cart again moves the hold instead of doubling it.
 */
export function createOrder(
  db: Database,
  uid: string,
  input: CreatePayment,
  holds: Holds = DEFAULT_HOLDS,
): Promise<CreatedOrder> {
  return db.transaction(async (tx) => {
    // One checkout per customer at a time: a second one waits here until the first has committed, then
    // finds that order and releases it, instead of both holding stock. NO KEY UPDATE is enough to queue
    // checkouts and, unlike FOR UPDATE, leaves adding to the cart free (its foreign key check takes only
    // a KEY SHARE lock on this row). Taken first: customer, then orders, then items in id order.
    await tx.select({ id: users.id }).from(users).where(eq(users.uid, uid)).for('no key update');

    const lines = await tx
      .select({
        cartLineId: cartLines.id,
        itemId: menuItems.id,
        quantity: cartLines.quantity,
        name: menuItems.name,
        category: menuItems.category,
        priceCents: menuItems.priceCents,
      })
      .from(cartLines)
      .innerJoin(menuItems, eq(menuItems.id, cartLines.itemId))
      .where(eq(cartLines.userUid, uid))
      .orderBy(asc(menuItems.id));
    if (lines.length === 0) throw new HTTPException(400, { message: EMPTY_CART });
    // Lines added before the caps, or under larger ones, are refused here as well.
    for (const line of lines) assertLineWithinCap(holds, line);
    assertOrderWithinCap(holds, lines);

    // The shared totals rule (contract/cart.ts), in paisa: each line's shipping rounded before summing.
    const totalCents = lines.reduce(
      (sum, line) =>
        sum + line.priceCents * line.quantity + lineShippingPaisa(line.priceCents, line.quantity),
      0,
    );
    if (totalCents !== toPaisa(input.total_price)) throw new HTTPException(409, { message: PRICES_CHANGED });

    // The customer's earlier unpaid orders that still hold stock are flipped as every release is (a
    // conditional UPDATE) and stay in My order, unpaid; a payment for one of them later takes its stock
    // again if there is any (applyNotification). Rolled back with the rest if this checkout fails.
    const superseded = await tx
      .update(orders)
      .set({ stockReleased: true })
      .where(and(eq(orders.userUid, uid), eq(orders.paymentStatus, false), eq(orders.stockReleased, false)))
      .returning({ id: orders.id });
    const released = await heldUnits(
      tx,
      superseded.map((row) => row.id),
    );
    const wanted = new Map(lines.map((line) => [line.itemId, line]));

    // One UPDATE per item touched, in id order (the lock order used everywhere): what the earlier orders
    // held goes back and what this order needs is taken at once, never below zero.
    for (const itemId of [...new Set([...released.keys(), ...wanted.keys()])].sort()) {
      const back = released.get(itemId) ?? 0;
      const line = wanted.get(itemId);
      const change = back - (line?.quantity ?? 0);
      if (change === 0) continue;
      const [moved] = await tx
        .update(menuItems)
        .set({ quantity: sql`${menuItems.quantity} + ${change}` })
        .where(and(eq(menuItems.id, itemId), gte(menuItems.quantity, -change)))
        .returning({ id: menuItems.id });
      if (!moved && line) {
        const [item] = await tx
          .select({ stock: menuItems.quantity })
          .from(menuItems)
          .where(eq(menuItems.id, itemId));
        // Thrown inside the transaction: every reservation and release made so far is rolled back.
        throw new OutOfStock(stockMessage(line.name, (item?.stock ?? 0) + back));
      }
    }

    const transactionId = newTransactionId();
    const [order] = await tx
      .insert(orders)
      .values({
        userUid: uid,
        orderTime: input.order_time,
        fullName: input.fullName,
        email: input.email,
        phone: input.phone,
        address: input.address,
        city: input.city,
        postcode: input.postcode,
        transactionId,
        totalCents,
      })
      .returning({ id: orders.id });
    await tx.insert(orderLines).values(
      lines.map((line) => ({
        orderId: order!.id,
        itemId: line.itemId,
        cartLineId: line.cartLineId,
        name: line.name,
        category: line.category,
        priceCents: line.priceCents,
        quantity: line.quantity,
      })),
    );
    return {
      id: order!.id,
      transactionId,
      totalCents,
      lines: lines.map((line) => ({
        name: line.name,
        category: line.category,
        quantity: line.quantity,
        pricePaisa: line.priceCents,
      })),
    };
  });
}

/** Undoes an order the gateway never saw: stock back, order gone (only while it is unpaid). */
async function discardOrder(db: Database, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await releaseReservation(tx, orderId);
    await tx.delete(orders).where(and(eq(orders.id, orderId), eq(orders.paymentStatus, false)));
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * POST /create-payment-intent: create the order (stock reserved; when stock is short, lapsed
 * reservations are released first and the order tried once more), then ask the gateway for its
 * payment page. If the gateway fails or is slow, the order is undone (stock back)
 * and the caller gets a 502: the customer never sees an order that looks placed but cannot be paid.
 */
export async function checkout(
  deps: {
    db: Database;
    gateway: PaymentGateway;
    logger: Logger;
    gatewayTimeoutMs?: number | undefined;
    /** The storefront origin the customer pays from and comes back to (PaymentPageRequest). */
    returnSite?: string | undefined;
    /** The caps on what one customer may hold, and how long (default DEFAULT_HOLDS). */
    holds?: Holds | undefined;
  },
  uid: string,
  input: CreatePayment,
): Promise<{ url: string }> {
  const { db, gateway, logger } = deps;
  const holds = deps.holds ?? DEFAULT_HOLDS;
  const order = await createOrder(db, uid, input, holds).catch(async (error: unknown) => {
    if (!(error instanceof OutOfStock)) throw error;
    if ((await releaseExpiredReservations(db, holds.holdMinutes)) === 0) throw error;
    return createOrder(db, uid, input, holds);
  });
  try {
    return await withTimeout(
      gateway.createPaymentPage({
        returnSite: deps.returnSite,
        transactionId: order.transactionId,
        amountPaisa: order.totalCents,
        customer: {
          fullName: input.fullName,
          email: input.email,
          phone: input.phone,
          address: input.address,
          city: input.city,
          postcode: input.postcode,
        },
        lines: order.lines,
      }),
      deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS,
    );
  } catch (error) {
    logger.warn(
      { err: error, gateway: gateway.name, transactionId: order.transactionId },
      'payment page failed',
    );
    await discardOrder(db, order.id);
    throw new HTTPException(502, { message: GATEWAY_UNREACHABLE });
  }
}

async function linesOf(db: Executor, orderIds: string[]) {
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

/** A page of the caller's orders (My order). */
export function listOrders(db: Database, uid: string, page: PageRequest): Promise<Page<Order>> {
  return ordersPage(db, eq(orders.userUid, uid), page);
}

/** A page of every customer's orders, as Manage orders filters them. */
export function listAllOrders(db: Database, query: PageRequest & OrderFilters): Promise<Page<Order>> {
  const { status, from, to, q } = query;
  return ordersPage(
    db,
    and(
      status && eq(orders.stage, status),
      from === undefined ? undefined : gte(orders.createdAt, sql`${from}::timestamptz`),
      to === undefined ? undefined : lt(orders.createdAt, sql`${to}::timestamptz`),
      q === undefined ? undefined : sql`${orderSearchText(orders)} like ${containing(q)}`,
    ),
    query,
  );
}

/**
 * Deletes one of the caller's unpaid orders, giving its stock back if it still holds it. An order the
 * customer paid for (refund due included) stays: it is the restaurant's record of the money.
 */
export async function deleteOrder(db: Database, uid: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new HTTPException(404, { message: NO_SUCH_ORDER });
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userUid, uid)))
      .for('update');
    if (!order) throw new HTTPException(404, { message: NO_SUCH_ORDER });
    if (order.paymentStatus || order.refundDue) {
      throw new HTTPException(409, { message: PAID_ORDER_NOT_DELETABLE });
    }
    await releaseReservation(tx, order.id);
    await tx.delete(orders).where(eq(orders.id, order.id));
  });
}

/** Nothing more will happen to this order's payment. */
const isClosed = (order: Pick<OrderRow, 'stockReleased' | 'paymentStatus' | 'refundDue'>): boolean =>
  (order.stockReleased && !order.paymentStatus) || order.refundDue;

export async function paymentStatusOf(
  db: Database,
  uid: string,
  transactionId: string,
): Promise<PaymentStatus> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.transactionId, transactionId), eq(orders.userUid, uid)));
  if (!order) throw new HTTPException(404, { message: 'No order of yours has this transaction id' });
  return {
    transaction_id: order.transactionId,
    payment_status: order.paymentStatus,
    closed: isClosed(order),
  };
}

export type PaymentPageOrder = Pick<
  OrderRow,
  'transactionId' | 'totalCents' | 'paymentStatus' | 'stockReleased' | 'refundDue'
>;

/** What a payment page needs to know about a transaction (no owner check: the page link is signed). */
export async function findPaymentPageOrder(
  db: Database,
  transactionId: string,
): Promise<PaymentPageOrder | undefined> {
  const [order] = await db
    .select({
      transactionId: orders.transactionId,
      totalCents: orders.totalCents,
      paymentStatus: orders.paymentStatus,
      stockReleased: orders.stockReleased,
      refundDue: orders.refundDue,
    })
    .from(orders)
    .where(eq(orders.transactionId, transactionId));
  return order;
}

export function paymentPageState(order: PaymentPageOrder): 'open' | 'paid' | 'closed' | 'refund_due' {
  if (order.paymentStatus) return 'paid';
  if (order.refundDue) return 'refund_due';
  return order.stockReleased ? 'closed' : 'open';
}

/** Thrown inside a savepoint to undo a partial re-reservation. */
class SoldOut extends Error {}

/** Reserves a released order's lines again, all or nothing (a savepoint). */
async function reReserve(tx: Transaction, orderId: string): Promise<boolean> {
  const lines = await tx
    .select({ itemId: orderLines.itemId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.itemId)
    .orderBy(asc(orderLines.itemId));
  try {
    await tx.transaction(async (savepoint) => {
      for (const { itemId, quantity } of lines) {
        // A line whose menu item was deleted can not be fulfilled any more.
        if (!itemId) throw new SoldOut();
        const [reserved] = await savepoint
          .update(menuItems)
          .set({ quantity: sql`${menuItems.quantity} - ${quantity}` })
          .where(and(eq(menuItems.id, itemId), gte(menuItems.quantity, quantity)))
          .returning({ id: menuItems.id });
        if (!reserved) throw new SoldOut();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof SoldOut) return false;
    throw error;
  }
}

/**
 * What a notification did: 'unknown' (no such transaction) and 'amount_mismatch' are refused (400);
 * 'unchanged' is a replay or a notification for an order already settled.
 */
export type NotificationResult =
  | 'paid'
  | 'refund_due'
  | 'released'
  | 'unchanged'
  | 'unknown'
  | 'amount_mismatch';

/**
 * Applies a notification the gateway vouched for, in one transaction holding the order's row lock:
 * - paid: marks the order paid (re-reserving its stock first if the reservation had lapsed; if that is
 *   no longer possible the order stays unpaid and a refund is due), then removes from the customer's
 *   cart exactly the lines this order was made from;
 * - failed / cancelled: releases the reservation (the order stays, unpaid and deletable).
 * Replays change nothing.
 */
export function applyNotification(
  db: Database,
  logger: Logger,
  notification: VerifiedNotification,
): Promise<NotificationResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.transactionId, notification.transactionId))
      .for('update');
    const log = { transactionId: notification.transactionId, outcome: notification.outcome };
    if (!order) {
      // A verified payment for an order that is gone (deleted meanwhile) needs a person to refund it.
      const level = notification.outcome === 'paid' ? 'error' : 'warn';
      logger[level](log, 'payment notification for an unknown transaction');
      return 'unknown';
    }
    if (notification.outcome !== 'paid') {
      if (order.paymentStatus || order.refundDue) return 'unchanged';
      return (await releaseReservation(tx, order.id)) ? 'released' : 'unchanged';
    }
    if (notification.amountPaisa !== order.totalCents) {
      logger.error(
        { ...log, amountPaisa: notification.amountPaisa, totalCents: order.totalCents },
        'payment notification with the wrong amount: ignored',
      );
      return 'amount_mismatch';
    }
    if (order.paymentStatus || order.refundDue) return 'unchanged';

    const settled = { paidAt: new Date(), gatewayValId: notification.reference ?? null };
    if (order.stockReleased && !(await reReserve(tx, order.id))) {
      await tx
        .update(orders)
        .set({ ...settled, refundDue: true })
        .where(eq(orders.id, order.id));
      logger.error(log, 'paid after the reservation lapsed and the stock is gone: refund due');
      return 'refund_due';
    }
    await tx
      .update(orders)
      .set({ ...settled, paymentStatus: true, stockReleased: false })
      .where(eq(orders.id, order.id));
    await tx.delete(cartLines).where(
      and(
        eq(cartLines.userUid, order.userUid),
        inArray(
          cartLines.id,
          tx
            .select({ id: orderLines.cartLineId })
            .from(orderLines)
            .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.cartLineId))),
        ),
      ),
    );
    return 'paid';
  });
}

// The admin's Manage orders: Confirm and Remove.

export const NO_SUCH_ORDER_ADMIN = 'No order has this id';
export const CONFIRM_UNPAID = 'Only a paid order can be confirmed';
export const ALREADY_CONFIRMED = 'This order is already confirmed';
export const CONFIRM_CANCELLED = 'A cancelled order can not be confirmed: a refund is due';
export const REMOVE_CONFIRMED = 'A confirmed order can not be removed';
export const ALREADY_CANCELLED = 'This order is already cancelled';

/** Any order, its row locked for the rest of the transaction; 404 when there is none. */
async function lockOrder(tx: Transaction, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw new HTTPException(404, { message: NO_SUCH_ORDER_ADMIN });
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw new HTTPException(404, { message: NO_SUCH_ORDER_ADMIN });
  return order;
}

/** Confirm: only a paid order that is neither confirmed nor cancelled (refund due). */
export function confirmOrder(db: Database, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.refundDue) throw new HTTPException(409, { message: CONFIRM_CANCELLED });
    if (order.status) throw new HTTPException(409, { message: ALREADY_CONFIRMED });
    if (!order.paymentStatus) throw new HTTPException(409, { message: CONFIRM_UNPAID });
    await tx.update(orders).set({ status: true }).where(eq(orders.id, order.id));
  });
}

/**
 * Remove: an unpaid order is deleted, its reservation released if it still holds one (as when the
 * customer deletes it): 'deleted'. A paid, unconfirmed order is cancelled instead: it stays in the books
 * as paid with a refund due, and its stock is given back (lines whose item was deleted are skipped):
 * 'cancelled'. A confirmed or already cancelled order is refused (409).
 */
export function removeOrder(db: Database, id: string): Promise<'deleted' | 'cancelled'> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status) throw new HTTPException(409, { message: REMOVE_CONFIRMED });
    if (order.refundDue) throw new HTTPException(409, { message: ALREADY_CANCELLED });
    if (!order.paymentStatus) {
      await releaseReservation(tx, order.id);
      await tx.delete(orders).where(eq(orders.id, order.id));
      return 'deleted';
    }
    // Paid: the stock it took is given back once; stock_released records that it was.
    const [cancelled] = await tx
      .update(orders)
      .set({ refundDue: true, stockReleased: true })
      .where(and(eq(orders.id, order.id), eq(orders.stockReleased, false)))
      .returning({ id: orders.id });
    if (cancelled) await restoreStock(tx, [cancelled.id]);
    else await tx.update(orders).set({ refundDue: true }).where(eq(orders.id, order.id));
    return 'cancelled';
  });
}
