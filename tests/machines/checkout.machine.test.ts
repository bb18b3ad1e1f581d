import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, type ShippingForm } from '../../machines/checkout.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { checkoutModel, complete, request } from './support/models/checkout.ts';

function fill(actor: { send: (event: never) => void }, form: ShippingForm) {
  for (const [field, value] of Object.entries(form))
    actor.send({ type: 'SHIPPING_INPUT', field, value } as never);
}

const nothingRemembered = fromPromise<Partial<ShippingForm>, void>(async () => ({}));

describe('checkout machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(checkoutModel);
  });

  it('sends nothing while a field is empty and says so in the spec’s words', () => {
    const createPayment = vi.fn(async () => 'url');
    const checkout = createActor(
      checkoutMachine.provide({
        actors: { createPayment: fromPromise(createPayment), rememberShipping: nothingRemembered },
      }),
      { input: { ...complete, phone: '  ' } },
    ).start();
    checkout.send({ type: 'checkout.submit', ...request });
    expect(checkout.getSnapshot().value).toBe('editing');
    expect(checkout.getSnapshot().context).toMatchObject({
      error: 'empty filed can not be submitted',
      invalidField: 'phone',
    });
    expect(createPayment).not.toHaveBeenCalled();
    // Typing into the named field takes the mark off; the spec's message stays until the next try.
    checkout.send({ type: 'SHIPPING_INPUT', field: 'phone', value: '0170' });
    expect(checkout.getSnapshot().context.invalidField).toBeNull();
  });

  it('fills what the customer left empty from what they gave before, never what they typed', async () => {
    let remember!: (details: Partial<ShippingForm>) => void;
    const checkout = createActor(
      checkoutMachine.provide({
        actors: {
          rememberShipping: fromPromise<Partial<ShippingForm>, void>(
            () => new Promise((resolve) => (remember = resolve)),
          ),
        },
      }),
      { input: { fullName: 'Nadia Rahman', email: 'nadia@pizzon.test' } },
    ).start();
    checkout.send({ type: 'SHIPPING_INPUT', field: 'city', value: 'Chattogram' });
    remember({ phone: '01700000000', address: '12 Lake Road', postcode: '1205', city: 'Dhaka' });
    await waitFor(checkout, (s) => s.context.shipping.phone !== '');
    expect(checkout.getSnapshot().context.shipping).toEqual({
      fullName: 'Nadia Rahman',
      email: 'nadia@pizzon.test',
      phone: '01700000000',
      address: '12 Lake Road',
      postcode: '1205',
      city: 'Chattogram',
    });
  });

  it('places one order for a double click and sends the browser to the payment page', async () => {
    const createPayment = vi.fn(async () => 'http://localhost:5000/sandbox-pay/PZ1');
    const redirectTo = vi.fn();
    const checkout = createActor(
      checkoutMachine.provide({
        actors: { createPayment: fromPromise(createPayment), rememberShipping: nothingRemembered },
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
        actors: {
          createPayment: fromPromise(() => Promise.reject(new Error('Prices have changed'))),
          rememberShipping: nothingRemembered,
        },
      }),
      { input: complete },
    ).start();
    checkout.send({ type: 'checkout.submit', ...request });
    const back = await waitFor(checkout, (s) => s.matches('editing') && s.context.error !== null);
    expect(back.context).toMatchObject({ shipping: complete, error: 'Prices have changed' });
  });
});
