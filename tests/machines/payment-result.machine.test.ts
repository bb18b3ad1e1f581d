import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PaymentStatus } from '../../contract/order.ts';
import {
  CHECK_INTERVAL_MS,
  MAX_CHECKS,
  paymentResultMachine,
} from '../../machines/payment-result.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { input, paymentResultModel, status } from './support/models/payment-result.ts';

afterEach(() => vi.useRealTimers());

describe('payment result machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(paymentResultModel);
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

  it('keeps where the receipt went once paid, and nothing of it before', async () => {
    const actor = createActor(
      paymentResultMachine.provide({
        actors: {
          fetchStatus: fromPromise(
            async (): Promise<PaymentStatus> => ({ ...status(true), receipt: 'nadia@example.com' }),
          ),
        },
      }),
      { input },
    ).start();
    expect(actor.getSnapshot().context.receipt).toBeUndefined();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('paid'));
    expect(actor.getSnapshot().context.receipt).toBe('nadia@example.com');
  });
});
