import { randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, gte, inArray, isNotNull, lt, not, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { lineShippingCents, toCents } from '../../../contract/cart.ts';
import type { CreatePayment, Order, OrderFilters, PaymentStatus } from '../../../contract/order.ts';
import { findTransition, PAID_STATES, STOCK_HOLDING_STATES } from '../../../contract/order-lifecycle.ts';
import type { Page } from '../../../contract/paging.ts';
import type { Database } from '../../db/client.ts';
import { type OrderRow, toOrder } from '../../db/rows.ts';
import {
  cartLines,
  menuItems,
  orderEvents,
  orderLines,
  orderSearchText,
  orders,
  users,
} from '../../db/schema.ts';
import { Conflict, InvalidInput, NotFound, UpstreamFailed } from '../domain-errors.ts';
import type { PaymentGateway, VerifiedNotification } from '../payments/gateway.ts';
import { cartLinesWithItems, stockMessage } from './cart.ts';
import { assertWithinHoldBudget, holdShare, isNewAccount, OverHoldBudget } from './hold-budget.ts';
import { assertLineWithinCap, assertOrderWithinCap, DEFAULT_HOLDS, type Holds } from './holds.ts';
import { isUuid } from './ids.ts';
import { recordCreation, TransitionConflict, transitionOrder } from './order-lifecycle.ts';
import { type Executor, heldUnits, lockItems, restoreStock } from './order-stock.ts';
import { afterCursor, containing, cursorAt, newestFirst, type PageRequest, toPage } from './paging.ts';
import { assertShopOpen, readShopStatus } from './shop.ts';
import { withTimeout } from './timeout.ts';

/** How long checkout waits for the gateway's payment page before giving up (and undoing the order). */
export const GATEWAY_TIMEOUT_MS = 10_000;

export const EMPTY_CART = 'Your cart is empty';
export const PRICES_CHANGED = 'Prices have changed: please review your cart';
export const GATEWAY_UNREACHABLE =
  'The payment service could not be reached. Your cart is unchanged; please try again.';
export const PAID_ORDER_NOT_DELETABLE = 'A paid order can not be deleted';
const NO_SUCH_ORDER = 'No order of yours has this id';

/** The note on an order a newer checkout of the same customer replaced. */
export const SUPERSEDED = 'Replaced by a newer checkout';

/** 'PZ' + 24 hex characters (96 random bits): unguessable, so it can stand in URLs and notifications. */
export const newTransactionId = (): string => `PZ${randomBytes(12).toString('hex').toUpperCase()}`;

/** The advisory lock a sweep holds for its transaction: one sweep at a time, on any number of instances. */
const SWEEP_LOCK = sql`hashtext('pizzon:release-expired-reservations')`;

/**
 * Expires every unpaid order older than the reservation window (the job's transition), giving its stock
 * back; each order exactly once, however many sweeps run at once on however many instances: one sweeps
 * at a time (an advisory lock; the others find it taken and leave it to that one), and each order moves
 * by a conditional UPDATE, so one paid or cancelled meanwhile is left alone. The number expired.
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
    const lapsed = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.state, 'awaiting_payment'),
          lt(orders.createdAt, sql`now() - make_interval(mins => ${minutes})`),
        ),
      );
    const ids = lapsed.map((row) => row.id);
    await lockItems(tx, (await heldUnits(tx, ids)).keys());
    let expired = 0;
    for (const id of ids) {
      const moved = await transitionOrder(tx, {
        order: { id },
        to: 'expired',
        actor: { by: 'job' },
        expectFrom: 'awaiting_payment',
      }).catch(skipOvertaken);
      if (moved) expired += 1;
    }
    return expired;
  });
}

/** An order someone else moved first is theirs: a batch goes on without it. */
function skipOvertaken(error: unknown): undefined {
  if (error instanceof TransitionConflict) return undefined;
  throw error;
}

/** A line asks for more than the stock left: the one refusal that lapsed reservations may lift. */
class OutOfStock extends Conflict {}

/** The delivery details of a checkout: the order keeps them and the gateway's page shows them. */
const customerOf = ({ fullName, email, phone, address, city, postcode }: CreatePayment) => ({
  fullName,
  email,
  phone,
  address,
  city,
  postcode,
});

/** Who checks out: the signed-in customer, and the address the request came from (clientAddress). */
export interface Caller {
  uid: string;
  address: string;
}

export interface CreatedOrder {
  id: string;
  transactionId: string;
  totalCents: number;
  lines: Array<{ name: string; category: string; quantity: number; priceCents: number }>;
}

/**
 * Turns the caller's cart into an unpaid order, in one transaction: lines and total from the cart and
 * the current menu (the client's own lines are ignored), the caps on what one customer may hold must be
 * kept (InvalidInput), the client's total must match, the unpaid orders from the caller's address must
 * stay within their share of each item (OverHoldBudget), and every line's stock is reserved with a
 * conditional UPDATE, so concurrent checkouts can never oversell. A customer has at most one order
 * holding stock: the stock of their earlier unpaid orders goes back in the same transaction, so checking
 * out the same cart again moves the hold instead of doubling it.
 */
export function createOrder(
  db: Database,
  { uid, address }: Caller,
  input: CreatePayment,
  holds: Holds = DEFAULT_HOLDS,
): Promise<CreatedOrder> {
  return db.transaction(async (tx) => {
    // One checkout per customer at a time: a second one waits here until the first has committed, then
    // finds that order and releases it, instead of both holding stock. NO KEY UPDATE is enough to queue
    // checkouts and, unlike FOR UPDATE, leaves adding to the cart free (its foreign key check takes only
    // a KEY SHARE lock on this row). Taken first: customer, then orders, then items in id order.
    const [customer] = await tx
      .select({ newAccount: isNewAccount(holds.newAccountHours) })
      .from(users)
      .where(eq(users.uid, uid))
      .for('no key update');
    await assertShopOpen(tx);
    const share = holdShare(holds, customer?.newAccount ?? true);

    const lines = await cartLinesWithItems(tx, eq(cartLines.userUid, uid)).orderBy(asc(menuItems.id));
    if (lines.length === 0) throw new InvalidInput(EMPTY_CART);
    // Lines added before the caps, or under larger ones, are refused here as well.
    for (const line of lines) assertLineWithinCap(holds, line);
    assertOrderWithinCap(holds, lines);

    // The shared totals rule (contract/cart.ts), in cents: each line's shipping rounded before summing.
    const totalCents = lines.reduce(
      (sum, line) =>
        sum + line.priceCents * line.quantity + lineShippingCents(line.priceCents, line.quantity),
      0,
    );
    if (totalCents !== toCents(input.total_price)) throw new Conflict(PRICES_CHANGED);

    // The customer's earlier unpaid orders are cancelled (by the customer: this checkout replaces them)
    // and give their stock back before this order takes its own, so checking out the same cart again
    // moves the hold. A payment for one of them later takes its stock again if there is any. Every item
    // either side touches is locked first, in id order. Rolled back with the rest if this checkout fails.
    const superseded = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userUid, uid), eq(orders.state, 'awaiting_payment')));
    const released = await heldUnits(
      tx,
      superseded.map((row) => row.id),
    );
    await lockItems(tx, [...released.keys(), ...lines.map((line) => line.itemId)]);
    for (const { id } of superseded) {
      await transitionOrder(tx, {
        order: { id },
        to: 'cancelled',
        actor: { by: 'customer', uid },
        expectFrom: 'awaiting_payment',
        note: SUPERSEDED,
      }).catch(skipOvertaken);
    }

    // Under the items' locks; a share of 100 bounds nothing, so nothing is counted.
    if (share < 100) await assertWithinHoldBudget(tx, address, share, lines);

    for (const line of lines) {
      const [taken] = await tx
        .update(menuItems)
        .set({ quantity: sql`${menuItems.quantity} - ${line.quantity}` })
        .where(and(eq(menuItems.id, line.itemId), gte(menuItems.quantity, line.quantity)))
        .returning({ id: menuItems.id });
      if (!taken) {
        const [item] = await tx
          .select({ stock: menuItems.quantity })
          .from(menuItems)
          .where(eq(menuItems.id, line.itemId));
        // Thrown inside the transaction: every reservation and release made so far is rolled back.
        throw new OutOfStock(stockMessage(line.name, item?.stock ?? 0));
      }
    }

    const transactionId = newTransactionId();
    const [order] = await tx
      .insert(orders)
      .values({
        userUid: uid,
        orderTime: input.order_time,
        ...customerOf(input),
        clientAddress: address,
        transactionId,
        totalCents,
      })
      .returning({ id: orders.id });
    await recordCreation(tx, { id: order!.id, userUid: uid }, uid);
    await tx.insert(orderLines).values(
      lines.map((line) => ({
        orderId: order!.id,
        itemId: line.itemId,
        cartLineId: line.id,
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
        priceCents: line.priceCents,
      })),
    };
  });
}

