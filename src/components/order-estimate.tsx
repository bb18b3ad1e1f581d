import { committedTimes, estimateRange, type KitchenTimes, promisedInputs } from '../../contract/kitchen.ts';
import type { Order } from '../../contract/order.ts';
import type { OrderEvent, OrderState } from '../../contract/order-lifecycle.ts';

type Timed = Pick<Order, 'due_at' | 'ready_at' | 'start_at' | 'scheduled' | 'carts'>;

/** 'about 20 min' (a range of ten from 25 up), or a time past: any minute now. */
function minutesLeft(dueAt: number, now: number): string {
  const minutes = Math.ceil((dueAt - now) / 60_000);
  if (minutes <= 0) return 'any minute now';
  if (minutes <= 20) return `about ${Math.max(5, Math.ceil(minutes / 5) * 5)} min`;
  const { low, high } = estimateRange(minutes);
  return `about ${low}–${high} min`;
}

/** The due time as the customer's clock reads it: 'at 7:30 PM' today, else with its day. */
function dueWords(dueAt: number, now: number): string {
  const due = new Date(dueAt);
  const time = due.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (due.toDateString() === new Date(now).toDateString()) return `today at ${time}`;
  return `${due.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' })} at ${time}`;
}

/**
 * When the order is due now that the kitchen has taken `state`'s step (at `movedAt`, else by `now`): an
 * order read before staff took the step ahead of its times (sent out hours before it was booked for)
 * still carries those times, and the server has since committed it to the step's own
 * (contract/kitchen.ts committedTimes, from the preparation and ride the order was promised).
 */
function committedDue(order: Timed, dueAt: number, state: OrderState, at: number): number {
  if (!order.start_at || !order.ready_at) return dueAt;
  const planned: KitchenTimes = {
    startAt: Date.parse(order.start_at),
    readyAt: Date.parse(order.ready_at),
    dueAt,
  };
  // The queue ahead is the server's to count: an acceptance's times are only known once read again.
  if (state === 'accepted') return dueAt;
  // No queue ahead of a step already taken: the kitchen's slot size is not read.
  return committedTimes(planned, state, at, promisedInputs(planned), { slotOrders: 1 })?.dueAt ?? dueAt;
}

/**
 * The honest estimate in words, for the order as it stands (the top of the tracker): scheduled orders
 * say when, the kitchen's steps how long yet, counted to the time the order is due (at the door for a
 * delivery, at the counter for a pickup), never later than the kitchen committed to with its last step
 * (`movedAt`: when the order took it, if heard live). Nothing for an order without a due time (from
 * before estimates), nor once it ended.
 */
export function estimateWords(order: Timed, state: OrderState, now: number, movedAt?: number): string | null {
  if (!order.due_at) return null;
  const dueAt = committedDue(order, Date.parse(order.due_at), state, movedAt ?? now);
  const dish = order.carts.some((line) => line.category === 'pizza') ? 'pizza' : 'order';
  const waiting = dueAt - now > 60 * 60_000;
  switch (state) {
    case 'awaiting_payment':
      return null;
    case 'paid':
    case 'accepted':
      if (order.scheduled || waiting) return `Your order is booked for ${dueWords(dueAt, now)}`;
      return `The kitchen has your order — ${minutesLeft(dueAt, now)}`;
    case 'preparing':
      return `Your ${dish} is in the oven — ${minutesLeft(dueAt, now)}`;
    case 'out_for_delivery':
      return `Your ${dish} is on its way — ${minutesLeft(dueAt, now)}`;
    case 'ready_for_pickup':
      return `Your ${dish} is ready at the counter`;
    default:
      return null;
  }
}

/** When the order took `state`'s step, as the live events say (none heard: undefined). */
const movedAtOf = (events: readonly OrderEvent[], state: OrderState): number | undefined => {
  const step = events.findLast((event) => event.to === state);
  return step ? Date.parse(step.at) : undefined;
};

/** The estimate at the top of a tracker, read out when it changes. */
export function OrderEstimate({
  order,
  state,
  now,
  events = [],
}: {
  order: Timed;
  state: OrderState;
  now: number;
  /** The order's live events: when it took its last step. */
  events?: readonly OrderEvent[];
}) {
  const words = estimateWords(order, state, now, movedAtOf(events, state));
  if (!words) return null;
  return (
    <p role="status" className="rounded-2xl bg-brand/20 px-4 py-3 text-lg font-bold">
      {words}
    </p>
  );
}
