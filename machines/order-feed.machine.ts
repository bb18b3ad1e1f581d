import {
  type ActorRef,
  type ActorRefFrom,
  assign,
  type EventObject,
  enqueueActions,
  fromCallback,
  type Snapshot,
  type SnapshotFrom,
  setup,
} from 'xstate';
import type { OrderEvent } from '../contract/order-lifecycle.ts';
import type { OrderStreamActorEvent, OrderStreamScope, OrderStreamStatus } from '../contract/order-stream.ts';

/** How many recent events a page keeps: enough for every order on screen, bounded for a long shift. */
export const KEPT_EVENTS = 200;

/**
 * The stream reader, declared only: src/actors provides the real one (src/actors/order-stream.ts).
 * Running the bare machine fails loudly rather than silently showing a page that never updates.
 */
const followOrders = fromCallback<EventObject, { scope: OrderStreamScope }>(() => {
  throw new Error('followOrders is provided by src/actors');
});

/** An actor told of each event the feed takes and of each time its stream goes live (the kitchen board). */
export type OrderFeedListener = ActorRef<Snapshot<unknown>, OrderStreamActorEvent>;

export interface OrderFeedContext {
  scope: OrderStreamScope;
  /** The most recent events, oldest first. */
  events: OrderEvent[];
  /** How many events the feed has taken in all: a page reads `events` from its own place in that count. */
  received: number;
  message: string | null;
  /** The stream has been cut or refused since the page opened: the page says when it is back. */
  pausedOnce: boolean;
  listener: OrderFeedListener | null;
}

const isStatus =
  (status: OrderStreamStatus) =>
  ({ event }: { event: OrderStreamActorEvent }) =>
    event.type === 'order.stream' && event.status === status;

/**
 * A page's live view of order events (the customer's own, or every order for staff): the stream actor
 * it invokes reports each event and whether it is live; the page reads `events` (newest last) and
 * shows when updates are paused, and `message`, the server's words while it refuses the stream (too
 * many open: the reader tries again when it says). The reader hands over each event once, a replay
 * after a reconnect included (src/api/order-stream.ts): nothing here looks for a second copy.
 */
export const orderFeedMachine = setup({
  types: {
    input: {} as { scope: OrderStreamScope; listener?: OrderFeedListener },
    context: {} as OrderFeedContext,
    events: {} as OrderStreamActorEvent,
  },
  actors: { followOrders },
  guards: {
    isLive: isStatus('live'),
    isReconnecting: isStatus('reconnecting'),
    isConnecting: isStatus('connecting'),
    isWaiting: isStatus('waiting'),
  },
  actions: {
    keep: assign(({ context, event }) =>
      event.type === 'order.event'
        ? { events: [...context.events, event.event].slice(-KEPT_EVENTS), received: context.received + 1 }
        : {},
    ),
    tellEvent: enqueueActions(({ context, event, enqueue }) => {
      if (context.listener) enqueue.sendTo(context.listener, event);
    }),
    tellLive: enqueueActions(({ context, enqueue }) => {
      if (context.listener) enqueue.sendTo(context.listener, { type: 'order.stream', status: 'live' });
    }),
    notePause: assign({ pausedOnce: true }),
    keepMessage: assign({
      message: ({ event }) => (event.type === 'order.stream' ? (event.message ?? null) : null),
    }),
    forgetMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'orderFeed',
  context: ({ input }) => ({
    scope: input.scope,
    events: [],
    received: 0,
    message: null,
    pausedOnce: false,
    listener: input.listener ?? null,
  }),
  invoke: { id: 'followOrders', src: 'followOrders', input: ({ context }) => ({ scope: context.scope }) },
  on: { 'order.event': { actions: ['keep', 'tellEvent'] } },
  initial: 'connecting',
  states: {
    connecting: {
      on: {
        'order.stream': [
          { guard: 'isLive', target: 'live' },
          { guard: 'isReconnecting', target: 'reconnecting' },
          { guard: 'isWaiting', target: 'waiting' },
        ],
      },
    },
    live: {
      entry: 'tellLive',
      on: {
        'order.stream': [
          { guard: 'isReconnecting', target: 'reconnecting' },
          { guard: 'isConnecting', target: 'connecting' },
          // Back at once after its token's renewal, and refused then.
          { guard: 'isWaiting', target: 'waiting' },
        ],
      },
    },
    // Cut off: events may be missing until the reader is back (it resumes where it stopped).
    reconnecting: {
      entry: 'notePause',
      on: {
        'order.stream': [
          { guard: 'isLive', target: 'live' },
          { guard: 'isWaiting', target: 'waiting' },
        ],
      },
    },
    // Refused for now (429): the server's message is shown until the reader gets in or is cut again.
    waiting: {
      entry: ['keepMessage', 'notePause'],
      exit: 'forgetMessage',
      on: {
        'order.stream': [
          { guard: 'isLive', target: 'live' },
          { guard: 'isReconnecting', target: 'reconnecting' },
          { guard: 'isWaiting', actions: 'keepMessage' },
        ],
      },
    },
  },
});

export type OrderFeedSnapshot = SnapshotFrom<typeof orderFeedMachine>;

/** The stream's state as the page says it. */
export const feedStatus = (snapshot: OrderFeedSnapshot): OrderStreamStatus =>
  (['live', 'reconnecting', 'waiting'] as const).find((status) => snapshot.matches(status)) ?? 'connecting';

export type OrderFeedRef = ActorRefFrom<typeof orderFeedMachine>;