/**
 * Undoes an order the gateway never saw: stock back, order gone, its creation event with it (only while
 * it awaits payment). Not a transition: for the customer and the books it never existed.
 */
async function discardOrder(db: Database, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.state, 'awaiting_payment')))
      .for('update');
    if (!order) return;
    await restoreStock(tx, order.id);
    await tx.delete(orderEvents).where(eq(orderEvents.orderId, order.id));
    await tx.delete(orders).where(eq(orders.id, order.id));
  });
}

/**
 * POST /create-payment-intent: create the order (stock reserved; when stock is short, or the address
 * over its share, lapsed reservations are released first and the order tried once more), then ask the
 * gateway for its payment page. If the gateway fails or is slow, the order is undone (stock back) and
 * the caller is refused (UpstreamFailed): the customer never sees an order that looks placed but cannot
 * be paid.
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
  caller: Caller,
  input: CreatePayment,
): Promise<{ url: string }> {
  const { db, gateway, logger } = deps;
  const holds = deps.holds ?? DEFAULT_HOLDS;
  const order = await createOrder(db, caller, input, holds).catch(async (error: unknown) => {
    if (!(error instanceof OutOfStock || error instanceof OverHoldBudget)) throw error;
    if ((await releaseExpiredReservations(db, holds.holdMinutes)) === 0) throw error;
    return createOrder(db, caller, input, holds);
  });
  try {
    return await withTimeout(
      gateway.createPaymentPage({
        returnSite: deps.returnSite,
        transactionId: order.transactionId,
        amountCents: order.totalCents,
        customer: customerOf(input),
        lines: order.lines,
      }),
      deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS,
      'the payment gateway',
    );
  } catch (error) {
    logger.warn(
      { err: error, gateway: gateway.name, transactionId: order.transactionId },
      'payment page failed',
    );
    await discardOrder(db, order.id);
    throw new UpstreamFailed(GATEWAY_UNREACHABLE);
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

/** A page of every customer's orders, as Manage orders filters them. */
export function listAllOrders(db: Database, query: PageRequest & OrderFilters): Promise<Page<Order>> {
  const { status, state, from, to, q } = query;
  return ordersPage(
    db,
    and(
      status && eq(orders.stage, status),
      state && eq(orders.state, state),
      from === undefined ? undefined : gte(orders.createdAt, sql`${from}::timestamptz`),
      to === undefined ? undefined : lt(orders.createdAt, sql`${to}::timestamptz`),
      q === undefined ? undefined : sql`${orderSearchText(orders)} like ${containing(q)}`,
    ),
    query,
  );
}

