import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { DEFAULT_KITCHEN_SETTINGS, type KitchenSettings } from '../../contract/kitchen.ts';
import { boardLanes } from '../../contract/kitchen-lanes.ts';
import type { Order } from '../../contract/order.ts';
import {
  CASH_KITCHEN_STEPS,
  findTransition,
  KITCHEN_COLUMNS,
  KITCHEN_STEP_ACTIONS,
  KITCHEN_STEPS,
  kitchenStepAction,
  nextKitchenStep,
  ORDER_TYPES,
  type OrderState,
} from '../../contract/order-lifecycle.ts';
import type { OrderStreamActorEvent } from '../../contract/order-stream.ts';
import {
  AHEAD_MS,
  applyAnswer,
  FRESH_MS,
  hearAll,
  type KitchenBoardContext,
  type KitchenBoardInput,
  type KitchenMove,
  kitchenBoardMachine,
  RETRY_MS,
} from '../../machines/kitchen-board.machine.ts';
import { orderFeedMachine } from '../../machines/order-feed.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import {
  ACCEPT,
  ACCEPT_EARLY,
  AT,
  accepted,
  BOARD,
  kitchenBoardModel,
  paid,
  paidTicket,
} from './support/models/kitchen-board.ts';

/** A call the test answers when it likes. */
function held<T, Input = void>() {
  const calls: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = [];
  const logic = fromPromise<T, Input>(
    () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject })),
  );
  return { calls, logic };
}

/**
 * The board with its reads and moves held, its stream spoken through `stream`, its chime and the sound's
 * memory spied on, and the kitchen's busy switch held.
 */
