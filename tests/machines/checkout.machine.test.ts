import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, type OrderRequest, type ShippingForm } from '../../machines/checkout.machine.ts';
import type { Shipping } from '../../server/contract/order.ts';
import { expectFullCoverage, walkModel } from './support/model.ts';

const complete: ShippingForm = {
  fullName: 'Nadia Rahman',
  email: 'nadia@pizzon.test',
  phone: '01700000000',
  address: '12 Lake Road',
  postcode: '1205',
  city: 'Dhaka',
};
const request: OrderRequest = { total_price: 41.03, order_time: 'November 23,2026 08:05:09 PM' };

function fill(actor: { send: (event: never) => void }, form: ShippingForm) {
  for (const [field, value] of Object.entries(form))
    actor.send({ type: 'SHIPPING_INPUT', field, value } as never);
}

describe('checkout machine', () => {
  it('walks every state and transition', () => {
    const pending = checkoutMachine.provide({
      actors: { createPayment: fromPromise<string, Shipping & OrderRequest>(() => new Promise(() => {})) },
    });
    const coverage = walkModel(pending, [
      {
        // Two form contents (complete, city missing) keep the walk finite.
        input: { ...complete, city: '' },
        events: (snapshot) =>
          [
            { type: 'SHIPPING_INPUT', field: 'city', value: snapshot.context.shipping.city ? '' : 'Dhaka' },
            { type: 'checkout.submit', ...request },
            ...(snapshot.matches('submitting')
              ? [
                  {
                    type: 'xstate.done.actor.createPayment',
                    output: 'http://localhost:5000/sandbox-pay/PZ1',
                  },
                  { type: 'xstate.error.actor.createPayment', error: new Error('Prices have changed') },
                ]
              : []),
          ] as never,
      },
    ]);
    expectFullCoverage(coverage);
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
