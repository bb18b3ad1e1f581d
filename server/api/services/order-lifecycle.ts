// The one way an order changes state (docs/decisions/012-order-lifecycle.md): the shared table says
// whether the move is lawful for who asks, a conditional UPDATE makes it happen at most once however
// many ask at the same time, and its event, its stock and its mail are written in the same transaction.
import { and, eq, sql } from 'drizzle-orm';
import {
  CASH_REFUSED_NEEDS_REASON,
  findTransition,
  isPaid,
  nextStates,
  ORDER_STATE_LABELS,
  type OrderActor,
  type OrderState,
  type OrderType,
  type PaymentMethod,
  STOCK_HOLDING_STATES,
} from '../../../contract/order-lifecycle.ts';
import type { Transaction } from '../../db/client.ts';
import type { OrderRow } from '../../db/rows.ts';
import { orderEvents, orders } from '../../db/schema.ts';
import { Conflict, InvalidInput, NotFound } from '../domain-errors.ts';
import { isUuid } from './ids.ts';
import { enqueueOrderMail } from './order-mail.ts';
import { restoreStock, retakeStock } from './order-stock.ts';
import { promoUseFree } from './promotions.ts';
import type { ShopClock } from './shop-clock.ts';
import { recommitTimes } from './slots.ts';

export const NO_SUCH_ORDER_ADMIN = 'No order has this id';
/** The event's note when staff mark a cash order's cash taken (handed over and paid, in one move). */
export const CASH_TAKEN = 'Cash taken';

/** Who moves the order: the uid of the customer or admin (none for the gateway and the job). */
export interface Mover {
  by: OrderActor;
  uid?: string | undefined;
}

export interface TransitionRequest {
  /**
   * The order, by id or by the gateway's transaction id; or the order itself, as the caller read it in
   * this transaction under its row lock (FOR UPDATE), so it is not read again.
   */
  order: { id: string } | { transactionId: string } | { locked: OrderRow };
  to: OrderState;
  actor: Mover;
  note?: string | undefined;
  /** The state the caller saw: if the order is elsewhere by now, nothing happens (TransitionConflict). */
  expectFrom?: OrderState | undefined;
  /** Columns written with the state (the gateway's payment time and reference, and the shop's switch). */
  record?: Partial<Pick<OrderRow, 'paidAt' | 'gatewayValId' | 'paidAfterClosing'>>;
  /**
   * The shop's clock, for a move staff make: one ahead of the order's times (accepted or preparing
   * before its start, out or ready before it was to be ready) commits it to new times with the move, so
   * the customer is never told an estimate the kitchen has not committed to (services/slots.ts).
   */
  clock?: ShopClock | undefined;
}

export interface Transitioned {
  order: OrderRow;
  from: OrderState;
  /** Where it went: `to`, except that a late payment with its stock gone becomes refund_due. */
  to: OrderState;
}

const label = (state: OrderState): string => ORDER_STATE_LABELS[state];
const isHolding = (state: OrderState): boolean => STOCK_HOLDING_STATES.includes(state);

/** The table has no such move for this actor: nothing was written. */
export class TransitionRefused extends Conflict {
  constructor(
    readonly order: Pick<OrderRow, 'transactionId'>,
    readonly from: OrderState,
    readonly to: OrderState,
    readonly by: OrderActor,
    type?: OrderType,
    method?: PaymentMethod,
  ) {
    const ways = nextStates(from, by, type, method).map(label);
    super(
      `Order ${order.transactionId} is ${label(from)}: ${by} can not move it to ${label(to)}` +
        (ways.length > 0 ? ` (only to ${ways.join(' or ')})` : ''),
    );
  }
}

/** Someone else moved the order between our read and our UPDATE: nothing was written. */
export class TransitionConflict extends Conflict {
  constructor(order: Pick<OrderRow, 'transactionId'>, expected: OrderState, now: OrderState | undefined) {
    super(
      `Order ${order.transactionId} is no longer ${label(expected)}${now ? ` (it is ${label(now)} now)` : ''}: reload it and try again`,
    );
  }
}

/** An order someone else moved first is theirs: a batch goes on without it. */
export function skipOvertaken(error: unknown): undefined {
  if (error instanceof TransitionConflict) return undefined;
  throw error;
}

async function readOrder(tx: Transaction, which: TransitionRequest['order']): Promise<OrderRow> {
  if ('locked' in which) return which.locked;
  if ('id' in which && !isUuid(which.id)) throw new NotFound(NO_SUCH_ORDER_ADMIN);
  const [order] = await tx
    .select()
    .from(orders)
    .where('id' in which ? eq(orders.id, which.id) : eq(orders.transactionId, which.transactionId));
  if (!order) throw new NotFound(NO_SUCH_ORDER_ADMIN);
  return order;
}