function aBoard(input: KitchenBoardInput = { soundOn: false }) {
  const reads = held<Order[]>();
  const ticketReads = held<Order[], string[]>();
  const moves = held<Order, KitchenMove>();
  const kitchen = held<KitchenSettings>();
  const busy = held<KitchenSettings, KitchenSettings>();
  const remembered: boolean[] = [];
  const rememberedPrinting: Array<Pick<KitchenBoardContext, 'roll' | 'autoPrint'>> = [];
  /** The tickets the printer was handed, in order; each prints until the test says it is done. */
  const printed: Order[] = [];
  const stream = { send: (_event: OrderStreamActorEvent) => {} };
  const chime = { prepare: vi.fn(), play: vi.fn() };
  const clock = new SimulatedClock();
  /** The ids each read of tickets asked for. */
  const asked: string[][] = [];
  const board = createActor(
    kitchenBoardMachine.provide({
      actors: {
        readBoard: reads.logic,
        readTickets: fromPromise<Order[], string[]>(({ input }) => {
          asked.push(input);
          return new Promise<Order[]>((resolve, reject) => ticketReads.calls.push({ resolve, reject }));
        }),
        moveOrder: moves.logic,
        // The real feed: what the stream reports reaches the board through it.
        orderFeed: orderFeedMachine.provide({
          actors: {
            followOrders: fromCallback(({ sendBack }) => {
              stream.send = sendBack;
            }),
          },
        }),
        readKitchen: kitchen.logic,
        saveBusy: busy.logic,
        printTicket: fromCallback(({ input }: { input: Order }) => {
          printed.push(input);
        }),
      },
      actions: {
        prepareChime: chime.prepare,
        playChime: chime.play,
        rememberSound: ({ context }) => remembered.push(context.soundOn),
        rememberPrinting: ({ context }) =>
          rememberedPrinting.push({ roll: context.roll, autoPrint: context.autoPrint }),
      },
    }),
    { clock, input },
  ).start();
  return {
    board,
    reads,
    ticketReads,
    asked,
    moves,
    stream,
    chime,
    clock,
    kitchen,
    busy,
    remembered,
    rememberedPrinting,
    printed,
    state: () => board.getSnapshot(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('kitchen board machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(kitchenBoardModel);
  });

  it('reads the board once the stream is live, then keeps it from the events alone', async () => {
    const { reads, stream, state, asked, ticketReads } = aBoard();
    // Read before the stream is live, a change between the two would be missed.
    expect(reads.calls).toHaveLength(0);
    stream.send({ type: 'order.stream', status: 'live' });
    expect(reads.calls).toHaveLength(1);
    // An order moves while the read runs: applied to what it reads.
    stream.send({ type: 'order.event', event: accepted });
    reads.calls[0]!.resolve(BOARD);
    await settle();
    expect(state().matches({ read: 'live' })).toBe(true);
    expect(state().context.orders?.a?.state).toBe('accepted');
    expect(state().context.orders?.b?.state).toBe('paid');
    // A new order: its ticket alone is read, by its id; the board is not read again.
    stream.send({ type: 'order.event', event: paid('n1') });
    expect(asked).toEqual([['n1']]);
    ticketReads.calls[0]!.resolve([paidTicket('n1')]);
    await settle();
    expect(Object.keys(state().context.orders!).sort()).toEqual(['a', 'b', 'n1']);
    expect(state().context.missing).toEqual([]);
    // Leaving the board takes the ticket off it.
    stream.send({
      type: 'order.event',
      event: { ...accepted, id: 9, sequence: 9, orderId: 'n1', from: 'paid', to: 'refund_due' },
    });
    expect(state().context.orders?.n1).toBeUndefined();
    expect(reads.calls).toHaveLength(1);
    // Cut, then live again: one catch-up read.
    stream.send({ type: 'order.stream', status: 'reconnecting' });
    expect(reads.calls).toHaveLength(1);
    stream.send({ type: 'order.stream', status: 'live' });
    expect(reads.calls).toHaveLength(2);
    reads.calls[1]!.resolve([paidTicket('c')]);
    await settle();
    // The catch-up read is the board: what left it meanwhile is gone, what came is there, once.
    expect(Object.keys(state().context.orders!)).toEqual(['c']);
  });

  it('keeps the tickets when a read fails, and reads again on Try again or when live again', async () => {
    const { board, reads, stream, state } = aBoard();
    stream.send({ type: 'order.stream', status: 'live' });
    reads.calls[0]!.resolve(BOARD);
    await settle();
    stream.send({ type: 'order.stream', status: 'reconnecting' });
    stream.send({ type: 'order.stream', status: 'live' });
    reads.calls[1]!.reject(new Error('The kitchen is briefly offline'));
    await settle();
    expect(state().matches({ read: 'failed' })).toBe(true);
    expect(state().context.error).toBe('The kitchen is briefly offline');
    expect(Object.keys(state().context.orders!)).toEqual(['a', 'b']);
    // Events still move the tickets it has.
    stream.send({ type: 'order.event', event: accepted });
    expect(state().context.orders?.a?.state).toBe('accepted');
    expect(reads.calls).toHaveLength(2);
    board.send({ type: 'kitchen.retry' });
    expect(reads.calls).toHaveLength(3);
    reads.calls[2]!.resolve(BOARD);
    await settle();
    expect(state().matches({ read: 'live' })).toBe(true);
    expect(state().context.error).toBeNull();
  });

  it('asks again, a little later, for tickets it could not read', async () => {
    const { reads, stream, clock, asked, ticketReads, state } = aBoard();
    stream.send({ type: 'order.stream', status: 'live' });
    reads.calls[0]!.resolve(BOARD);
    await settle();
    stream.send({ type: 'order.event', event: paid('n1') });
    ticketReads.calls[0]!.reject(new Error('offline'));
    await settle();
    expect(state().matches({ tickets: 'failed' })).toBe(true);
    stream.send({ type: 'order.event', event: paid('n2') });
    expect(asked).toHaveLength(1);
    clock.increment(RETRY_MS);
    expect(asked).toEqual([['n1'], ['n1', 'n2']]);
  });

  it('reads next the tickets of orders heard while a read by id was under way', async () => {
    const { reads, stream, asked, ticketReads, state } = aBoard();
    stream.send({ type: 'order.stream', status: 'live' });
    reads.calls[0]!.resolve(BOARD);
    await settle();
    stream.send({ type: 'order.event', event: paid('n1') });
    stream.send({ type: 'order.event', event: paid('n2') });
    expect(asked).toEqual([['n1']]);
    ticketReads.calls[0]!.resolve([paidTicket('n1')]);
    await settle();
    expect(asked).toEqual([['n1'], ['n2']]);
    ticketReads.calls[1]!.resolve([paidTicket('n2')]);
    await settle();
    expect(Object.keys(state().context.orders!).sort()).toEqual(['a', 'b', 'n1', 'n2']);
  });

  it('moves one ticket at a time, applying the answer; a refusal is kept until the next move', async () => {
    const { board, reads, moves, stream, state } = aBoard();
    stream.send({ type: 'order.stream', status: 'live' });
    reads.calls[0]!.resolve(BOARD);
    await settle();
    board.send({ type: 'kitchen.move', at: AT, ...ACCEPT });
    expect(state().matches({ move: 'moving' })).toBe(true);
    expect(state().can({ type: 'kitchen.move', at: AT, ...ACCEPT })).toBe(false);
    moves.calls[0]!.reject(new Error('This order is accepted already'));
    await settle();
    expect(state().matches({ move: 'refused' })).toBe(true);
    expect(state().context.problem).toBe('Order T-a: This order is accepted already');
    // Nothing is read again: the stream tells the board where the ticket is now.
    expect(reads.calls).toHaveLength(1);
    const cancel: KitchenMove = { ...ACCEPT, to: 'refund_due', note: 'Out of dough' };
    board.send({ type: 'kitchen.move', at: AT, ...cancel });
    expect(state().context).toMatchObject({ problem: null, move: cancel });
    moves.calls[1]!.resolve({ ...BOARD[0]!, state: 'refund_due' });
    await settle();
    expect(state().matches({ move: 'idle' })).toBe(true);
    expect(state().context).toMatchObject({ problem: null, move: null });
    // The answer took the ticket off the board, without a read.
    expect(state().context.orders?.a).toBeUndefined();
    expect(reads.calls).toHaveLength(1);
  });

  it('asks before a step well ahead of a scheduled order’s plan', async () => {
    const { board, reads, moves, stream, state } = aBoard();
    stream.send({ type: 'order.stream', status: 'live' });
    reads.calls[0]!.resolve(BOARD);
    await settle();
    board.send({ type: 'kitchen.move', at: AT, ...ACCEPT_EARLY });
    expect(state().matches({ move: 'confirming' })).toBe(true);
    expect(moves.calls).toHaveLength(0);
    board.send({ type: 'kitchen.back' });
    expect(state().matches({ move: 'idle' })).toBe(true);
    expect(state().context.move).toBeNull();
    board.send({ type: 'kitchen.move', at: AT, ...ACCEPT_EARLY });
    board.send({ type: 'kitchen.confirm' });
    expect(moves.calls).toHaveLength(1);
    // Within a slot of its start, it is on time: no question.
    moves.calls[0]!.resolve({ ...BOARD[1]!, state: 'accepted' });
    await settle();
    const start = Date.parse(BOARD[1]!.start_at!);
    board.send({
      type: 'kitchen.move',
      at: start - AHEAD_MS,
      ...ACCEPT_EARLY,
      from: 'accepted',
      to: 'preparing',
    });
    expect(state().matches({ move: 'moving' })).toBe(true);
  });

  it('keeps a ticket where the stream put it when the move’s answer comes after', () => {
    const orders = { a: { ...BOARD[0]!, state: 'preparing' as const } };
    // Accepted here; meanwhile another tablet started it, and its event came first.
    expect(applyAnswer(orders, ACCEPT, { ...BOARD[0]!, state: 'accepted' })).toBe(orders);
    // The answer's own state, heard first from the stream: the answer's fields are taken.
    const heard = { a: { ...BOARD[0]!, state: 'accepted' as const } };
    const answer = { ...BOARD[0]!, state: 'accepted' as const, ready_at: '2026-11-30T12:30:00.000Z' };
    expect(applyAnswer(heard, ACCEPT, answer).a).toBe(answer);
  });

  it('reads by id only the orders that came onto the board', () => {
    const { orders, missing } = hearAll(
      {},
      [],
      [
        paid('n1'),
        { ...accepted, orderId: 'gone', to: 'cancelled' },
        { ...paid('n2'), id: 7 },
        { ...accepted, id: 8, orderId: 'n2', from: 'paid', to: 'refund_due' },
      ],
    );
    expect(orders).toEqual({});
    expect(missing).toEqual(['n1']);
  });

  it('highlights and announces a newly paid order for a minute of its own, chiming when the sound is on', () => {
    const { board, stream, chime, clock, state } = aBoard();
    stream.send({ type: 'order.event', event: paid('n1') });
    expect(state().context).toMatchObject({
      fresh: ['n1'],
      announced: { orderId: 'n1', cash: false, started: false },
    });
    expect(chime.play).not.toHaveBeenCalled();
    board.send({ type: 'kitchen.sound' });
    expect(chime.prepare).toHaveBeenCalledOnce();
    clock.increment(FRESH_MS / 2);
    stream.send({ type: 'order.event', event: paid('n2') });
    expect(chime.play).toHaveBeenCalledOnce();
    expect(state().context).toMatchObject({ fresh: ['n1', 'n2'], announced: { orderId: 'n2' } });
    clock.increment(FRESH_MS / 2);
    expect(state().context.fresh).toEqual(['n2']);
    expect(state().matches({ highlight: 'fresh' })).toBe(true);
    clock.increment(FRESH_MS / 2);
    expect(state().context.fresh).toEqual([]);
    expect(state().matches({ highlight: 'none' })).toBe(true);
    board.send({ type: 'kitchen.sound' });
    stream.send({ type: 'order.event', event: accepted });
    stream.send({ type: 'order.event', event: paid('n1') });
    expect(chime.play).toHaveBeenCalledOnce();
  });
});

