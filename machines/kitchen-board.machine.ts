import { type ActorRefFrom, assign, enqueueActions, type SnapshotFrom, setup } from 'xstate';
import type { Order } from '../contract/order.ts';
import type { KitchenColumn, OrderState } from '../contract/order-lifecycle.ts';
import type { OrderStreamActorEvent } from '../contract/order-stream.ts';
import { errorMessage } from './error-message.ts';
import { type OrderFeedListener, orderFeedMachine } from './order-feed.machine.ts';
import { providedLater } from './provided.ts';

/** How long a newly paid order stays highlighted. */
export const FRESH_MS = 60_000;

/** Each column's orders as the server lists them (contract/order-lifecycle.ts names the columns). */
export type BoardColumns = Record<KitchenColumn, Order[]>;

/** Staff move one order a step on, or cancel it with the reason the customer reads. */
export interface KitchenMove {
  orderId: string;
  transactionId: string;
  /** The column its card is in: a refusal is shown there. */
  from: KitchenColumn;
  to: OrderState;
  note?: string;
}

export type KitchenBoardEvent =
  /** From the board's order feed: each event once, and each time its stream goes live. */
  | OrderStreamActorEvent
  | ({ type: 'kitchen.move' } & KitchenMove)
  | { type: 'kitchen.retry' }
  | { type: 'kitchen.sound' }
  /** A newly paid order's highlight ends: raised by the board itself, FRESH_MS after it began. */
  | { type: 'kitchen.fade'; orderId: string };

export interface KitchenBoardContext {
  /** null until the first read answers. */
  columns: BoardColumns | null;
  /** Why the last read failed. */
  error: string | null;
  /** Something changed while the board was being read: read it again once that read is in. */
  owed: boolean;
  /** The newly paid orders still highlighted, oldest first. */
  fresh: string[];
  /** The live region's words: the newest paid order. */
  announcement: string;
  /** The move under way, or the last one refused. */
  move: KitchenMove | null;
  /** The last refusal, as staff read it (shown in the column of its card). */
  problem: string | null;
}

const fadeId = (orderId: string) => `fade ${orderId}`;

/**
 * The kitchen board: the orders in each of the kitchen's columns, read again whenever the board's
 * live feed tells of a change (or the stream goes live: it starts at the newest event, so a change
 * just before would be missed) and after every move; a change during a read earns one more read, never
 * more than one at a time. A card moves one step at a time (or is cancelled with a reason); a refusal
 * is kept until the next move. A newly paid order is highlighted and announced, chimed when the sound
 * is on, and its highlight ends by itself a minute later. Effects (the reads, the move, the stream,
 * the chime) come through `.provide()` from src/actors/kitchen.ts.
 */
