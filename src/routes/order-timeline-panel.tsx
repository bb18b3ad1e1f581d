import { useActor } from '@xstate/react';
import type { PromiseActorLogic } from 'xstate';
import type { OrderEvent } from '../../contract/order-lifecycle.ts';
import type { Settled } from '../actors/order-feed.ts';
import { mergeEvents, OrderTimeline } from '../components/order-tracker.tsx';

export type TimelineLogic = PromiseActorLogic<Settled<OrderEvent[]>, { id: string }>;

/**
 * An order's timeline, read once when shown (the customer's or staff's call, as `logic` says) and
 * kept current with the live events for that order the page already follows.
 */
export function OrderTimelinePanel({
  id,
  logic,
  liveEvents,
}: {
  id: string;
  logic: TimelineLogic;
  liveEvents: readonly OrderEvent[];
}) {
  const [snapshot] = useActor(logic, { input: { id } });
  const read = snapshot.output;
  if (!read) return <p className="text-neutral-700">Loading the timeline…</p>;
  if (!read.ok) {
    return (
      <p role="alert" className="text-coral-ink">
        {read.message}
      </p>
    );
  }
  return <OrderTimeline events={mergeEvents(read.value, liveEvents)} />;
}
