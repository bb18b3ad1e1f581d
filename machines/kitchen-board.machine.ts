import {
  type ActorRefFrom,
  assign,
  enqueueActions,
  fromCallback,
  raise,
  type SnapshotFrom,
  setup,
} from 'xstate';
import type { KitchenSettings } from '../contract/kitchen.ts';
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

/** The thermal rolls a kitchen's ticket printer takes, in millimetres. */
export const ROLL_WIDTHS = [58, 80] as const;
export type RollWidth = (typeof ROLL_WIDTHS)[number];

/** What the board was started with: the settings staff left on this device (kept by the browser). */
export interface KitchenBoardInput {
  soundOn: boolean;
  /** The ticket printer's roll (80 mm when never chosen). */
  roll?: RollWidth;
  /** Print an order's ticket when this board accepts it (off when never turned on). */
  autoPrint?: boolean;
}

/** The ticket printer: prints the ticket on the page's paper, then tells the board it is done. */
const printTicket = fromCallback<{ type: 'kitchen.printed' }, Order>(() => {
  throw new Error('printTicket is provided by src/actors');
});

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
  /** Staff allow the remembered sound (a tap: browsers play audio only after one). */
  | { type: 'kitchen.sound.allow' }
  /** The busy switch: every estimate gets the kitchen's busy minutes while it is on. */
  | { type: 'kitchen.busy' }
  /** A newly paid order's highlight ends: raised by the board itself, FRESH_MS after it began. */
  | { type: 'kitchen.fade'; orderId: string }
  /** Print an order's ticket: a card's button, or the board itself when it accepted the order. */
  | { type: 'kitchen.print'; order: Order }
  /** The printer is done with the ticket on the page's paper. */
  | { type: 'kitchen.printed' }
  | { type: 'kitchen.roll'; roll: RollWidth }
  /** Turns printing on acceptance on or off. */
  | { type: 'kitchen.autoPrint' };

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
  /** The kitchen's rules as last read or saved (null until read): the busy switch and its minutes. */
  kitchen: KitchenSettings | null;
  /** The sound is on, or was when staff last left the board (until they tap to allow it). */
  soundOn: boolean;
  /** Why the busy switch could not be read or turned. */
  busyError: string | null;
  roll: RollWidth;
  autoPrint: boolean;
  /**
   * The ticket on the page's paper: the one printing, or the last printed (the browser's own Print
   * prints it again). null until a ticket is asked for.
   */
  ticket: Order | null;
  /** Tickets asked for while another prints, oldest first. */
  queued: Order[];
}

const fadeId = (orderId: string) => `fade ${orderId}`;

/**
 * The kitchen board: the orders in each of the kitchen's columns, read again whenever the board's
 * live feed tells of a change (or the stream goes live: it starts at the newest event, so a change
 * just before would be missed) and after every move; a change during a read earns one more read, never
 * more than one at a time. A card moves one step at a time (or is cancelled with a reason); a refusal
 * is kept until the next move. A newly paid order is highlighted and announced, chimed when the sound
 * is on, and its highlight ends by itself a minute later. An order's ticket is printed one at a time,
 * from its card or as this board accepts it (when staff turned that on). Effects (the reads, the move,
 * the stream, the chime, the printer) come through `.provide()` from src/actors/kitchen.ts.
 */
