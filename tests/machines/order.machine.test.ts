import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { orderAction, orderMachine } from '../../machines/order.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { order, orderModel } from './support/models/order.ts';

describe('order machine', () => {
  it('walks every state and transition from every combination of flags', () => {
    expectFullCoverage(orderModel);
  });

  it('shows the spec’s Action for each pair of flags', () => {
    const action = (input: ReturnType<typeof order>) =>
      orderAction(createActor(orderMachine, { input }).start().getSnapshot());
    expect(action(order(false, false))).toBe('delete');
    expect(action(order(true, false))).toBe('hourglass');
    expect(action(order(true, true))).toBe('check');
    expect(action(order(false, false, true))).toBe('none');
  });

  it('lets only a validated notification pay, and only an admin confirm', () => {
    const actor = createActor(orderMachine, { input: order(false, false) }).start();
    actor.send({ type: 'order.paymentNotified', validated: false });
    expect(actor.getSnapshot().value).toBe('unpaid');
    actor.send({ type: 'order.confirm', role: 'admin' });
    expect(actor.getSnapshot().value).toBe('unpaid');
    actor.send({ type: 'order.paymentNotified', validated: true });
    actor.send({ type: 'order.confirm', role: 'user' });
    expect(actor.getSnapshot().value).toEqual({ paid: 'awaitingConfirmation' });
    actor.send({ type: 'order.delete' });
    expect(actor.getSnapshot().value).toEqual({ paid: 'awaitingConfirmation' });
    actor.send({ type: 'order.confirm', role: 'admin' });
    expect(actor.getSnapshot().value).toEqual({ paid: 'confirmed' });
  });

  it('deletes an unpaid order once and announces it; a refusal keeps it', async () => {
    const announceDeleted = vi.fn();
    const deleted = createActor(
      orderMachine.provide({
        actors: { deleteOrder: fromPromise(async () => ({ deletedCount: 1 })) },
        actions: { announceDeleted },
      }),
      { input: order(false, false) },
    ).start();
    deleted.send({ type: 'order.delete' });
    expect((await waitFor(deleted, (s) => s.status === 'done')).value).toBe('deleted');
    expect(announceDeleted).toHaveBeenCalledOnce();

    const announceFailure = vi.fn();
    const refused = createActor(
      orderMachine.provide({
        actors: {
          deleteOrder: fromPromise(() => Promise.reject(new Error('A paid order can not be deleted'))),
        },
        actions: { announceFailure },
      }),
      { input: order(false, false) },
    ).start();
    refused.send({ type: 'order.delete' });
    await waitFor(refused, (s) => s.matches('unpaid') && announceFailure.mock.calls.length > 0);
    expect(announceFailure).toHaveBeenCalledWith(expect.anything(), {
      message: 'A paid order can not be deleted',
    });
  });
});
