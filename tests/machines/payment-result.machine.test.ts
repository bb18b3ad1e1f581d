import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  CHECK_INTERVAL_MS,
  MAX_CHECKS,
  paymentResultMachine,
} from '../../machines/payment-result.machine.ts';
import type { PaymentStatus } from '../../server/contract/order.ts';
import { expectFullCoverage, walkModel } from './support/model.ts';

const status = (payment_status: boolean, closed = false): PaymentStatus => ({
  transaction_id: 'PZ1',
  payment_status,
  closed,
});
const input = { transactionId: 'PZ1' };

afterEach(() => vi.useRealTimers());

describe('payment result machine', () => {
  it('walks every state and transition', () => {
    const pending = paymentResultMachine.provide({
      actors: {
        fetchStatus: fromPromise<PaymentStatus, { transactionId: string }>(() => new Promise(() => {})),
      },
    });
    const coverage = walkModel(pending, [
      {
        input,
        events: (snapshot) =>
          [
            { type: 'payment.checkAgain' },
            ...(snapshot.matches('checking')
              ? [
                  { type: 'xstate.done.actor.fetchStatus', output: status(true) },
                  { type: 'xstate.done.actor.fetchStatus', output: status(false, true) },
                  { type: 'xstate.done.actor.fetchStatus', output: status(false) },
                  { type: 'xstate.error.actor.fetchStatus', error: new Error('Not found') },
                ]
              : []),
            ...(snapshot.matches('waiting')
              ? [{ type: 'xstate.after.checkInterval.paymentResult.waiting' }]
              : []),
          ] as never,
      },
    ]);
    expectFullCoverage(coverage);
  });

  it('asks again until the notification has arrived', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const actor = createActor(
      paymentResultMachine.provide({
        actors: { fetchStatus: fromPromise(async () => status(++calls >= 3)) },
      }),
      { input },
    ).start();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(actor.getSnapshot().value).toBe('paid');
    expect(calls).toBe(3);
  });

  it('stops asking after a bounded time and says the payment is not confirmed', async () => {
    vi.useFakeTimers();
    const fetchStatus = vi.fn(async () => status(false));
    const actor = createActor(
      paymentResultMachine.provide({ actors: { fetchStatus: fromPromise(fetchStatus) } }),
      {
        input,
      },
    ).start();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * (MAX_CHECKS + 5));
    expect(actor.getSnapshot().value).toBe('unconfirmed');
    expect(fetchStatus).toHaveBeenCalledTimes(MAX_CHECKS);
  });
});