export const kitchenBoardMachine = setup({
  types: {
    input: {} as KitchenBoardInput,
    context: {} as KitchenBoardContext,
    events: {} as KitchenBoardEvent,
    children: {} as {
      feed: 'orderFeed';
      readBoard: 'readBoard';
      moveOrder: 'moveOrder';
      readKitchen: 'readKitchen';
      saveBusy: 'saveBusy';
      printTicket: 'printTicket';
    },
  },
  actors: {
    readBoard: providedLater<BoardColumns>('readBoard'),
    moveOrder: providedLater<Order, KitchenMove>('moveOrder'),
    orderFeed: orderFeedMachine,
    readKitchen: providedLater<KitchenSettings>('readKitchen'),
    saveBusy: providedLater<KitchenSettings, KitchenSettings>('saveBusy'),
    printTicket,
  },
  delays: { fresh: FRESH_MS },
  guards: {
    isLive: ({ event }) => event.type === 'order.stream' && event.status === 'live',
    /** An order new to the kitchen: paid online, or placed to be paid in cash. */
    isNewlyPaid: ({ event }) =>
      event.type === 'order.event' && (event.event.to === 'paid' || event.event.to === 'placed'),
    isOwed: ({ context }) => context.owed,
    isAllFaded: ({ context }) => context.fresh.length === 0,
    wasSoundOn: ({ context }) => context.soundOn,
    /** This board accepted the order (another tablet's acceptance is only an event) with printing on. */
    isAcceptedToPrint: ({ context }) => context.autoPrint && context.move?.to === 'accepted',
    isQueued: ({ context }) => context.queued.length > 0,
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
      const { orderId, transactionId, to } = event.event;
      enqueue.assign({
        fresh: [...context.fresh.filter((id) => id !== orderId), orderId],
        announcement: `${to === 'placed' ? 'New cash order' : 'New paid order'} ${transactionId}`,
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
    /** Keeps `soundOn` for the next time the board opens (the browser's storage). */
    rememberSound: () => {},
    /** Keeps `roll` and `autoPrint` for the next time the board opens (the browser's storage). */
    rememberPrinting: () => {},
  },
}).createMachine({
  id: 'kitchenBoard',
  type: 'parallel',
  context: ({ input }) => ({
    columns: null,
    error: null,
    owed: false,
    fresh: [],
    announcement: '',
    move: null,
    problem: null,
    kitchen: null,
    busyError: null,
    soundOn: input.soundOn,
    roll: input.roll ?? 80,
    autoPrint: input.autoPrint ?? false,
    ticket: null,
    queued: [],
  }),
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
            onDone: [
              {
                guard: 'isAcceptedToPrint',
                target: 'idle',
                actions: [
                  raise(({ event }) => ({ type: 'kitchen.print' as const, order: event.output })),
                  assign({ move: null }),
                  'owe',
                ],
              },
              { target: 'idle', actions: [assign({ move: null }), 'owe'] },
            ],
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
    // On as staff left it; a browser plays nothing before a tap, so a remembered "on" asks for one, once.
    sound: {
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'wasSoundOn', target: 'waitingForTap' }, { target: 'off' }] },
        off: {
          on: {
            'kitchen.sound': {
              target: 'on',
              actions: ['prepareChime', assign({ soundOn: true }), 'rememberSound'],
            },
          },
        },
        waitingForTap: {
          on: {
            'kitchen.sound.allow': { target: 'on', actions: 'prepareChime' },
            'kitchen.sound': { target: 'off', actions: [assign({ soundOn: false }), 'rememberSound'] },
          },
        },
        on: {
          on: {
            'kitchen.sound': { target: 'off', actions: [assign({ soundOn: false }), 'rememberSound'] },
            'order.event': { guard: 'isNewlyPaid', actions: 'playChime' },
          },
        },
      },
    },
    // One ticket at a time: the page shows the ticket, then the printer prints it; those asked for
    // meanwhile wait their turn. The roll and printing on acceptance are this device's, remembered.
    print: {
      initial: 'waiting',
      on: {
        'kitchen.print': {
          actions: assign({ queued: ({ context, event }) => [...context.queued, event.order] }),
        },
        'kitchen.roll': { actions: [assign({ roll: ({ event }) => event.roll }), 'rememberPrinting'] },
        'kitchen.autoPrint': {
          actions: [assign({ autoPrint: ({ context }) => !context.autoPrint }), 'rememberPrinting'],
        },
      },
      states: {
        waiting: {
          always: {
            guard: 'isQueued',
            target: 'printing',
            actions: assign({
              ticket: ({ context }) => context.queued[0]!,
              queued: ({ context }) => context.queued.slice(1),
            }),
          },
        },
        printing: {
          // Entered only with a ticket taken from the queue.
          invoke: { id: 'printTicket', src: 'printTicket', input: ({ context }) => context.ticket! },
          on: { 'kitchen.printed': { target: 'waiting' } },
        },
      },
    },
    // The busy switch, shown as the server has it; each turn saved before it shows.
    busy: {
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'readKitchen',
            src: 'readKitchen',
            onDone: {
              target: 'shown',
              actions: assign({ kitchen: ({ event }) => event.output, busyError: null }),
            },
            onError: {
              target: 'unknown',
              actions: assign({ busyError: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
        unknown: { on: { 'kitchen.busy': { target: 'reading' } } },
        shown: { on: { 'kitchen.busy': { target: 'saving', actions: assign({ busyError: null }) } } },
        saving: {
          invoke: {
            id: 'saveBusy',
            src: 'saveBusy',
            // Entered only from `shown`, where the rules have been read: the switch turned, the rest as read.
            input: ({ context }) => ({ ...context.kitchen!, busy: !context.kitchen!.busy }),
            onDone: { target: 'shown', actions: assign({ kitchen: ({ event }) => event.output }) },
            onError: {
              target: 'shown',
              actions: assign({ busyError: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
      },
    },
  },
});

export type KitchenBoardSnapshot = SnapshotFrom<typeof kitchenBoardMachine>;
export type KitchenBoardRef = ActorRefFrom<typeof kitchenBoardMachine>;
