import {
  type ActorRefFrom,
  assign,
  enqueueActions,
  fromCallback,
  raise,
  type SnapshotFrom,
  setup,
} from 'xstate';
import { type KitchenSettings, SLOT_MINUTES } from '../contract/kitchen.ts';
import { isOnBoard, KITCHEN_BOARD_IDS_MAX } from '../contract/kitchen-lanes.ts';
import type { Order } from '../contract/order.ts';
import type { KitchenColumn, OrderEvent, OrderState } from '../contract/order-lifecycle.ts';
import type { OrderStreamActorEvent } from '../contract/order-stream.ts';
import { errorMessage } from './error-message.ts';
import { type OrderFeedListener, orderFeedMachine } from './order-feed.machine.ts';
import { providedLater } from './provided.ts';

/** How long a newly paid order stays highlighted. */
export const FRESH_MS = 60_000;

/** The tickets on the board, by order id. */
export type BoardOrders = Record<string, Order>;

/** How long the board waits before asking again for tickets it could not read. */
export const RETRY_MS = 5_000;

/** How long before its planned time a scheduled order's step asks staff to confirm it. */
export const AHEAD_MS = SLOT_MINUTES * 60_000;

/** The board's tickets after one event: its order moved to the event's state, or off the board. */
export function applyEvent(orders: BoardOrders, event: OrderEvent): BoardOrders {
  const held = orders[event.orderId];
  if (!held) return orders;
  const { [event.orderId]: _, ...rest } = orders;
  return isOnBoard(event.to) ? { ...orders, [event.orderId]: { ...held, state: event.to } } : rest;
}

/**
 * The board's tickets after a move's answer: the order as the server has it now, unless an event
 * heard meanwhile moved it on further (the stream is ordered; an answer may come after it).
 */
export function applyAnswer(orders: BoardOrders, move: KitchenMove, answer: Order): BoardOrders {
  const held = orders[answer._id];
  if (held && held.state !== move.from && held.state !== answer.state) return orders;
  const { [answer._id]: _, ...rest } = orders;
  return isOnBoard(answer.state) ? { ...orders, [answer._id]: answer } : rest;
}

/** The tickets of a read, keyed by order id (a read by id may name orders that left the board). */
const keyed = (read: readonly Order[]): BoardOrders =>
  Object.fromEntries(read.filter((order) => isOnBoard(order.state)).map((order) => [order._id, order]));

/**
 * The tickets and the orders still to be read after these events: a ticket the board holds moves (or
 * leaves); an order it does not hold that comes onto the board is to be read by its id.
 */
export function hearAll(
  orders: BoardOrders,
  missing: readonly string[],
  events: readonly OrderEvent[],
): { orders: BoardOrders; missing: string[] } {
  let tickets = orders;
  const unread = new Set(missing);
  for (const event of events) {
    if (event.orderId in tickets) tickets = applyEvent(tickets, event);
    else if (isOnBoard(event.to)) unread.add(event.orderId);
    else unread.delete(event.orderId);
  }
  return { orders: tickets, missing: [...unread] };
}

/**
 * Whether a step of a scheduled order comes well before its plan: accepted or started before its
 * start, sent out or made ready before it should be ready (an order for 6:45 is not sent at noon
 * without staff saying so).
 */