/**
 * Appends one event to the order's timeline. Its sequence is the next after the order's last: safe
 * because every writer holds the order's row lock (taken by the UPDATE before, or the INSERT of a new
 * order) until it commits, and the unique (order_id, sequence) index would refuse a duplicate anyway.
 * Its id is drawn when the transaction commits (migration 0009), so ids commit in the order they are
 * drawn: a stream resumed with Last-Event-ID reads after that id, and must not miss a smaller one.
 */
function appendEvent(
  tx: Transaction,
  order: Pick<OrderRow, 'id' | 'userUid'>,
  from: OrderState | null,
  to: OrderState,
  actor: { by: OrderActor | 'checkout'; uid?: string | undefined },
  note: string | undefined,
) {
  return tx.insert(orderEvents).values({
    orderId: order.id,
    userUid: order.userUid,
    sequence: sql`(select coalesce(max(${orderEvents.sequence}), 0) + 1 from ${orderEvents} where ${orderEvents.orderId} = ${order.id})`,
    fromState: from,
    toState: to,
    actor: actor.by,
    actorUid: actor.uid ?? null,
    note: note ?? null,
  });
}

/**
 * The first event of an order checkout has just inserted, by the customer's checkout: awaiting payment,
 * or placed when it is paid in cash. A statement to await, or to send with the order's own
 * (services/checkout.ts insertOrder).
 */
export const recordCreation = (
  tx: Transaction,
  order: Pick<OrderRow, 'id' | 'userUid'>,
  uid: string,
  state: OrderState = 'awaiting_payment',
) => appendEvent(tx, order, null, state, { by: 'checkout', uid }, undefined);

/** A released order's stock and its promo code's use, taken again both or neither. */
async function retakeStockAndUse(tx: Transaction, order: OrderRow): Promise<boolean> {
  if (!(await retakeStock(tx, order.id))) return false;
  if (await promoUseFree(tx, order)) return true;
  await restoreStock(tx, order.id);
  return false;
}

/**
 * Moves one order from where it is to `to`, if the table lets `actor` do that: the conditional UPDATE,
 * its event, the stock (given back when it leaves a holding state; taken again when the gateway pays a
 * released order, which becomes refund_due when the stock is gone) and the customer's mail. Refused
 * (TransitionRefused) or overtaken (TransitionConflict): a Conflict and nothing written, even when the caller
 * catches the error and goes on, as all of it happens in a savepoint.
 */
export function transitionOrder(tx: Transaction, request: TransitionRequest): Promise<Transitioned> {
  return tx.transaction(async (sp) => {
    const current = await readOrder(sp, request.order);
    const from = request.expectFrom ?? current.state;
    if (current.state !== from) throw new TransitionConflict(current, from, current.state);
    const { by } = request.actor;
    // A pickup ends at the counter, a delivery at the door, and cash is never owed back: the table's
    // rows name the type and the payment method they fit.
    const type = current.orderType;
    const method = current.paymentMethod;
    if (!findTransition(from, request.to, by, type, method))
      throw new TransitionRefused(current, from, request.to, by, type, method);
    // Who refused the cash, and why, stays with the order.
    if (request.to === 'cash_refused' && !request.note) throw new InvalidInput(CASH_REFUSED_NEEDS_REASON);

    let to = request.to;
    // Before the UPDATE, so the order changes state once, to where it really goes; should the UPDATE
    // then find the order moved, the savepoint gives the stock back. Its promo code's use is taken again
    // with the stock (after the items' locks, the one order): gone to another order, the customer paid a
    // discount the shop can no longer give, so the order is owed back as when its stock is gone.
    if (!isHolding(from) && isHolding(to) && !(await retakeStockAndUse(sp, current))) {
      to = 'refund_due';
      if (!findTransition(from, to, by, type, method))
        throw new TransitionRefused(current, from, to, by, type, method);
    }
    // A cash order is paid the moment staff hand it over and take the cash: the end of its way.
    const cashTaken = method === 'cash' && isPaid(to, method) && !isPaid(from, method);
    const times = request.clock && (await recommitTimes(sp, request.clock, current, to));

    const [moved] = await sp
      .update(orders)
      .set({ ...request.record, ...times, ...(cashTaken && { paidAt: new Date() }), state: to })
      .where(and(eq(orders.id, current.id), eq(orders.state, from)))
      .returning();
    if (!moved) {
      const [now] = await sp.select({ state: orders.state }).from(orders).where(eq(orders.id, current.id));
      throw new TransitionConflict(current, from, now?.state);
    }
    if (isHolding(from) && !isHolding(to)) await restoreStock(sp, moved.id);
    await appendEvent(
      sp,
      moved,
      from,
      to,
      request.actor,
      request.note ?? (cashTaken ? CASH_TAKEN : undefined),
    );
    await enqueueOrderMail(sp, moved, to, by);
    return { order: moved, from, to };
  });
}
