// The owner's day (Admin Dashboard; docs/decisions/038-promos-reorders-and-the-owners-day.md, 043):
// today's figures, each read by one indexed query (server/api/services/owners-day.ts), read again live as
// the staff stream tells of order changes. "Today" is the shop's calendar day (SHOP_TIME_ZONE). What is
// waiting, on the way or ready is counted by the kitchen board's lanes (contract/kitchen-lanes.ts).
import * as v from 'valibot';
import type { OrderState } from './order-lifecycle.ts';

/**
 * The queue an estimate counts (services/slots.ts): paid and not yet sent out (or made ready to collect).
 * Not the owner's "Orders waiting", which is the board's WAITING_LANES (cash orders and Later included).
 */
export const WAITING_STATES = ['paid', 'accepted', 'preparing'] as const satisfies readonly OrderState[];

export const OwnersDaySchema = v.object({
  /** The shop's day, YYYY-MM-DD. */
  day: v.string(),
  /** Orders placed today, by their state now: every state of ORDER_STATES named (0 when none). */
  ordersByState: v.record(v.string(), v.number()),
  /** Taka paid today, less the orders since owed back or refunded. */
  revenue: v.number(),
  /**
   * The orders in the board's WAITING_LANES now, and since when the oldest of them outside Later has
   * waited: paid, placed in cash, or, ordered for later, its time to start (null: none waits).
   */
  waiting: v.object({ orders: v.number(), oldestPaidAt: v.nullable(v.string()) }),
  /** How many orders each of the board's lanes holds now (BOARD_LANES, each named, 0 when none). */
  lanes: v.record(v.string(), v.number()),
  /** Minutes from payment to out for delivery, on average over the orders sent out today (null: none yet). */
  averageMinutesToDelivery: v.nullable(v.number()),
  /** Today's five most ordered items (by units, paid orders). */
  topItems: v.array(v.object({ name: v.string(), quantity: v.number() })),
  /**
   * Cash: what the cash orders on the board will bring (taka, and how many orders), of it what riders
   * carry (out for delivery) and what waits at the counter (ready for pickup), and the cash taken today
   * (none from a server before cash orders).
   */
  cash: v.optional(
    v.object({
      toCollect: v.number(),
      orders: v.number(),
      onTheWay: v.optional(v.object({ toCollect: v.number(), orders: v.number() })),
      atTheCounter: v.optional(v.object({ toCollect: v.number(), orders: v.number() })),
      taken: v.number(),
    }),
  ),
  /** Table bookings for today still standing (not cancelled, declined or no-shows), and their guests. */
  bookings: v.object({ count: v.number(), guests: v.number() }),
});
export type OwnersDay = v.InferOutput<typeof OwnersDaySchema>;
