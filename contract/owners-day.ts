// The owner's day (Admin Dashboard; docs/decisions/038-promos-reorders-and-the-owners-day.md): today's
// figures, each read by one indexed query (server/api/services/owners-day.ts), read again live as the
// staff stream tells of order changes. "Today" is the shop's calendar day (SHOP_TIME_ZONE).
import * as v from 'valibot';
import type { OrderState } from './order-lifecycle.ts';

/** The kitchen's queue: paid and not yet sent out (or made ready to collect). */
export const WAITING_STATES = ['paid', 'accepted', 'preparing'] as const satisfies readonly OrderState[];

export const OwnersDaySchema = v.object({
  /** The shop's day, YYYY-MM-DD. */
  day: v.string(),
  /** Orders placed today, by their state now: every state of ORDER_STATES named (0 when none). */
  ordersByState: v.record(v.string(), v.number()),
  /** Taka paid today, less the orders since owed back or refunded. */
  revenue: v.number(),
  /** Orders in the kitchen's queue now, and since when the oldest of them was paid (null: none waits). */
  waiting: v.object({ orders: v.number(), oldestPaidAt: v.nullable(v.string()) }),
  /** Minutes from payment to out for delivery, on average over the orders sent out today (null: none yet). */
  averageMinutesToDelivery: v.nullable(v.number()),
  /** Today's five most ordered items (by units, paid orders). */
  topItems: v.array(v.object({ name: v.string(), quantity: v.number() })),
  /**
   * Cash: what the cash orders on their way will bring (taka, and how many orders), and the cash taken
   * today (none from a server before cash orders).
   */
  cash: v.optional(v.object({ toCollect: v.number(), orders: v.number(), taken: v.number() })),
  /** Table bookings for today still standing (not cancelled, declined or no-shows), and their guests. */
  bookings: v.object({ count: v.number(), guests: v.number() }),
});
export type OwnersDay = v.InferOutput<typeof OwnersDaySchema>;