export function isAheadOfPlan(order: Order | undefined, to: OrderState, at: number): boolean {
  if (!order?.scheduled) return false;
  const planned =
    to === 'accepted' || to === 'preparing'
      ? order.start_at
      : to === 'out_for_delivery' || to === 'ready_for_pickup'
        ? order.ready_at
        : null;
  return planned != null && Date.parse(planned) - at > AHEAD_MS;
}

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
  /** A card's button, at `at` on the device's clock (a step well ahead of its plan is confirmed first). */
  | ({ type: 'kitchen.move'; at: number } & KitchenMove)
  /** Staff confirm the step ahead of plan, or go back on it. */
  | { type: 'kitchen.confirm' }
  | { type: 'kitchen.back' }
  | { type: 'kitchen.retry' }
  | { type: 'kitchen.sound' }
  /** Staff allow the remembered sound (a tap: browsers play audio only after one). */
  | { type: 'kitchen.sound.allow' }
  /** The busy switch: every estimate gets the kitchen's busy minutes while it is on. */
  | { type: 'kitchen.busy' }
  /** The tickets that could not be read are asked for again: raised by the board, RETRY_MS after. */
  | { type: 'kitchen.tickets.retry' }
  /** A Later ticket's start has come (the page's clock): it flashes and chimes as a new one does. */
  | { type: 'kitchen.started'; orderId: string; transactionId: string }
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
  /** The tickets: null until the first read answers, then kept up to date by the stream and the moves. */
  orders: BoardOrders | null;
  /** Why the last read failed. */
  error: string | null;
  /** The events heard while a read is under way: applied again to what it reads. */
  heard: OrderEvent[];
  /** Orders heard of on the stream whose tickets the board does not have yet. */
  missing: string[];
  /** The ids the read under way asked for (others heard meanwhile wait for the next read). */
  asking: string[];
  /** The newly paid orders still highlighted, oldest first. */
  fresh: string[];
  /** The newest order new to the kitchen, for the live region to name (paid online, or cash). */
  announced: { orderId: string; transactionId: string; cash: boolean; started: boolean } | null;
  /** The move under way (or waiting for staff to confirm it), or the last one refused. */
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
type StartedEvent = Extract<KitchenBoardEvent, { type: 'kitchen.started' }>;

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
      readTickets: 'readTickets';
      moveOrder: 'moveOrder';
      readKitchen: 'readKitchen';
      saveBusy: 'saveBusy';
      printTicket: 'printTicket';
    },
  },
  actors: {
    readBoard: providedLater<Order[]>('readBoard'),
    readTickets: providedLater<Order[], string[]>('readTickets'),
    moveOrder: providedLater<Order, KitchenMove>('moveOrder'),
    orderFeed: orderFeedMachine,
    readKitchen: providedLater<KitchenSettings>('readKitchen'),
    saveBusy: providedLater<KitchenSettings, KitchenSettings>('saveBusy'),
    printTicket,
  },
  delays: { fresh: FRESH_MS, retry: RETRY_MS },
  guards: {
    isLive: ({ event }) => event.type === 'order.stream' && event.status === 'live',
    /** An order new to the kitchen: paid online, or placed to be paid in cash. */
    isNewlyPaid: ({ event }) =>
      event.type === 'order.event' && (event.event.to === 'paid' || event.event.to === 'placed'),
    isAheadOfPlan: ({ context, event }) =>
      event.type === 'kitchen.move' && isAheadOfPlan(context.orders?.[event.orderId], event.to, event.at),
    isMissing: ({ context }) => context.missing.length > 0,
    isAllFaded: ({ context }) => context.fresh.length === 0,
    wasSoundOn: ({ context }) => context.soundOn,
    /** This board accepted the order (another tablet's acceptance is only an event) with printing on. */
    isAcceptedToPrint: ({ context }) => context.autoPrint && context.move?.to === 'accepted',
    isQueued: ({ context }) => context.queued.length > 0,
  },
  actions: {
    hear: assign(({ context, event }) =>
      event.type === 'order.event' && context.orders
        ? hearAll(context.orders, context.missing, [event.event])
        : {},
    ),
    /** Kept while a read is under way, to be applied again to what it reads. */
    keepHeard: assign({
      heard: ({ context, event }) =>
        event.type === 'order.event' ? [...context.heard, event.event] : context.heard,
    }),
    startMove: assign({
      move: ({ event }) => {
        if (event.type !== 'kitchen.move') throw new Error(`startMove on ${event.type}`);
        const { type: _, at: __, ...move } = event;
        return move;
      },
      problem: null,
    }),
    applyAnswer: assign({
      orders: ({ context, event }) =>
        context.orders && context.move && 'output' in event
          ? applyAnswer(context.orders, context.move, event.output as Order)
          : context.orders,
    }),
    highlight: enqueueActions(({ context, event, enqueue }) => {
      const { orderId, transactionId } = event.type === 'order.event' ? event.event : (event as StartedEvent);
      const cash = event.type === 'order.event' ? event.event.to === 'placed' : false;
      enqueue.assign({
        fresh: [...context.fresh.filter((id) => id !== orderId), orderId],
        announced: { orderId, transactionId, cash, started: event.type === 'kitchen.started' },
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
    orders: null,
    error: null,
    heard: [],
    missing: [],
    asking: [],
    fresh: [],
    announced: null,
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
    // One read when the stream is live (read before, a change between the two would be missed), and one
    // catch-up read each time it is live again after a cut; between them the stream's events and the
    // moves' answers keep the tickets. A failed read keeps the tickets; Try again, or the stream live
    // again, reads again.
    read: {
      initial: 'connecting',
      states: {
        connecting: { on: { 'order.stream': { guard: 'isLive', target: 'reading' } } },
        reading: {
          entry: assign({ heard: [] }),
          invoke: {
            id: 'readBoard',
            src: 'readBoard',
            onDone: {
              target: 'live',
              actions: assign(({ context, event }) => ({
                ...hearAll(keyed(event.output), context.missing, context.heard),
                heard: [],
                error: null,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => errorMessage(event.error), heard: [] }),
            },
          },
          on: {
            'order.event': { actions: ['hear', 'keepHeard'] },
            // Cut and live again during the read: what it reads may be older than what was missed.
            'order.stream': { guard: 'isLive', target: 'reading', reenter: true },
          },
        },
        live: {
          on: {
            'order.event': { actions: 'hear' },
            'order.stream': { guard: 'isLive', target: 'reading' },
          },
        },
        failed: {
          on: {
            'kitchen.retry': { target: 'reading' },
            'order.event': { actions: 'hear' },
            'order.stream': { guard: 'isLive', target: 'reading' },
          },
        },
      },
    },
    // The tickets of orders heard of on the stream before the board had them, read by their ids.
    tickets: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'isMissing', target: 'reading' } },
        reading: {
          entry: assign({ asking: ({ context }) => context.missing.slice(0, KITCHEN_BOARD_IDS_MAX) }),
          invoke: {
            id: 'readTickets',
            src: 'readTickets',
            input: ({ context }) => context.asking,
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const asked = new Set(context.asking);
                const read = new Set(event.output.map((order) => order._id));
                const kept = Object.entries(context.orders ?? {}).filter(([id]) => !read.has(id));
                return {
                  orders: { ...Object.fromEntries(kept), ...keyed(event.output) },
                  missing: context.missing.filter((id) => !asked.has(id)),
                  asking: [],
                };
              }),
            },
            onError: { target: 'failed', actions: assign({ asking: [] }) },
          },
        },
        // The ids stay to be read: again a little later.
        failed: {
          entry: raise({ type: 'kitchen.tickets.retry' }, { delay: 'retry' }),
          on: { 'kitchen.tickets.retry': { target: 'idle' } },
        },
      },
    },
    move: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'kitchen.move': [
              { guard: 'isAheadOfPlan', target: 'confirming', actions: 'startMove' },
              { target: 'moving', actions: 'startMove' },
            ],
          },
        },
        // A scheduled order's step well ahead of its plan: staff say they mean it.
        confirming: {
          on: {
            'kitchen.confirm': { target: 'moving' },
            'kitchen.back': { target: 'idle', actions: assign({ move: null }) },
          },
        },
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
                  'applyAnswer',
                  assign({ move: null }),
                ],
              },
              { target: 'idle', actions: ['applyAnswer', assign({ move: null })] },
            ],
            // Refused (moved meanwhile by someone else, say: the stream tells the board where it is) or failed.
            onError: {
              target: 'refused',
              actions: assign({
                problem: ({ context, event }) =>
                  `Order ${context.move?.transactionId}: ${errorMessage(event.error)}`,
              }),
            },
          },
        },
        refused: {
          on: {
            'kitchen.move': [
              { guard: 'isAheadOfPlan', target: 'confirming', actions: 'startMove' },
              { target: 'moving', actions: 'startMove' },
            ],
          },
        },
      },
    },
    highlight: {
      initial: 'none',
      states: {
        none: {
          on: {
            'order.event': { guard: 'isNewlyPaid', target: 'fresh', actions: 'highlight' },
            'kitchen.started': { target: 'fresh', actions: 'highlight' },
          },
        },
        // Each highlight ends on its own; the last one's end leaves none.
        fresh: {
          always: { guard: 'isAllFaded', target: 'none' },
          on: {
            'order.event': { guard: 'isNewlyPaid', actions: 'highlight' },
            'kitchen.started': { actions: 'highlight' },
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
            'kitchen.started': { actions: 'playChime' },
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
