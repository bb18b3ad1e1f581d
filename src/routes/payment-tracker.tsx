import { useActor } from '@xstate/react';
import type { OrderEvent } from '../../contract/order-lifecycle.ts';
import { useOrdersLogic } from '../actors/orders.ts';
import { LiveStatus } from '../components/live-status.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { OrderTracker } from '../components/order-tracker.tsx';
import { OrderTimelinePanel } from './order-timeline-panel.tsx';
import { useOrderFeed } from './use-order-feed.ts';

/** The latest state the live events put the order in, if they say anything about it. */
const latestState = (events: readonly OrderEvent[]) =>
  events.reduce<OrderEvent | undefined>(
    (latest, event) => (!latest || event.sequence > latest.sequence ? event : latest),
    undefined,
  )?.to;

/**
 * The paid order's tracker and timeline on the result page, following it live: the customer sees
 * the kitchen take it on without going to My order.
 */
export function PaymentTracker({ transactionId }: { transactionId: string }) {
  const { orderOfPayment, myOrderEvents } = useOrdersLogic();
  const [snapshot] = useActor(orderOfPayment, { input: { transactionId } });
  const feed = useOrderFeed('mine');
  const read = snapshot.output;
  // Without its order (an old link, or the read failed) the page still says the payment succeeded.
  if (!read?.ok || !read.value) return null;
  const order = read.value;
  const events = feed.events.filter((event) => event.orderId === order._id);
  const state = latestState(events) ?? order.state;
  return (
    <section aria-label="Your order" className="grid w-full gap-4 text-left">
      <LiveStatus status={feed.status} pausedOnce={feed.pausedOnce} message={feed.message} />
      <OrderTracker state={state} type={order.order_type} />
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
