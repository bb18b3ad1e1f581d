import dayjs from 'dayjs';
import { Check, CircleAlert } from 'lucide-react';
import {
  ORDER_STATE_LABELS,
  type OrderEvent,
  type OrderState,
  type OrderType,
  orderPath,
  type PaymentMethod,
} from '../../contract/order-lifecycle.ts';

/** What an off-path state means for the customer, in one sentence. */
const OFF_PATH: Partial<Record<OrderState, string>> = {
  payment_failed: 'The payment did not go through, so this order will not be prepared.',
  expired: 'The order was not paid in time, so it was released.',
  cancelled: 'This order was cancelled before it was paid.',
  refund_due: 'This order will not be delivered: the restaurant owes you a refund.',
  refunded: 'This order was not delivered and your payment has been refunded.',
  cash_refused: 'The cash was not paid when the order was handed over, so this order has ended.',
};

/**
 * Where an order is: a stepper along the way an order of its type and payment is meant to go (orderPath; the
 * current step carries aria-current="step", so a screen reader hears which one it is), or, off that
 * path, a plain status saying what happened. Once paid, the first step reads as what it was: the order
 * placed, no longer a payment awaited.
 */
export function OrderTracker({
  state,
  type = 'delivery',
  method = 'online',
}: {
  state: OrderState;
  type?: OrderType | undefined;
  method?: PaymentMethod | undefined;
}) {
  const path = orderPath(type, method);
  const at = path.indexOf(state);
  if (at < 0) {
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-coral-ink/40 bg-coral/10 p-4">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-coral-ink" />
        <p>
          <strong className="block font-bold text-coral-ink">{ORDER_STATE_LABELS[state]}</strong>
          {OFF_PATH[state]}
        </p>
      </div>
    );
  }
  return (
    <ol aria-label="Order progress" className="grid grid-cols-3 gap-x-2 gap-y-4 sm:grid-cols-6">
      {path.map((step, index) => {
        const done = index < at;
        const current = index === at;
        return (
          <li
            key={step}
            aria-current={current ? 'step' : undefined}
            className="grid justify-items-center gap-1 text-center text-sm leading-tight"
          >
            <span
              aria-hidden="true"
              className={`flex size-8 items-center justify-center rounded-full border-2 font-bold ${
                current
                  ? 'border-ink bg-brand text-ink'
                  : done
                    ? 'border-green-800 bg-green-800 text-white'
                    : 'border-neutral-400 bg-white text-neutral-600'
              }`}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span className={current ? 'font-bold' : done ? '' : 'text-neutral-600'}>
              {done && step === 'awaiting_payment' ? 'Order placed' : ORDER_STATE_LABELS[step]}
              {done && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const WHO: Record<OrderEvent['by']['actor'], string> = {
  checkout: 'at checkout',
  gateway: 'by the payment service',
  job: 'automatically',
  customer: 'by the customer',
  staff: 'by the restaurant',
};

/** One event's words: 'Order placed' for the creation, else the state it moved to. */
const eventTitle = (event: OrderEvent) =>
  event.from === null ? 'Order placed' : ORDER_STATE_LABELS[event.to];

/** An order's timeline: each change with its time, who made it and any note (a cancellation's reason). */
export function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  if (events.length === 0) return <p className="text-neutral-700">Nothing has happened yet.</p>;
  const sorted = [...events].sort((a, b) => a.sequence - b.sequence);
  return (
    <ol className="grid gap-2 border-l-2 border-neutral-300 pl-4">
      {sorted.map((event) => (
        <li key={event.id} className="grid">
          <span className="font-semibold">
            {eventTitle(event)} <span className="font-normal text-neutral-700">{WHO[event.by.actor]}</span>
          </span>
          <time dateTime={event.at} className="text-sm text-neutral-700">
            {dayjs(event.at).format('D MMM YYYY, h:mm A')}
          </time>
          {event.note && <span className="text-sm break-words">“{event.note}”</span>}
        </li>
      ))}
    </ol>
  );
}

/** The events of one order among a feed's, de-duplicated by id. */
export function mergeEvents(known: readonly OrderEvent[], live: readonly OrderEvent[]): OrderEvent[] {
  const byId = new Map<number, OrderEvent>();
  for (const event of [...known, ...live]) byId.set(event.id, event);
  return [...byId.values()];
}