describe('the board’s sound and busy switch', () => {
  it('remembers the sound, and asks for a tap once when it was left on', () => {
    const { board, chime, remembered, state, stream } = aBoard({ soundOn: true });
    expect(state().matches({ sound: 'waitingForTap' })).toBe(true);
    stream.send({ type: 'order.stream', status: 'live' });
    stream.send({ type: 'order.event', event: paid('n1') });
    // Nothing plays before the tap a browser needs.
    expect(chime.play).not.toHaveBeenCalled();
    board.send({ type: 'kitchen.sound.allow' });
    expect(chime.prepare).toHaveBeenCalledOnce();
    stream.send({ type: 'order.event', event: paid('n2') });
    expect(chime.play).toHaveBeenCalledOnce();
    board.send({ type: 'kitchen.sound' });
    board.send({ type: 'kitchen.sound' });
    expect(remembered).toEqual([false, true]);
    // Left off, it starts off, asking nothing.
    expect(aBoard().state().matches({ sound: 'off' })).toBe(true);
  });

  it('shows the busy switch as the kitchen has it, each turn saved before it shows', async () => {
    const { board, kitchen, busy, state } = aBoard();
    board.send({ type: 'kitchen.busy' });
    expect(busy.calls).toHaveLength(0);
    kitchen.calls[0]!.resolve(DEFAULT_KITCHEN_SETTINGS);
    await Promise.resolve();
    board.send({ type: 'kitchen.busy' });
    expect(state().matches({ busy: 'saving' })).toBe(true);
    expect(state().context.kitchen?.busy).toBe(false);
    busy.calls[0]!.resolve({ ...DEFAULT_KITCHEN_SETTINGS, busy: true });
    await Promise.resolve();
    expect(state().context.kitchen?.busy).toBe(true);
    board.send({ type: 'kitchen.busy' });
    busy.calls[1]!.reject(new Error('The kitchen is briefly offline'));
    await Promise.resolve();
    expect(state().context).toMatchObject({
      busyError: 'The kitchen is briefly offline',
      kitchen: { busy: true },
    });
  });
});

