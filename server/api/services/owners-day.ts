// The owner's day on the Admin Dashboard (contract/owners-day.ts): each figure one statement, each
// served by an index (orders_created_idx, orders_paid_idx, orders_waiting_paid_idx,
// order_events_to_at_idx, reservations_date_created_idx), so a year of orders costs what a day of them
// does (tests/server/owners-day.test.ts reads their plans at 100,000 orders).
import { sql } from 'drizzle-orm';
import { toTaka } from '../../../contract/money.ts';
import { CASH_OPEN_STATES, ORDER_STATES, type OrderState } from '../../../contract/order-lifecycle.ts';
import { type OwnersDay, WAITING_STATES } from '../../../contract/owners-day.ts';
import type { Database } from '../../db/client.ts';
import type { ShopClock } from './shop-clock.ts';

const list = (states: readonly string[]) => sql.raw(`(${states.map((state) => `'${state}'`).join(', ')})`);
/** Paid, then owed back: not revenue. */
const GIVEN_BACK = list(['refund_due', 'refunded']);
/** Bookings that no longer bring anyone. */
const NOT_COMING = list(['cancelled', 'declined', 'no_show']);

/** Today's figures, "today" being the shop's calendar day by its clock. */
export async function readOwnersDay(db: Database, clock: ShopClock): Promise<OwnersDay> {
  const day = clock.today();
  const start = clock.instant(day, 0).toISOString();
  const [byState, revenue, waiting, delivery, top, bookings, cashOpen, cashTaken] = await Promise.all([
    db.execute<{ state: OrderState; orders: number }>(sql`
      select state, count(*)::int as orders from orders
      where created_at >= ${start}::timestamptz group by state`),
    db.execute<{ cents: number }>(sql`
      select coalesce(sum(total_cents), 0)::int as cents from orders
      where paid_at >= ${start}::timestamptz and state not in ${GIVEN_BACK}`),
    db.execute<{ orders: number; oldest: Date | null }>(sql`
      select count(*)::int as orders, min(paid_at) as oldest from orders
      where state in ${list(WAITING_STATES)}`),
    db.execute<{ minutes: number | null }>(sql`
      select (avg(extract(epoch from e.at - o.paid_at)) / 60)::float8 as minutes
      from order_events e join orders o on o.id = e.order_id
      where e.to_state = 'out_for_delivery' and e.at >= ${start}::timestamptz`),
    db.execute<{ name: string; quantity: number }>(sql`
      select l.name, sum(l.quantity)::int as quantity
      from orders o join order_lines l on l.order_id = o.id
      where o.paid_at >= ${start}::timestamptz and o.state not in ${GIVEN_BACK}
      group by l.name order by quantity desc, l.name limit 5`),
    db.execute<{ count: number; guests: number }>(sql`
      select count(*)::int as count, coalesce(sum(persons), 0)::int as guests from reservations
      where date = ${day}::date and state not in ${NOT_COMING}`),
    // orders_cash_open_idx: the cash orders on their way; orders_paid_idx: the cash taken today.
    db.execute<{ orders: number; cents: number }>(sql`
      select count(*)::int as orders, coalesce(sum(total_cents), 0)::int as cents from orders
      where payment_method = 'cash' and state in ${list(CASH_OPEN_STATES)}`),
    db.execute<{ cents: number }>(sql`
      select coalesce(sum(total_cents), 0)::int as cents from orders
      where paid_at >= ${start}::timestamptz and payment_method = 'cash' and state not in ${GIVEN_BACK}`),
  ]);
  const ordersByState = Object.fromEntries(ORDER_STATES.map((state) => [state, 0])) as Record<
    OrderState,
    number
  >;
  for (const { state, orders } of byState.rows) ordersByState[state] = orders;
  const queue = waiting.rows[0];
  const minutes = delivery.rows[0]?.minutes;
  return {
    day,
    ordersByState,
    revenue: toTaka(revenue.rows[0]?.cents ?? 0),
    waiting: {
      orders: queue?.orders ?? 0,
      oldestPaidAt: queue?.oldest ? new Date(queue.oldest).toISOString() : null,
    },
    averageMinutesToDelivery:
      minutes === null || minutes === undefined ? null : Math.round(minutes * 10) / 10,
    topItems: top.rows,
    bookings: { count: bookings.rows[0]?.count ?? 0, guests: bookings.rows[0]?.guests ?? 0 },
    cash: {
      toCollect: toTaka(cashOpen.rows[0]?.cents ?? 0),
      orders: cashOpen.rows[0]?.orders ?? 0,
      taken: toTaka(cashTaken.rows[0]?.cents ?? 0),
    },
  };
}