export const kitchenBoardMachine = setup({
  types: {
    context: {} as KitchenBoardContext,
    events: {} as KitchenBoardEvent,
    children: {} as { feed: 'orderFeed'; readBoard: 'readBoard'; moveOrder: 'moveOrder' },
  },
  actors: {
    readBoard: providedLater<BoardColumns>('readBoard'),
    moveOrder: providedLater<Order, KitchenMove>('moveOrder'),
    orderFeed: orderFeedMachine,
  },
  delays: { fresh: FRESH_MS },
  guards: {
    isLive: ({ event }) => event.type === 'order.stream' && event.status === 'live',
    isNewlyPaid: ({ event }) => event.type === 'order.event' && event.event.to === 'paid',
    isOwed: ({ context }) => context.owed,
    isAllFaded: ({ context }) => context.fresh.length === 0,
  },
  actions: {
    owe: assign({ owed: true }),
    startMove: assign({
      move: ({ event }) => {
        if (event.type !== 'kitchen.move') throw new Error(`startMove on ${event.type}`);
        const { type: _, ...move } = event;
        return move;
      },
      problem: null,
    }),
    highlight: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'order.event') return;
      const { orderId, transactionId } = event.event;
      enqueue.assign({
        fresh: [...context.fresh.filter((id) => id !== orderId), orderId],
        announcement: `New paid order ${transactionId}`,
      });
      // Paid again (after a cancellation the gateway still vouched for): a minute from now.
      enqueue.cancel(fadeId(orderId));
      enqueue.raise({ type: 'kitchen.fade', orderId }, { id: fadeId(orderId), delay: 'fresh' });
    }),
    fade: assign({
      fresh: ({ context, event }) =>
        context.fresh.filter((id) => event.type !== 'kitchen.fade' || id !== event.orderId),
    }),
    prepareChime: () => {},
    playChime: () => {},
  },
}).createMachine({
  id: 'kitchenBoard',
  type: 'parallel',
  context: {
    columns: null,
    error: null,
    owed: false,
    fresh: [],
    announcement: '',
    move: null,
    problem: null,
  },
  invoke: {
    id: 'feed',
    src: 'orderFeed',
    input: ({ self }) => ({ scope: 'all' as const, listener: self as OrderFeedListener }),
  },
  states: {
    read: {
      initial: 'reading',
      states: {
        reading: {
          entry: assign({ owed: false }),
          invoke: {
            id: 'readBoard',
            src: 'readBoard',
            onDone: {
              target: 'shown',
              actions: assign({ columns: ({ event }) => event.output, error: null }),
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
          },
          on: {
            'order.event': { actions: 'owe' },
            'order.stream': { guard: 'isLive', actions: 'owe' },
          },
        },
        shown: {
          always: { guard: 'isOwed', target: 'reading' },
          on: {
            'order.event': { target: 'reading' },
            'order.stream': { guard: 'isLive', target: 'reading' },
          },
        },
        // The cards read last stay; Try again, or the next change, reads the board again.
        failed: {
          always: { guard: 'isOwed', target: 'reading' },
          on: {
            'kitchen.retry': { target: 'reading' },
            'order.event': { target: 'reading' },
            'order.stream': { guard: 'isLive', target: 'reading' },
          },
        },
      },
    },
    move: {
      initial: 'idle',
      states: {
        idle: { on: { 'kitchen.move': { target: 'moving', actions: 'startMove' } } },
        moving: {
          invoke: {
            id: 'moveOrder',
            src: 'moveOrder',
            // Entered only through 'kitchen.move', which records the move.
            input: ({ context }) => context.move!,
            onDone: { target: 'idle', actions: [assign({ move: null }), 'owe'] },
            // Refused (moved meanwhile by someone else, say) or failed: the board shows it as it is now.
            onError: {
              target: 'refused',
              actions: [
                assign({
                  problem: ({ context, event }) =>
                    `Order ${context.move?.transactionId}: ${errorMessage(event.error)}`,
                }),
                'owe',
              ],
            },
          },
        },
        refused: { on: { 'kitchen.move': { target: 'moving', actions: 'startMove' } } },
      },
    },
    highlight: {
      initial: 'none',
      states: {
        none: { on: { 'order.event': { guard: 'isNewlyPaid', target: 'fresh', actions: 'highlight' } } },
        // Each highlight ends on its own; the last one's end leaves none.
        fresh: {
          always: { guard: 'isAllFaded', target: 'none' },
          on: {
            'order.event': { guard: 'isNewlyPaid', actions: 'highlight' },
            'kitchen.fade': { actions: 'fade' },
          },
        },
      },
    },
    sound: {
      initial: 'off',
      states: {
        off: { on: { 'kitchen.sound': { target: 'on', actions: 'prepareChime' } } },
        on: {
          on: {
            'kitchen.sound': { target: 'off' },
            'order.event': { guard: 'isNewlyPaid', actions: 'playChime' },
          },
        },
      },
    },
  },
});

export type KitchenBoardSnapshot = SnapshotFrom<typeof kitchenBoardMachine>;
export type KitchenBoardRef = ActorRefFrom<typeof kitchenBoardMachine>;