describe('the board’s tickets', () => {
  const order = (id: string, state: OrderState = 'paid') =>
    ({ _id: id, transaction_id: `T-${id}`, state }) as Order;

  it('prints a card’s ticket, one at a time, the others waiting their turn; the last stays on the paper', () => {
    const { board, printed, state } = aBoard();
    expect(state().context.ticket).toBeNull();
    board.send({ type: 'kitchen.print', order: order('a') });
    expect(state().matches({ print: 'printing' })).toBe(true);
    expect(printed.map((o) => o._id)).toEqual(['a']);
    expect(state().context.ticket?._id).toBe('a');
    // Asked for while the first prints: printed after it, in turn.
    board.send({ type: 'kitchen.print', order: order('b') });
    board.send({ type: 'kitchen.print', order: order('c') });
    expect(printed.map((o) => o._id)).toEqual(['a']);
    board.send({ type: 'kitchen.printed' });
    expect(printed.map((o) => o._id)).toEqual(['a', 'b']);
    expect(state().context.ticket?._id).toBe('b');
    board.send({ type: 'kitchen.printed' });
    board.send({ type: 'kitchen.printed' });
    expect(printed.map((o) => o._id)).toEqual(['a', 'b', 'c']);
    expect(state().matches({ print: 'waiting' })).toBe(true);
    // The browser's own Print prints the last one again.
    expect(state().context).toMatchObject({ ticket: { _id: 'c' }, queued: [] });
  });

  it('prints nothing on acceptance unless turned on, then the ticket of each order this board accepts, once', async () => {
    const { board, reads, moves, printed, stream, state } = aBoard();
    stream.send({ type: 'order.stream', status: 'live' });
    reads.calls[0]!.resolve(BOARD);
    await settle();
    expect(state().context.autoPrint).toBe(false);
    board.send({ type: 'kitchen.move', at: AT, ...ACCEPT });
    moves.calls[0]!.resolve(order('a', 'accepted'));
    await settle();
    expect(printed).toEqual([]);

    board.send({ type: 'kitchen.autoPrint' });
    expect(state().context.autoPrint).toBe(true);
    // Another tablet accepts an order: this board only hears of it.
    stream.send({ type: 'order.event', event: accepted });
    // A move that is not an acceptance prints nothing; nor does an acceptance refused.
    board.send({ type: 'kitchen.move', at: AT, ...ACCEPT, from: 'accepted', to: 'preparing' });
    moves.calls[1]!.resolve(order('a', 'preparing'));
    await settle();
    board.send({ type: 'kitchen.move', at: AT, ...ACCEPT, orderId: 'x', transactionId: 'T-x' });
    moves.calls[2]!.reject(new Error('This order is accepted already'));
    await settle();
    expect(printed).toEqual([]);

    board.send({ type: 'kitchen.move', at: AT, ...ACCEPT, orderId: 'c', transactionId: 'T-c' });
    const answer = { ...order('c', 'accepted'), phone: '+880 1711 111111' };
    moves.calls[3]!.resolve(answer);
    await settle();
    // The order as the server answered the acceptance.
    expect(printed).toEqual([answer]);
    expect(state().matches({ print: 'printing' })).toBe(true);
    board.send({ type: 'kitchen.printed' });
    expect(printed).toHaveLength(1);
  });

  it('starts with the roll and printing on acceptance staff left, printing nothing for it', () => {
    const { board, printed, rememberedPrinting, state } = aBoard({
      soundOn: false,
      roll: 58,
      autoPrint: true,
    });
    expect(state().context).toMatchObject({ roll: 58, autoPrint: true, ticket: null });
    expect(state().matches({ print: 'waiting' })).toBe(true);
    expect(printed).toEqual([]);
    board.send({ type: 'kitchen.roll', roll: 80 });
    board.send({ type: 'kitchen.autoPrint' });
    expect(rememberedPrinting).toEqual([
      { roll: 80, autoPrint: true },
      { roll: 80, autoPrint: false },
    ]);
    // Never chosen: an 80 mm roll, and no printing on acceptance.
    expect(aBoard().state().context).toMatchObject({ roll: 80, autoPrint: false });
  });
});

