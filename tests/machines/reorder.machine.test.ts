import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { reorderMachine } from '../../machines/reorder.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { AGAIN, ORDER_TIME, reorderModel } from './support/models/reorder.ts';

describe('reorder machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(reorderModel);
  });

  it('orders again once per press, keeps what it did, and announces it', async () => {
    const orderAgain = vi.fn(async (_: { input: { id: string } }) => AGAIN);
    const announceAgain = vi.fn();
    const actor = createActor(
      reorderMachine.provide({ actors: { orderAgain: fromPromise(orderAgain) }, actions: { announceAgain } }),
      { input: { orderId: 'o7' } },
    ).start();
    actor.send({ type: 'reorder.again' });
    actor.send({ type: 'reorder.again' });
    const idle = await waitFor(actor, (s) => s.matches('idle') && s.context.again !== null);
    expect(orderAgain).toHaveBeenCalledTimes(1);
    expect(orderAgain.mock.calls[0]![0].input).toEqual({ id: 'o7' });
    expect(idle.context.again).toEqual(AGAIN);
    expect(announceAgain).toHaveBeenCalledWith(expect.anything(), { again: AGAIN });
  });

  it('goes to the payment page Pay now answers, or shows why there is none', async () => {
    const redirectTo = vi.fn();
    let refuse = true;
    const payNow = vi.fn(async ({ input }: { input: { id: string; orderTime: string } }) => {
      if (refuse) throw new Error('Margherita is sold out: use Order again');
      return { url: `https://pay.example/${input.id}`, fresh: true };
    });
    const actor = createActor(
      reorderMachine.provide({ actors: { payNow: fromPromise(payNow) }, actions: { redirectTo } }),
      { input: { orderId: 'o9' } },
    ).start();
    actor.send({ type: 'reorder.payNow', orderTime: ORDER_TIME });
    const refused = await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(refused.context.error).toBe('Margherita is sold out: use Order again');
    expect(redirectTo).not.toHaveBeenCalled();
    refuse = false;
    actor.send({ type: 'reorder.payNow', orderTime: ORDER_TIME });
    const gone = await waitFor(actor, (s) => s.status === 'done');
    expect(gone.context.error).toBeNull();
    expect(payNow.mock.calls[1]![0].input).toEqual({ id: 'o9', orderTime: ORDER_TIME });
    expect(redirectTo).toHaveBeenCalledWith(expect.anything(), { url: 'https://pay.example/o9' });
  });
});