/** One of the caller's orders; NotFound for an unknown id and for someone else's (never telling which). */
export async function requireOwnOrder(db: Executor, uid: string, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw new NotFound(NO_SUCH_ORDER);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userUid, uid)));
  if (!order) throw new NotFound(NO_SUCH_ORDER);
  return order;
}

/**
 * The customer's "delete" (My order): an order awaiting payment is cancelled by them, its stock given
 * back; it leaves My order but stays in the books, its events with it. A paid one is refused with the
 * spec's rule, anything else by the table.
 */
export async function deleteOrder(db: Database, uid: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await requireOwnOrder(tx, uid, id);
    if (PAID_STATES.includes(order.state)) throw new Conflict(PAID_ORDER_NOT_DELETABLE);
    await transitionOrder(tx, {
      order: { id: order.id },
      to: 'cancelled',
      actor: { by: 'customer', uid },
      expectFrom: order.state,
    });
  });
}

export async function paymentStatusOf(
  db: Database,
  uid: string,
  transactionId: string,
): Promise<PaymentStatus> {
  const [order] = await db
    .select({ transactionId: orders.transactionId, state: orders.state })
    .from(orders)
    .where(and(eq(orders.transactionId, transactionId), eq(orders.userUid, uid)));
  if (!order) throw new NotFound('No order of yours has this transaction id');
  return {
    transaction_id: order.transactionId,
    payment_status: PAID_STATES.includes(order.state),
    // Nothing more will happen to its payment: it holds no stock any more (failed, expired, cancelled,
    // or owed back).
    closed: !STOCK_HOLDING_STATES.includes(order.state),
  };
}