describe('the board’s lanes', () => {
  const order = (id: string, fields: Partial<Order>) => ({ _id: id, state: 'paid', ...fields }) as Order;
  const now = Date.parse('2026-11-30T12:00:00.000Z');

  it('keeps a scheduled order in Later until its start, each lane soonest due first', () => {
    const columns: Record<string, Order[]> = {
      paid: [
        order('tonight', {
          scheduled: true,
          start_at: '2026-11-30T13:15:00.000Z',
          ready_at: '2026-11-30T13:30:00.000Z',
        }),
        order('soon', {
          scheduled: true,
          start_at: '2026-11-30T12:10:00.000Z',
          ready_at: '2026-11-30T12:25:00.000Z',
        }),
        // As soon as possible, behind the queue: it waits its turn in Paid.
        order('queued', { start_at: '2026-11-30T12:20:00.000Z', ready_at: '2026-11-30T12:35:00.000Z' }),
        order('now', { start_at: '2026-11-30T11:50:00.000Z', ready_at: '2026-11-30T12:05:00.000Z' }),
        // Paid before due times were kept: in Paid, by its payment.
        order('old', { paid_at: '2026-11-30T11:00:00.000Z' }),
      ],
      accepted: [
        order('b', { state: 'accepted', ready_at: '2026-11-30T12:40:00.000Z' }),
        order('a', { state: 'accepted', ready_at: '2026-11-30T12:20:00.000Z' }),
      ],
      placed: [],
      preparing: [],
      out_for_delivery: [],
      ready_for_pickup: [],
    };
    const lanes = boardLanes(Object.values(columns).flat(), now);
    expect(lanes.later.map((o) => o._id)).toEqual(['soon', 'tonight']);
    expect(lanes.paid.map((o) => o._id)).toEqual(['old', 'now', 'queued']);
    expect(lanes.accepted.map((o) => o._id)).toEqual(['a', 'b']);
    // When its start comes, it moves into Paid.
    expect(
      boardLanes(Object.values(columns).flat(), Date.parse('2026-11-30T12:10:00.000Z')).paid.map(
        (o) => o._id,
      ),
    ).toEqual(['old', 'now', 'soon', 'queued']);
  });
});

