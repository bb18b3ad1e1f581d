// An order's past as staff and its customer read it: its timeline (order_events) and its mail
// (mail_outbox).
import { asc, eq } from 'drizzle-orm';
import type { MailMessage, OrderEvent } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';
import { toOrderEvent } from '../../db/rows.ts';
import { mailOutbox, orderEvents, orders } from '../../db/schema.ts';
import { NotFound } from '../domain-errors.ts';
import { isUuid } from './ids.ts';
import { NO_SUCH_ORDER_ADMIN } from './order-lifecycle.ts';

/** `id` when an order has it; NotFound otherwise (a malformed id included). */
export async function existingOrderId(db: Database, id: string): Promise<string> {
  const [order] = isUuid(id) ? await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)) : [];
  if (!order) throw new NotFound(NO_SUCH_ORDER_ADMIN);
  return order.id;
}

/** Every event of one order, oldest first. */
export async function listOrderEvents(db: Database, orderId: string): Promise<OrderEvent[]> {
  const rows = await db
    .select({ row: orderEvents, transactionId: orders.transactionId })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.sequence));
  return rows.map(({ row, transactionId }) => toOrderEvent(row, transactionId));
}

/**
 * An event as the order's customer reads it: who moved the order, by role, and no uid but their own. A
 * staff member's uid is staff's to know, never a customer's.
 */
export const asCustomerSees = (event: OrderEvent, uid: string): OrderEvent =>
  event.by.uid === null || event.by.uid === uid ? event : { ...event, by: { ...event.by, uid: null } };

/** Every mail about one order, oldest first, without its body (staff see what was sent and how it went). */
export async function listOrderMail(db: Database, orderId: string): Promise<MailMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.orderId, orderId))
    .orderBy(asc(mailOutbox.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    lastError: row.lastError,
  }));
}