export type PaymentPageOrder = Pick<OrderRow, 'transactionId' | 'totalCents' | 'state'>;

/** What a payment page needs to know about a transaction (no owner check: the page link is signed). */
export async function findPaymentPageOrder(
  db: Database,
  transactionId: string,
): Promise<PaymentPageOrder | undefined> {
  const [order] = await db
    .select({ transactionId: orders.transactionId, totalCents: orders.totalCents, state: orders.state })
    .from(orders)
    .where(eq(orders.transactionId, transactionId));
  return order;
}

export function paymentPageState({ state }: PaymentPageOrder): 'open' | 'paid' | 'closed' | 'refund_due' {
  if (state === 'awaiting_payment') return 'open';
  if (state === 'refund_due' || state === 'refunded') return 'refund_due';
  return PAID_STATES.includes(state) ? 'paid' : 'closed';
}

/**
 * What a notification did: 'unknown' (no such transaction) and 'amount_mismatch' are refused (400);
 * 'unchanged' is a replay or a notification for an order already settled.
 */
export type NotificationResult =
  | 'paid'
  | 'refund_due'
  | 'payment_failed'
  | 'unchanged'
  | 'unknown'
  | 'amount_mismatch';

/**
 * Applies a notification the gateway vouched for, in one transaction holding the order's row lock:
 * - paid: the order becomes paid (a released one takes its stock again first, or is owed back when the
 *   stock is gone: refund_due), and exactly the cart lines it was made from leave the customer's cart;
 * - failed or cancelled: the payment did not happen either way, so the order's payment failed (stock
 *   back; the customer may pay later all the same).
 * A notification the table has no move for (a replay, an order already settled) changes nothing.
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
    if (notification.outcome === 'paid' && notification.amountCents !== order.totalCents) {
      logger.error(
        { ...log, amountCents: notification.amountCents, totalCents: order.totalCents },
        'payment notification with the wrong amount: ignored',
      );
      return 'amount_mismatch';
    }
    const wanted = notification.outcome === 'paid' ? 'paid' : 'payment_failed';
    if (!findTransition(order.state, wanted, 'gateway')) return 'unchanged';
    const { to } = await transitionOrder(tx, {
      order: { id: order.id },
      to: wanted,
      actor: { by: 'gateway' },
      expectFrom: order.state,
      // Paid while the shop is closed: the money is taken, so the order is paid all the same, flagged
      // for the kitchen to cook or cancel (docs/decisions/026-production-edges.md).
      ...(wanted === 'paid' && {
        record: {
          paidAt: new Date(),
          gatewayValId: notification.reference ?? null,
          paidAfterClosing: (await readShopStatus(tx)).closed,
        },
      }),
    });
    if (to === 'refund_due') {
      logger.error(log, 'paid after the order was released and the stock is gone: refund due');
    } else if (to === 'paid') {
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
    }
    return to === 'refund_due' ? 'refund_due' : wanted;
  });
}
