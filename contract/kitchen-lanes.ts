// The kitchen board's lanes, defined once: the board shows them (machines/kitchen-board.machine.ts,
// src/routes/admin/kitchen.tsx) and the owner's day counts from the same definitions
// (server/api/services/owners-day.ts), so the two never disagree on what is waiting.
import * as v from 'valibot';
import type { Order } from './order.ts';
import { KITCHEN_COLUMNS, type KitchenColumn, type OrderState } from './order-lifecycle.ts';

/** A scheduled order waits in Later until the kitchen should start it; the rest are in their state's lane. */
export const BOARD_LANES = ['later', ...KITCHEN_COLUMNS] as const;
export type BoardLane = (typeof BOARD_LANES)[number];
export type BoardLanes = Record<BoardLane, Order[]>;

/** What an order's lane depends on. */
export type LaneFields = Pick<Order, 'state' | 'scheduled' | 'start_at'>;

/** The states whose orders are on the board. */
export const isOnBoard = (state: OrderState): state is KitchenColumn =>
  (KITCHEN_COLUMNS as readonly OrderState[]).includes(state);

/** Orders new to the kitchen, not yet accepted: paid online, or placed to be paid in cash. */
export const NOT_ACCEPTED_STATES = ['paid', 'placed'] as const satisfies readonly KitchenColumn[];

/** A scheduled order not yet accepted whose start is still to come waits in Later. */
export const waitsForLater = (order: LaneFields, now: number): boolean =>
  order.scheduled === true &&
  (NOT_ACCEPTED_STATES as readonly OrderState[]).includes(order.state) &&
  order.start_at != null &&
  Date.parse(order.start_at) > now;

/** The lane an order is in at `now`, or null when it is off the board. */
export function laneOf(order: LaneFields, now: number): BoardLane | null {
  if (!isOnBoard(order.state)) return null;
  return waitsForLater(order, now) ? 'later' : order.state;
}

/**
 * The lanes of orders the kitchen has still to make: every lane before an order is out for delivery or
 * ready to collect. The owner's "Orders waiting" is the orders in these lanes.
 */
export const WAITING_LANES = [
  'later',
  'paid',
  'placed',
  'accepted',
  'preparing',
] as const satisfies readonly BoardLane[];

const dueTime = (order: Order): number =>
  Date.parse(order.ready_at ?? order.paid_at ?? order.order_time) || 0;

/**
 * The orders as lanes at `now`, each lane sorted by when its orders must be ready, soonest first
 * (orders from before due times by their payment).
 */
export function boardLanes(orders: Iterable<Order>, now: number): BoardLanes {
  const lanes = Object.fromEntries(BOARD_LANES.map((lane) => [lane, [] as Order[]])) as BoardLanes;
  for (const order of orders) {
    const lane = laneOf(order, now);
    if (lane) lanes[lane].push(order);
  }
  for (const lane of BOARD_LANES) lanes[lane].sort((a, b) => dueTime(a) - dueTime(b));
  return lanes;
}

/** The most orders one read of the board carries: more open orders than this is a kitchen in trouble anyway. */
export const KITCHEN_BOARD_LIMIT = 300;
/** The most orders a board asks for by id at once (those it heard of before it had their tickets). */
export const KITCHEN_BOARD_IDS_MAX = 50;

/**
 * GET /admin-kitchen-board query: nothing for every order on the board (the first read, and the one
 * catch-up read after the stream was cut), or `ids` (comma-separated) for those orders alone, whatever
 * their state (a new order heard on the stream).
 */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const KitchenBoardQuerySchema = v.object({
  ids: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(KITCHEN_BOARD_IDS_MAX * 40, 'Too many ids'),
      v.transform((ids) => ids.split(',').filter(Boolean)),
      v.check((ids) => ids.length <= KITCHEN_BOARD_IDS_MAX, `At most ${KITCHEN_BOARD_IDS_MAX} ids at once`),
      v.check((ids) => ids.every((id) => ORDER_ID.test(id)), 'ids must be order ids'),
    ),
  ),
});
export type KitchenBoardQuery = v.InferOutput<typeof KitchenBoardQuerySchema>;

/** Where a ticket stands in the kitchen's rail: new to the kitchen, being made, or gone out or ready. */
const RAIL_GROUP: Record<KitchenColumn, number> = {
  paid: 0,
  placed: 0,
  accepted: 1,
  preparing: 1,
  out_for_delivery: 2,
  ready_for_pickup: 2,
};

const startTime = (order: Order): number =>
  Date.parse(order.start_at ?? order.ready_at ?? order.paid_at ?? order.order_time) || 0;

/**
 * The kitchen's rail at `now`: every ticket not waiting in Later, new ones first (where staff look
 * when one comes in), then those being made, then those out or ready to collect; within each, by when
 * the kitchen must start them. Accepting a ticket keeps it near where it was, never off screen.
 */
export function nowRail(lanes: BoardLanes): Order[] {
  return KITCHEN_COLUMNS.flatMap((column) => lanes[column]).sort(
    (a, b) =>
      RAIL_GROUP[a.state as KitchenColumn] - RAIL_GROUP[b.state as KitchenColumn] ||
      startTime(a) - startTime(b),
  );
}
