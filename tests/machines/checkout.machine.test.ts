import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, type ShippingForm } from '../../machines/checkout.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { checkoutModel, complete, request } from './support/models/checkout.ts';

function fill(actor: { send: (event: never) => void }, form: ShippingForm) {
  for (const [field, value] of Object.entries(form))
    actor.send({ type: 'SHIPPING_INPUT', field, value } as never);
}

describe('checkout machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(checkoutModel);
  });

  it('sends nothing while a field is empty and says so in the spec’s words', () => {
    const createPayment = vi.fn(async () => 'url');
    const checkout = createActor(
      checkoutMachine.provide({ actors: { createPayment: fromPromise(createPayment) } }),
      { input: { ...complete, phone: '  ' } },
    ).start();
    checkout.send({ type: 'checkout.submit', ...request });
    expect(checkout.getSnapshot().value).toBe('editing');
    expect(checkout.getSnapshot().context.error).toBe('empty filed can not be submitted');
    expect(createPayment).not.toHaveBeenCalled();
  });

  it('places one order for a double click and sends the browser to the payment page', async () => {
    const createPayment = vi.fn(async () => 'http://localhost:5000/sandbox-pay/PZ1');
    const redirectTo = vi.fn();
    const checkout = createActor(
      checkoutMachine.provide({
        actors: { createPayment: fromPromise(createPayment) },
        actions: { redirectTo },
      }),
      { input: {} },
    ).start();
    fill(checkout, complete);
    checkout.send({ type: 'checkout.submit', ...request });
    checkout.send({ type: 'checkout.submit', ...request });
    await waitFor(checkout, (s) => s.status === 'done');
    expect(createPayment).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ input: { ...complete, ...request } }),
    );
    expect(redirectTo).toHaveBeenCalledWith(expect.anything(), {
      url: 'http://localhost:5000/sandbox-pay/PZ1',
    });
  });

  it('keeps the form and shows the reason when the order is refused', async () => {
    const checkout = createActor(
      checkoutMachine.provide({
        actors: { createPayment: fromPromise(() => Promise.reject(new Error('Prices have changed'))) },
      }),
      { input: complete },
    ).start();
    checkout.send({ type: 'checkout.submit', ...request });
    const back = await waitFor(checkout, (s) => s.matches('editing') && s.context.error !== null);
    expect(back.context).toMatchObject({ shipping: complete, error: 'Prices have changed' });
  });
});
