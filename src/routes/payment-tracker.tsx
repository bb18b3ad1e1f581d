import { useActor } from '@xstate/react';
import type { Order } from '../../contract/order.ts';
import type { OrderEvent, OrderState } from '../../contract/order-lifecycle.ts';
import { useOrdersLogic } from '../actors/orders.ts';
import { LiveStatus } from '../components/live-status.tsx';
import { OrderEstimate } from '../components/order-estimate.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { OrderTracker } from '../components/order-tracker.tsx';
import { useClock } from '../ui/use-clock.ts';
import { OrderTimelinePanel } from './order-timeline-panel.tsx';
import { useOrderFeed } from './use-order-feed.ts';

/** The latest state the live events put the order in, if they say anything about it. */
const latestState = (events: readonly OrderEvent[]) =>
  events.reduce<OrderEvent | undefined>(
    (latest, event) => (!latest || event.sequence > latest.sequence ? event : latest),
    undefined,
  )?.to;

/** The paid order of a transaction, read once and followed live: its state as the events last say. */
export function usePaidOrder(transactionId: string) {
  const { orderOfPayment } = useOrdersLogic();
  const [snapshot] = useActor(orderOfPayment, { input: { transactionId } });
  const feed = useOrderFeed('mine');
  const read = snapshot.output;
  // Without its order (an old link, or the read failed) the page still says the payment succeeded.
  if (!read?.ok || !read.value) return { order: null, state: null, events: [], feed };
  const order = read.value;
  const events = feed.events.filter((event) => event.orderId === order._id);
  return { order, state: latestState(events) ?? order.state, events, feed };
}

/**
 * The order's short number, large: the one the kitchen calls out and the customer quotes at the door,
 * the counter or on the phone ('#12'; an order from before numbers has its ticket's '#B3FC0E').
 */
export function OrderNumber({ text }: { text: string }) {
  return (
    <p className="grid text-lg">
      Your order number <strong className="text-5xl font-bold tabular-nums">{text}</strong>
    </p>
  );
}

interface TrackerProps {
  order: Order;
  state: OrderState;
  events: readonly OrderEvent[];
  feed: ReturnType<typeof useOrderFeed>;
}

/**
 * The paid order's estimate, tracker and timeline on the result page, following it live: the customer
 * sees the kitchen take it on without going to My order.
 */
export function PaymentTracker({ order, state, events, feed }: TrackerProps) {
  const { myOrderEvents } = useOrdersLogic();
  const now = useClock(60_000);
  return (
    <section aria-label="Your order" className="grid w-full gap-4 text-left">
      <LiveStatus status={feed.status} pausedOnce={feed.pausedOnce} message={feed.message} />
      <OrderEstimate order={order} state={state} now={now} events={events} />
      <OrderTracker state={state} type={order.order_type} method={order.payment_method} />
      <OrderLines order={order} />
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-bold text-brand-ink">
          Timeline
        </summary>
        <div className="pt-2">
          <OrderTimelinePanel id={order._id} logic={myOrderEvents} liveEvents={events} />
        </div>
      </details>
    </section>
  );
}
