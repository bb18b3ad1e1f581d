// The gateway's word on a payment: a verified notification moves its order (paid, or payment failed).
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findTransition, STOCK_HOLDING_STATES } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';
import { cartLines, orderLines, orders, shopStatus } from '../../db/schema.ts';
import type { VerifiedNotification } from '../payments/gateway.ts';
import { releaseExpiredReservations } from './expiry.ts';
import { transitionOrder } from './order-lifecycle.ts';

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
 * A payment for an order that holds no stock first releases the unpaid holds past their time
 * (holdMinutes: HOLD_MINUTES): a customer who paid comes before one who holds the units unpaid.
 */
export async function applyNotification(
  db: Database,
  logger: Logger,
  notification: VerifiedNotification,
  holdMinutes?: number,
): Promise<NotificationResult> {
  return db.transaction(async (tx) => {
    // The owner's switch comes with the order: a paid order records whether the shop was closed.
    const [found] = await tx
      .select({
        order: orders,
        shopClosed: sql<boolean>`coalesce((select ${shopStatus.closed} from ${shopStatus}), false)`,
      })
      .from(orders)
      .where(eq(orders.transactionId, notification.transactionId))
      .for('update', { of: orders });
    const order = found?.order;
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
    // Paid beats held: an order that holds no stock any more first releases the holds past their time.
    // The sweep never touches this order (it holds none), whose lock this transaction keeps.
    if (wanted === 'paid' && !STOCK_HOLDING_STATES.includes(order.state)) {
      await releaseExpiredReservations(tx, holdMinutes, { wait: true });
    }
    const { to } = await transitionOrder(tx, {
      order: { locked: order },
      to: wanted,
      actor: { by: 'gateway' },
      expectFrom: order.state,
      // Paid while the shop is closed: the money is taken, so the order is paid all the same, flagged
      // for the kitchen to cook or cancel (docs/decisions/026-production-edges.md).
      ...(wanted === 'paid' && {
        record: {
          paidAt: new Date(),
          gatewayValId: notification.reference ?? null,
          paidAfterClosing: found.shopClosed,
        },
      }),
    });
    if (to === 'refund_due') {
      logger.error(log, 'paid after the order was released and the stock is gone: refund due');
    } else if (to === 'paid' && order.userUid !== null) {
      // The cart lines it was made of go; a phone order was made of none.
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
