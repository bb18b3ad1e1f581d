// The owner's day on the Admin Dashboard (contract/owners-day.ts): each figure one statement, each
// served by an index (orders_created_idx, orders_paid_idx, orders_board_idx, order_events_to_at_idx,
// reservations_date_created_idx), so a year of orders costs what a day of them does
// (tests/server/owners-day.test.ts reads their plans at 100,000 orders).
import { sql } from 'drizzle-orm';
import { BOARD_LANES, type BoardLane, laneOf, WAITING_LANES } from '../../../contract/kitchen-lanes.ts';
import { toTaka } from '../../../contract/money.ts';
import {
  KITCHEN_COLUMNS,
  ORDER_STATES,
  type OrderState,
  type PaymentMethod,
} from '../../../contract/order-lifecycle.ts';
import type { OwnersDay } from '../../../contract/owners-day.ts';
import type { Database } from '../../db/client.ts';
import type { ShopClock } from './shop-clock.ts';

const list = (states: readonly string[]) => sql.raw(`(${states.map((state) => `'${state}'`).join(', ')})`);
/** Paid, then owed back: not revenue. */
const GIVEN_BACK = list(['refund_due', 'refunded']);
/** Bookings that no longer bring anyone. */
const NOT_COMING = list(['cancelled', 'declined', 'no_show']);

/**
 * The board's orders in groups that share a lane at `now`: by state, scheduled, and whether the start is
 * still to come (the fields laneOf reads; max(start_at) stands for the group's), and payment method.
 * `since`: when the group's oldest began to wait (paid, placed, or its start when ordered for later).
 */
type BoardGroup = {
  state: OrderState;
  scheduled: boolean;
  start_at: Date | null;
  payment_method: PaymentMethod;
  orders: number;
  cents: number;
  since: Date | null;
};

/** The board as the owner counts it: each group put in its lane by the board's own laneOf. */
function countBoard(groups: readonly BoardGroup[], now: Date) {
  const lanes = Object.fromEntries(BOARD_LANES.map((lane) => [lane, 0])) as Record<BoardLane, number>;
  const cashIn = (...inLanes: BoardLane[]) => ({ orders: 0, cents: 0, inLanes });
  const cash = {
    open: cashIn(...BOARD_LANES),
    onTheWay: cashIn('out_for_delivery'),
    atTheCounter: cashIn('ready_for_pickup'),
  };
  let oldest: number | null = null;
  for (const group of groups) {
    const lane = laneOf(
      { ...group, start_at: group.start_at && new Date(group.start_at).toISOString() },
      now.getTime(),
    );
    if (!lane) continue;
    lanes[lane] += group.orders;
    if (group.payment_method === 'cash')
      for (const sum of Object.values(cash))
        if (sum.inLanes.includes(lane)) {
          sum.orders += group.orders;
          sum.cents += group.cents;
        }
    const since = group.since && new Date(group.since).getTime();
    if (lane !== 'later' && (WAITING_LANES as readonly BoardLane[]).includes(lane) && since)
      oldest = oldest === null ? since : Math.min(oldest, since);
  }
  const waiting = WAITING_LANES.reduce((sum, lane) => sum + lanes[lane], 0);
  const taka = ({ orders, cents }: { orders: number; cents: number }) => ({
    orders,
    toCollect: toTaka(cents),
  });
  return {
    lanes,
    waiting: { orders: waiting, oldestPaidAt: oldest === null ? null : new Date(oldest).toISOString() },
    cash: { open: taka(cash.open), onTheWay: taka(cash.onTheWay), atTheCounter: taka(cash.atTheCounter) },
  };
}

/** Today's figures, "today" being the shop's calendar day by its clock. */
export async function readOwnersDay(db: Database, clock: ShopClock): Promise<OwnersDay> {
  const day = clock.today();
  const start = clock.instant(day, 0).toISOString();
  const now = clock.now();
  const [byState, revenue, board, delivery, top, bookings, cashTaken] = await Promise.all([
    db.execute<{ state: OrderState; orders: number }>(sql`
      select state, count(*)::int as orders from orders
      where created_at >= ${start}::timestamptz group by state`),
    db.execute<{ cents: number }>(sql`
      select coalesce(sum(total_cents), 0)::int as cents from orders
      where paid_at >= ${start}::timestamptz and state not in ${GIVEN_BACK}`),
    // orders_board_idx: every order on the board, grouped as its lanes need.
    db.execute<BoardGroup>(sql`
      select state, scheduled, max(start_at) as start_at, payment_method, count(*)::int as orders,
             coalesce(sum(total_cents), 0)::int as cents,
             min(case when scheduled then greatest(coalesce(paid_at, created_at), start_at)
                      else coalesce(paid_at, created_at) end) as since
      from orders where state in ${list(KITCHEN_COLUMNS)}
      group by state, scheduled, start_at > ${now.toISOString()}::timestamptz, payment_method`),
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
    // orders_paid_idx: the cash taken today.
    db.execute<{ cents: number }>(sql`
      select coalesce(sum(total_cents), 0)::int as cents from orders
      where paid_at >= ${start}::timestamptz and payment_method = 'cash' and state not in ${GIVEN_BACK}`),
  ]);
  const ordersByState = Object.fromEntries(ORDER_STATES.map((state) => [state, 0])) as Record<
    OrderState,
    number
  >;
  for (const { state, orders } of byState.rows) ordersByState[state] = orders;
  const { lanes, waiting, cash } = countBoard(board.rows, now);
  const minutes = delivery.rows[0]?.minutes;
  return {
    day,
    ordersByState,
    revenue: toTaka(revenue.rows[0]?.cents ?? 0),
    waiting,
    lanes,
    averageMinutesToDelivery:
      minutes === null || minutes === undefined ? null : Math.round(minutes * 10) / 10,
    topItems: top.rows,
    bookings: { count: bookings.rows[0]?.count ?? 0, guests: bookings.rows[0]?.guests ?? 0 },
    cash: {
      ...cash.open,
      onTheWay: cash.onTheWay,
      atTheCounter: cash.atTheCounter,
      taken: toTaka(cashTaken.rows[0]?.cents ?? 0),
    },
  };
}
