import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { orderAction, orderMachine, orderStateOf } from '../../machines/order.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { order, orderModel } from './support/models/order.ts';

describe('order machine', () => {
  it('walks every state and transition from every state the server may report', () => {
    expectFullCoverage(orderModel);
  });

  it('shows the spec’s Action for each state', () => {
    const action = (input: ReturnType<typeof order>) =>
      orderAction(createActor(orderMachine, { input }).start().getSnapshot());
    expect(action(order('awaiting_payment'))).toBe('delete');
    expect(action(order('paid'))).toBe('hourglass');
    expect(action(order('accepted'))).toBe('check');
    expect(action(order('delivered'))).toBe('check');
    expect(action(order('refund_due'))).toBe('none');
    expect(action(order('cancelled'))).toBe('none');
  });

  it('lets only the gateway pay, and only staff move a paid order on', () => {
    const actor = createActor(orderMachine, { input: order('awaiting_payment') }).start();
    actor.send({ type: 'order.transition', to: 'paid', by: 'customer' });
    expect(orderStateOf(actor.getSnapshot())).toBe('awaiting_payment');
    actor.send({ type: 'order.transition', to: 'paid', by: 'gateway' });
    actor.send({ type: 'order.transition', to: 'accepted', by: 'customer' });
    expect(actor.getSnapshot().value).toBe('paid');
    actor.send({ type: 'order.delete' });
    expect(actor.getSnapshot().value).toBe('paid');
    actor.send({ type: 'order.transition', to: 'accepted', by: 'staff' });
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(actor.getSnapshot().context.order.state).toBe('accepted');
  });

  it('deletes an unpaid order once and announces it; a refusal keeps it', async () => {
    const announceDeleted = vi.fn();
    const deleted = createActor(
      orderMachine.provide({
        actors: { deleteOrder: fromPromise(async () => ({ deletedCount: 1 })) },
        actions: { announceDeleted },
      }),
      { input: order('awaiting_payment') },
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
      { input: order('awaiting_payment') },
    ).start();
    refused.send({ type: 'order.delete' });
    await waitFor(
      refused,
      (s) => s.matches('awaiting_payment') && !s.hasTag('deleting') && announceFailure.mock.calls.length > 0,
    );
    expect(announceFailure).toHaveBeenCalledWith(expect.anything(), {
      message: 'A paid order can not be deleted',
    });
  });

  it('still announces a deletion whose cancellation the stream brings before the call answers', async () => {
    let answer!: (value: { deletedCount: number }) => void;
    const announceDeleted = vi.fn();
    const actor = createActor(
      orderMachine.provide({
        actors: {
          deleteOrder: fromPromise(
            () =>
              new Promise<{ deletedCount: number }>((resolve) => {
                answer = resolve;
              }),
          ),
        },
        actions: { announceDeleted },
      }),
      { input: order('awaiting_payment') },
    ).start();
    actor.send({ type: 'order.delete' });
    actor.send({ type: 'order.transition', to: 'cancelled', by: 'customer' });
    expect(actor.getSnapshot().hasTag('deleting')).toBe(true);
    answer({ deletedCount: 1 });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('deleted');
    expect(announceDeleted).toHaveBeenCalledOnce();
  });
});
