import { sql } from 'drizzle-orm';
import { ORDER_STATES, type OrderState } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';

/**
 * How many orders are in each state, every state named (0 when none). One count per state, each an
 * index-only scan of orders_state_created_idx over that state's entries: PostgreSQL's own plan for a
 * GROUP BY reads the whole table instead (26–40 ms at 100,000 orders against 7 ms this way, measured in
 * docs/decisions/027-metrics.md). Still proportional to the orders kept: callers cache it.
 */
export async function countOrdersByState(db: Database): Promise<Record<OrderState, number>> {
  const states = sql.join(
    ORDER_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ state: OrderState; orders: number }>(sql`
    select s.state, (select count(*)::int from orders o where o.state = s.state) as orders
    from unnest(array[${states}]::text[]) as s(state)`);
  const counts = Object.fromEntries(ORDER_STATES.map((state) => [state, 0])) as Record<OrderState, number>;
  for (const { state, orders } of rows) counts[state] = orders;
  return counts;
}

export interface MailBacklog {
  /** Mails still to be sent (state pending: not yet tried, or waiting for a retry). */
  unsent: number;
  /** How long the oldest of them has waited, in seconds; 0 when none waits. */
  oldestAgeSeconds: number;
}

/**
 * The mail outbox's backlog, read through mail_outbox_due_idx (partial on pending rows): the rows
 * already sent, however many, are never visited.
 */
export async function readMailBacklog(db: Database): Promise<MailBacklog> {
  const { rows } = await db.execute<{ unsent: number; oldest_age_seconds: number }>(sql`
    select count(*)::int as unsent,
           coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_age_seconds
    from mail_outbox where state = 'pending'`);
  const [row] = rows;
  return { unsent: row?.unsent ?? 0, oldestAgeSeconds: row?.oldest_age_seconds ?? 0 };
}
