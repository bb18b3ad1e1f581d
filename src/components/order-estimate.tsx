import { estimateRange } from '../../contract/kitchen.ts';
import type { Order } from '../../contract/order.ts';
import type { OrderState } from '../../contract/order-lifecycle.ts';

type Timed = Pick<Order, 'due_at' | 'scheduled' | 'carts'>;

/** 'about 20 min' (a range of ten from 25 up), or a time past: any minute now. */
function minutesLeft(dueAt: string, now: number): string {
  const minutes = Math.ceil((Date.parse(dueAt) - now) / 60_000);
  if (minutes <= 0) return 'any minute now';
  if (minutes <= 20) return `about ${Math.max(5, Math.ceil(minutes / 5) * 5)} min`;
  const { low, high } = estimateRange(minutes);
  return `about ${low}–${high} min`;
}

/** The due time as the customer's clock reads it: 'at 7:30 PM' today, else with its day. */
function dueWords(dueAt: string, now: number): string {
  const due = new Date(dueAt);
  const time = due.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (due.toDateString() === new Date(now).toDateString()) return `today at ${time}`;
  return `${due.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' })} at ${time}`;
}

/**
 * The honest estimate in words, for the order as it stands (the top of the tracker): scheduled orders
 * say when, the kitchen's steps how long yet, counted to the time the order is due (at the door for a
 * delivery, at the counter for a pickup). Nothing for an order without a due time (from before estimates), nor once it ended.
 */
export function estimateWords(order: Timed, state: OrderState, now: number): string | null {
  if (!order.due_at) return null;
  const dish = order.carts.some((line) => line.category === 'pizza') ? 'pizza' : 'order';
  const waiting = Date.parse(order.due_at) - now > 60 * 60_000;
  switch (state) {
    case 'awaiting_payment':
      return null;
    case 'paid':
    case 'accepted':
      if (order.scheduled || waiting) return `Your order is booked for ${dueWords(order.due_at, now)}`;
      return `The kitchen has your order — ${minutesLeft(order.due_at, now)}`;
    case 'preparing':
      return `Your ${dish} is in the oven — ${minutesLeft(order.due_at, now)}`;
    case 'out_for_delivery':
      return `Your ${dish} is on its way — ${minutesLeft(order.due_at, now)}`;
    case 'ready_for_pickup':
      return `Your ${dish} is ready at the counter`;
    default:
      return null;
  }
}

/** The estimate at the top of a tracker, read out when it changes. */
export function OrderEstimate({ order, state, now }: { order: Timed; state: OrderState; now: number }) {
  const words = estimateWords(order, state, now);
  if (!words) return null;
  return (
    <p role="status" className="rounded-2xl bg-brand/20 px-4 py-3 text-lg font-bold">
      {words}
    </p>
  );
}