describe('the kitchen’s steps in the contract', () => {
  it.each(
    ORDER_TYPES,
  )('are the way forward of a %s in the lifecycle table, each a move staff may make, each with its button', (type) => {
    const steps: readonly OrderState[] = KITCHEN_STEPS[type];
    // Every step but the type's last has a column; the last takes the card off the board.
    expect(KITCHEN_COLUMNS.filter((column) => steps.includes(column))).toEqual(steps.slice(0, -1));
    for (const column of steps.slice(0, -1)) {
      const next = nextKitchenStep(column, type)!;
      expect(findTransition(column, next, 'staff', type)).toBeDefined();
      expect(KITCHEN_STEP_ACTIONS[next as keyof typeof KITCHEN_STEP_ACTIONS]).toMatch(/\S/);
    }
    expect(nextKitchenStep(steps.at(-1)!, type)).toBeUndefined();
  });

  it.each(
    ORDER_TYPES,
  )('are a cash %s’s way too: from Placed to the cash taken, each a move of its own', (type) => {
    const steps: readonly OrderState[] = CASH_KITCHEN_STEPS[type];
    expect(KITCHEN_COLUMNS.filter((column) => steps.includes(column))).toEqual(steps.slice(0, -1));
    for (const column of steps.slice(0, -1)) {
      const next = nextKitchenStep(column, type, 'cash')!;
      expect(findTransition(column, next, 'staff', type, 'cash')).toBeDefined();
    }
    // The last step is the cash taken; an online order's is the door or the counter.
    const last = steps.at(-1) as 'delivered' | 'collected';
    expect(kitchenStepAction(last, 'cash')).toBe('Mark cash taken');
    expect(kitchenStepAction(last, 'online')).toBe(KITCHEN_STEP_ACTIONS[last]);
    expect(nextKitchenStep('placed', type, 'online')).toBeUndefined();
    expect(nextKitchenStep('paid', type, 'cash')).toBeUndefined();
  });

  it('keeps a scheduled cash order in Later, then in Placed', () => {
    const scheduled = {
      _id: 'cash',
      state: 'placed',
      payment_method: 'cash',
      scheduled: true,
      start_at: '2026-11-30T13:15:00.000Z',
    } as Order;
    const empty = { paid: [], accepted: [], preparing: [], out_for_delivery: [], ready_for_pickup: [] };
    const columns: Record<string, Order[]> = { ...empty, placed: [scheduled] };
    expect(boardLanes(Object.values(columns).flat(), Date.parse('2026-11-30T12:00:00.000Z')).later).toEqual([
      scheduled,
    ]);
    const started = boardLanes(Object.values(columns).flat(), Date.parse('2026-11-30T13:20:00.000Z'));
    expect(started.later).toEqual([]);
    expect(started.placed).toEqual([scheduled]);
  });

  it('never takes a delivery to the counter, nor a pickup to the door', () => {
    expect(nextKitchenStep('preparing', 'delivery')).toBe('out_for_delivery');
    expect(nextKitchenStep('preparing', 'pickup')).toBe('ready_for_pickup');
    expect(findTransition('preparing', 'ready_for_pickup', 'staff', 'delivery')).toBeUndefined();
    expect(findTransition('preparing', 'out_for_delivery', 'staff', 'pickup')).toBeUndefined();
  });
});
