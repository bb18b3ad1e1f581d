import type { Order } from '../../../contract/order.ts';
import type { OrderEvent, OrderState } from '../../../contract/order-lifecycle.ts';

/** An order as the API answers it, in the given state. */
export function anOrder(id: string, state: OrderState, overrides: Partial<Order> = {}): Order {
  const paid = !['awaiting_payment', 'payment_failed', 'expired', 'cancelled'].includes(state);
  return {
    _id: id,
    order_time: 'November 23,2026 08:05:09 PM',
    fullName: `Customer ${id}`,
    email: `${id}@example.com`,
    phone: '+880 1700 000000',
    address: '12 Lake Road',
    city: 'Dhaka',
    postcode: '1207',
    transaction_id: `T-${id}`,
    total_price: 21.5,
    payment_status: paid,
    status: ['accepted', 'preparing', 'out_for_delivery', 'delivered'].includes(state),
    refund_due: state === 'refund_due',
    state,
    paid_at: paid ? new Date(Date.now() - 12 * 60_000).toISOString() : null,
    paid_after_closing: false,
    carts: [{ _id: `${id}-l1`, itemId: 'i1', name: 'Margherita', category: 'pizza', price: 10, quantity: 2 }],
    ...overrides,
  };
}

/** A change of an order's state, as the stream sends it. */
export function anEvent(
  id: number,
  order: Order,
  from: OrderState | null,
  to: OrderState,
  actor: OrderEvent['by']['actor'],
): OrderEvent {
  return {
    id,
    orderId: order._id,
    transactionId: order.transaction_id,
    sequence: id,
    from,
    to,
    by: { actor, uid: null },
    at: '2026-11-23T14:05:09.000Z',
    note: null,
  };
}
