import type { MenuItem } from '../../contract/menu.ts';
import { toTaka } from '../../contract/money.ts';
import type { Order } from '../../contract/order.ts';
import { ACCEPTED_STATES, isPaid, type OrderEvent } from '../../contract/order-lifecycle.ts';
import type { Profile, User } from '../../contract/user.ts';
import type { menuItems, orderEvents, orderLines, orders, users } from './schema.ts';

export function toMenuItem(row: typeof menuItems.$inferSelect): MenuItem {
  return {
    _id: row.id,
    name: row.name,
    price: toTaka(row.priceCents),
    quantity: row.quantity,
    image: row.image,
    category: row.category,
    description: row.description,
  };
}

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    uid: row.uid,
    displayName: row.displayName,
    email: row.email,
    photoURL: row.photoURL,
    role: row.role,
    address: row.address,
  };
}

export const toProfile = (row: UserRow): Profile => ({ ...toUser(row), emailVerified: row.emailVerified });

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
  return {
    _id: row.id,
    order_time: row.orderTime,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    transaction_id: row.transactionId,
    total_price: toTaka(row.totalCents),
    // The spec's flags, read from the one state (as the generated columns are).
    payment_status: isPaid(row.state, row.paymentMethod),
    status: ACCEPTED_STATES.includes(row.state),
    refund_due: row.state === 'refund_due',
    state: row.state,
    discount: toTaka(row.discountCents),
    promo_code: row.promoCode,
    paid_at: row.paidAt?.toISOString() ?? null,
    paid_after_closing: row.paidAfterClosing,
    order_type: row.orderType,
    scheduled: row.scheduled,
    due_at: row.dueAt?.toISOString() ?? null,
    ready_at: row.readyAt?.toISOString() ?? null,
    start_at: row.startAt?.toISOString() ?? null,
    payment_method: row.paymentMethod,
    taken_by: row.takenBy,
    order_number: row.orderNumber,
    carts: lines.map((line) => ({
      _id: line.id,
      itemId: line.itemId,
      name: line.name,
      category: line.category,
      price: toTaka(line.priceCents),
      quantity: line.quantity,
      options: line.options.map(({ priceDeltaCents, ...choice }) => ({
        ...choice,
        priceDelta: toTaka(priceDeltaCents),
      })),
      instructions: line.instructions,
    })),
  };
}

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** An `order_events` row as the timelines and the streams send it. */
export function toOrderEvent(row: OrderEventRow, transactionId: string): OrderEvent {
  return {
    id: row.id,
    orderId: row.orderId,
    transactionId,
    sequence: row.sequence,
    from: row.fromState,
    to: row.toState,
    // Only the lifecycle service writes this column, and only the contract's actors (or 'checkout').
    by: { actor: row.actor as OrderEvent['by']['actor'], uid: row.actorUid },
    at: row.at.toISOString(),
    note: row.note,
  };
}
