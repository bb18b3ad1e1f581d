// One order of the caller's own: found only by its owner, and deleted (cancelled) by them.
import { and, eq } from 'drizzle-orm';
import { isPaid } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';
import type { OrderRow } from '../../db/rows.ts';
import { orders } from '../../db/schema.ts';
import { Conflict, NotFound } from '../domain-errors.ts';
import { isUuid } from './ids.ts';
import { transitionOrder } from './order-lifecycle.ts';
import type { Executor } from './order-stock.ts';

export const PAID_ORDER_NOT_DELETABLE = 'A paid order can not be deleted';
const NO_SUCH_ORDER = 'No order of yours has this id';

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
    if (isPaid(order.state, order.paymentMethod)) throw new Conflict(PAID_ORDER_NOT_DELETABLE);
    await transitionOrder(tx, {
      order: { id: order.id },
      to: 'cancelled',
      actor: { by: 'customer', uid },
      expectFrom: order.state,
    });
  });
}
