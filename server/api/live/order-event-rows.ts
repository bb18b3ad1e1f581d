import { and, asc, eq, gt, inArray, max, type SQL } from 'drizzle-orm';
import type { OrderEvent } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';
import { toOrderEvent } from '../../db/rows.ts';
import { orderEvents, orders } from '../../db/schema.ts';

/** Whose events a stream may carry: one customer's (by uid), or every order's (staff). */
export type EventScope = { uid: string } | 'all';

/** An event as the table keeps it, with the owner the scopes are checked against. */
export interface StoredEvent {
  /** None for an order taken by phone for a caller without an account: only staff streams carry it. */
  ownerUid: string | null;
  event: OrderEvent;
}

export const inScope = (scope: EventScope, stored: StoredEvent): boolean =>
  scope === 'all' || stored.ownerUid === scope.uid;

/** How many events one catch-up query reads; a client far behind is caught up page by page. */
export const CATCH_UP_PAGE = 500;

async function readEvents(db: Database, where: SQL | undefined, limit?: number): Promise<StoredEvent[]> {
  const query = db
    .select({ row: orderEvents, transactionId: orders.transactionId })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(where)
    .orderBy(asc(orderEvents.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(({ row, transactionId }) => ({
    ownerUid: row.userUid,
    event: toOrderEvent(row, transactionId),
  }));
}

/** The events with these ids (a notification names them; the table says what they are and whose). */
export const readEventsById = (db: Database, ids: readonly number[]): Promise<StoredEvent[]> =>
  ids.length === 0 ? Promise.resolve([]) : readEvents(db, inArray(orderEvents.id, [...ids]));

/** One page of the scope's events after `afterId`, oldest first. */
export const readEventsAfter = (db: Database, scope: EventScope, afterId: number): Promise<StoredEvent[]> =>
  readEvents(
    db,
    and(gt(orderEvents.id, afterId), scope === 'all' ? undefined : eq(orderEvents.userUid, scope.uid)),
    CATCH_UP_PAGE,
  );

/** The newest event's id (0 when there is none): where a stream opened without Last-Event-ID starts. */
export async function readLatestEventId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(orderEvents.id) }).from(orderEvents);
  return Number(row?.id ?? 0);
}
