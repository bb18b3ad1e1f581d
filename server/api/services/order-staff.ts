// Manage orders: the spec's Confirm and Remove, and any other move of the table staff may make. Each is
// one transition (services/order-lifecycle.ts) in its own transaction.

import { eq } from 'drizzle-orm';
import type { Order } from '../../../contract/order.ts';
import {
  ACCEPTED_STATES,
  isPaid,
  type OrderState,
  type PaymentMethod,
  type StaffTransition,
} from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { Conflict, NotFound } from '../domain-errors.ts';
import { isUuid } from './ids.ts';
import { NO_SUCH_ORDER_ADMIN, transitionOrder } from './order-lifecycle.ts';
import { orderAnswer } from './order-lists.ts';
import type { ShopClock } from './shop-clock.ts';

export const CONFIRM_UNPAID = 'Only a paid order can be confirmed';
export const ALREADY_CONFIRMED = 'This order is already confirmed';
export const CONFIRM_CANCELLED = 'A cancelled order can not be confirmed: a refund is due';
export const REMOVE_DELIVERED = 'A delivered order can not be removed';
export const ALREADY_CANCELLED = 'This order is already cancelled';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function stateOf(tx: Transaction, id: string): Promise<{ state: OrderState; method: PaymentMethod }> {
  if (!isUuid(id)) throw new NotFound(NO_SUCH_ORDER_ADMIN);
  const [order] = await tx
    .select({ state: orders.state, method: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, id));
  if (!order) throw new NotFound(NO_SUCH_ORDER_ADMIN);
  return order;
}

/**
 * The spec's refusals of Confirm, in its own words, before the table's general one. A cash order is
 * confirmed once placed: its cash comes at the door.
 */
function confirmRefusal(state: OrderState): string | undefined {
  if (ACCEPTED_STATES.includes(state)) return ALREADY_CONFIRMED;
  if (state === 'refund_due' || state === 'refunded') return CONFIRM_CANCELLED;
  return isPaid(state) || state === 'placed' ? undefined : CONFIRM_UNPAID;
}

/**
 * Confirm ('Order confirm successful!'): a paid order is accepted by the kitchen; before its start, at
 * times committed from now (`clock`, the shop's).
 */
export function confirmOrder(db: Database, clock: ShopClock, uid: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const { state: from } = await stateOf(tx, id);
    const refusal = confirmRefusal(from);
    if (refusal) throw new Conflict(refusal);
    await transitionOrder(tx, {
      order: { id },
      to: 'accepted',
      actor: { by: 'staff', uid },
      expectFrom: from,
      clock,
    });
  });
}

/**
 * Remove ('Order cancle!'): an order awaiting payment is cancelled (its stock given back); a paid one
 * not yet delivered is cancelled with its money owed back (refund_due, stock given back). Both stay in
 * the books with their timeline. The answer tells which: 'refund_due' or 'cancelled'.
 */
export function removeOrder(db: Database, uid: string, id: string): Promise<'cancelled' | 'refund_due'> {
  return db.transaction(async (tx) => {
    const { state: from, method } = await stateOf(tx, id);
    if (from === 'delivered') throw new Conflict(REMOVE_DELIVERED);
    if (from === 'cancelled' || from === 'refund_due' || from === 'refunded') {
      throw new Conflict(ALREADY_CANCELLED);
    }
    // An unpaid order is cancelled; the table refuses one already released (expired, payment failed).
    // A cash order took no money until handed over: it is cancelled, never owed back.
    const to = isPaid(from, method) ? 'refund_due' : 'cancelled';
    await transitionOrder(tx, { order: { id }, to, actor: { by: 'staff', uid }, expectFrom: from });
    return to;
  });
}

/**
 * POST /admin-order/:id/transition: any move the table lets staff make; the order as it is after. A
 * move ahead of the order's times commits it to times from now (`clock`, the shop's).
 */
export function staffTransition(
  db: Database,
  clock: ShopClock,
  uid: string,
  id: string,
  input: StaffTransition,
): Promise<Order> {
  return db.transaction(async (tx) => {
    if (!isUuid(id)) throw new NotFound(NO_SUCH_ORDER_ADMIN);
    const { order } = await transitionOrder(tx, {
      order: { id },
      to: input.to,
      actor: { by: 'staff', uid },
      note: input.note || undefined,
      clock,
    });
    return orderAnswer(tx, order);
  });
}
