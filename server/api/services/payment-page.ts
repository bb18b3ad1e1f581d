// What the pages around a payment know of its transaction: the customer's return page (is it paid?)
// and the sandbox gateway's own page.
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentStatus } from '../../../contract/order.ts';
import { isPaid, PAID_STATES, STOCK_HOLDING_STATES } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';
import type { OrderRow } from '../../db/rows.ts';
import { orders } from '../../db/schema.ts';
import { NotFound } from '../domain-errors.ts';
import { DEFAULT_HOLD_MINUTES } from './holds.ts';

export async function paymentStatusOf(
  db: Database,
  uid: string,
  transactionId: string,
): Promise<PaymentStatus> {
  const [order] = await db
    .select({
      transactionId: orders.transactionId,
      state: orders.state,
      method: orders.paymentMethod,
      number: orders.orderNumber,
      // Where the paid-order mail went, if it was written (services/order-mail.ts).
      // Written out in full: a one-table select leaves its columns unqualified, and "id" would be the mail's.
      receipt: sql<string | null>`(select m.to_address from mail_outbox m
        where m.order_id = orders.id and m.kind = 'order_paid' limit 1)`,
    })
    .from(orders)
    .where(and(eq(orders.transactionId, transactionId), eq(orders.userUid, uid)));
  if (!order) throw new NotFound('No order of yours has this transaction id');
  const paid = isPaid(order.state, order.method);
  return {
    transaction_id: order.transactionId,
    payment_status: paid,
    // Nothing more will happen to its payment: it holds no stock any more (failed, expired, cancelled,
    // or owed back).
    closed: !STOCK_HOLDING_STATES.includes(order.state),
    ...(paid && { receipt: order.receipt, order_number: order.number }),
  };
}

export type PaymentPageOrder = Pick<
  OrderRow,
  'transactionId' | 'totalCents' | 'state' | 'discountCents' | 'promoCode' | 'createdAt'
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
      state: orders.state,
      discountCents: orders.discountCents,
      promoCode: orders.promoCode,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.transactionId, transactionId));
  return order;
}

/**
 * How long a gateway's payment page stays payable after checkout: a hold may lapse sooner (a customer
 * who has never paid holds for two minutes, services/hold-standing.ts), and a payment then takes the
 * stock again if it is there, as a real gateway's late payment would.
 */
export const PAYMENT_PAGE_MINUTES = DEFAULT_HOLD_MINUTES;

export function paymentPageState(
  { state, createdAt }: PaymentPageOrder,
  now = Date.now(),
): 'open' | 'paid' | 'closed' | 'refund_due' {
  if (state === 'awaiting_payment') return 'open';
  if (state === 'expired' && now - createdAt.getTime() < PAYMENT_PAGE_MINUTES * 60_000) return 'open';
  if (state === 'refund_due' || state === 'refunded') return 'refund_due';
  return PAID_STATES.includes(state) ? 'paid' : 'closed';
}
