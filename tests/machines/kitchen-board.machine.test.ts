import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { Order } from '../../contract/order.ts';
import {
  findTransition,
  KITCHEN_COLUMNS,
  KITCHEN_STEP_ACTIONS,
  KITCHEN_STEPS,
  nextKitchenStep,
  ORDER_TYPES,
  type OrderState,
} from '../../contract/order-lifecycle.ts';
import type { OrderStreamActorEvent } from '../../contract/order-stream.ts';
import {
  type BoardColumns,
  FRESH_MS,
  type KitchenMove,
  kitchenBoardMachine,
} from '../../machines/kitchen-board.machine.ts';
import { orderFeedMachine } from '../../machines/order-feed.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { ACCEPT, accepted, BOARD, kitchenBoardModel, paid } from './support/models/kitchen-board.ts';

/** A call the test answers when it likes. */
function held<T, Input = void>() {
  const calls: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = [];
  const logic = fromPromise<T, Input>(
    () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject })),
  );
  return { calls, logic };
}

/** The board with its reads and moves held, its stream spoken through `stream`, and its chime spied on. */
function aBoard() {
  const reads = held<BoardColumns>();
  const moves = held<Order, KitchenMove>();
  const stream = { send: (_event: OrderStreamActorEvent) => {} };
  const chime = { prepare: vi.fn(), play: vi.fn() };
  const clock = new SimulatedClock();
  const board = createActor(
    kitchenBoardMachine.provide({
      actors: {
        readBoard: reads.logic,
        moveOrder: moves.logic,
        // The real feed: what the stream reports reaches the board through it.
        orderFeed: orderFeedMachine.provide({
          actors: {
            followOrders: fromCallback(({ sendBack }) => {
              stream.send = sendBack;
            }),
          },
        }),
      },
      actions: { prepareChime: chime.prepare, playChime: chime.play },
    }),
    { clock },
  ).start();
  return { board, reads, moves, stream, chime, clock, state: () => board.getSnapshot() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('kitchen board machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(kitchenBoardModel);
  });

  it('reads the board again for each change its feed tells of, one read at a time', async () => {
    const { reads, stream, state } = aBoard();
    expect(reads.calls).toHaveLength(1);
    // Two orders move while the first read runs: one more read, after it.
    stream.send({ type: 'order.event', event: accepted });
    stream.send({ type: 'order.event', event: paid('n1') });
    expect(reads.calls).toHaveLength(1);
    reads.calls[0]!.resolve(BOARD);
    await settle();
    expect(reads.calls).toHaveLength(2);
    // The stream goes live during that read (it starts at the newest event): one more again.
    stream.send({ type: 'order.stream', status: 'live' });
    reads.calls[1]!.resolve(BOARD);
    await settle();
    expect(reads.calls).toHaveLength(3);
    reads.calls[2]!.resolve(BOARD);
    await settle();
    expect(state().matches({ read: 'shown' })).toBe(true);
    expect(state().context.columns).toEqual(BOARD);
    // Shown: a change is read at once; a cut is not a change.
    stream.send({ type: 'order.stream', status: 'reconnecting' });
    expect(reads.calls).toHaveLength(3);
    stream.send({ type: 'order.stream', status: 'live' });
    expect(reads.calls).toHaveLength(4);
  });

  it('keeps the cards when a read fails, and reads again on Try again or the next change', async () => {
    const { board, reads, stream, state } = aBoard();
    reads.calls[0]!.resolve(BOARD);
    await settle();
    stream.send({ type: 'order.event', event: accepted });
    reads.calls[1]!.reject(new Error('The kitchen is briefly offline'));
    await settle();
    expect(state().matches({ read: 'failed' })).toBe(true);
    expect(state().context).toMatchObject({ columns: BOARD, error: 'The kitchen is briefly offline' });
    stream.send({ type: 'order.event', event: accepted });
    expect(reads.calls).toHaveLength(3);
    reads.calls[2]!.reject(new Error('offline'));
    await settle();
    expect(state().context.error).toBe('offline');
    board.send({ type: 'kitchen.retry' });
    expect(reads.calls).toHaveLength(4);
    reads.calls[3]!.resolve(BOARD);
    await settle();
    expect(state().matches({ read: 'shown' })).toBe(true);
    expect(state().context.error).toBeNull();
  });

  it('moves one card at a time; a refusal stays in its column until the next move', async () => {
    const { board, reads, moves, state } = aBoard();
    reads.calls[0]!.resolve(BOARD);
    await settle();
    board.send({ type: 'kitchen.move', ...ACCEPT });
    expect(state().matches({ move: 'moving' })).toBe(true);
    expect(state().can({ type: 'kitchen.move', ...ACCEPT })).toBe(false);
    moves.calls[0]!.reject(new Error('This order is accepted already'));
    await settle();
    expect(state().matches({ move: 'refused' })).toBe(true);
    expect(state().context.problem).toBe('Order T-a: This order is accepted already');
    expect(state().context.move?.from).toBe('paid');
    // The board is read again, to show the card where it is now.
    expect(reads.calls).toHaveLength(2);
    const cancel: KitchenMove = { ...ACCEPT, to: 'refund_due', note: 'Out of dough' };
    board.send({ type: 'kitchen.move', ...cancel });
    expect(state().context).toMatchObject({ problem: null, move: cancel });
    moves.calls[1]!.resolve(BOARD.paid[0]!);
    await settle();
    expect(state().matches({ move: 'idle' })).toBe(true);
    expect(state().context).toMatchObject({ problem: null, move: null, owed: true });
  });

  it('highlights and announces a newly paid order for a minute of its own, chiming when the sound is on', () => {
    const { board, stream, chime, clock, state } = aBoard();
    stream.send({ type: 'order.event', event: paid('n1') });
    expect(state().context).toMatchObject({ fresh: ['n1'], announcement: 'New paid order T-n1' });
    expect(chime.play).not.toHaveBeenCalled();
    board.send({ type: 'kitchen.sound' });
    expect(chime.prepare).toHaveBeenCalledOnce();
    clock.increment(FRESH_MS / 2);
    stream.send({ type: 'order.event', event: paid('n2') });
    expect(chime.play).toHaveBeenCalledOnce();
    expect(state().context).toMatchObject({ fresh: ['n1', 'n2'], announcement: 'New paid order T-n2' });
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

  it('never takes a delivery to the counter, nor a pickup to the door', () => {
    expect(nextKitchenStep('preparing', 'delivery')).toBe('out_for_delivery');
    expect(nextKitchenStep('preparing', 'pickup')).toBe('ready_for_pickup');
    expect(findTransition('preparing', 'ready_for_pickup', 'staff', 'delivery')).toBeUndefined();
    expect(findTransition('preparing', 'out_for_delivery', 'staff', 'pickup')).toBeUndefined();
  });
});
