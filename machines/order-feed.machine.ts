import { assign, type EventObject, fromCallback, type SnapshotFrom, setup } from 'xstate';
import type { OrderEvent } from '../server/contract/order-lifecycle.ts';
import type {
  OrderStreamActorEvent,
  OrderStreamScope,
  OrderStreamStatus,
} from '../server/contract/order-stream.ts';

/** How many recent events a page keeps: enough for every order on screen, bounded for a long shift. */
export const KEPT_EVENTS = 200;

/**
 * The stream reader, declared only: src/actors provides the real one (src/actors/order-stream.ts).
 * Running the bare machine fails loudly rather than silently showing a page that never updates.
 */
const followOrders = fromCallback<EventObject, { scope: OrderStreamScope }>(() => {
  throw new Error('followOrders is provided by src/actors');
});

const isStatus =
  (status: OrderStreamStatus) =>
  ({ event }: { event: OrderStreamActorEvent }) =>
    event.type === 'order.stream' && event.status === status;

/**
 * A page's live view of order events (the customer's own, or every order for staff): the stream actor
 * it invokes reports each event and whether it is live; the page reads `events` (newest last, each
 * once, a replay after a reconnect included) and shows when updates are paused.
 */
export const orderFeedMachine = setup({
  types: {
    input: {} as { scope: OrderStreamScope },
    context: {} as { scope: OrderStreamScope; events: OrderEvent[] },
    events: {} as OrderStreamActorEvent,
  },
  actors: { followOrders },
  guards: {
    isLive: isStatus('live'),
    isReconnecting: isStatus('reconnecting'),
    isConnecting: isStatus('connecting'),
  },
  actions: {
    keep: assign({
      events: ({ context, event }) => {
        if (event.type !== 'order.event') return context.events;
        // A reconnect replays from Last-Event-ID: an event seen already is not news.
        if (context.events.some((known) => known.id === event.event.id)) return context.events;
        return [...context.events, event.event].slice(-KEPT_EVENTS);
      },
    }),
  },
}).createMachine({
  id: 'orderFeed',
  context: ({ input }) => ({ scope: input.scope, events: [] }),
  invoke: { id: 'followOrders', src: 'followOrders', input: ({ context }) => ({ scope: context.scope }) },
  on: { 'order.event': { actions: 'keep' } },
  initial: 'connecting',
  states: {
    connecting: {
      on: {
        'order.stream': [
          { guard: 'isLive', target: 'live' },
          { guard: 'isReconnecting', target: 'reconnecting' },
        ],
      },
    },
    live: {
      on: {
        'order.stream': [
          { guard: 'isReconnecting', target: 'reconnecting' },
          { guard: 'isConnecting', target: 'connecting' },
        ],
      },
    },
    // Cut off: events may be missing until the reader is back (it resumes where it stopped).
    reconnecting: { on: { 'order.stream': { guard: 'isLive', target: 'live' } } },
  },
});

export type OrderFeedSnapshot = SnapshotFrom<typeof orderFeedMachine>;

/** The stream's state as the page says it. */
export const feedStatus = (snapshot: OrderFeedSnapshot): OrderStreamStatus =>
  snapshot.matches('live') ? 'live' : snapshot.matches('reconnecting') ? 'reconnecting' : 'connecting';
