import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Area } from '../../contract/delivery.ts';
import type { OrderSlots } from '../../contract/kitchen.ts';
import { cashOverLimit, type PaymentOptions } from '../../contract/payment-settings.ts';
import {
  checkoutMachine,
  type OrderToPlace,
  type Remembered,
  type ShippingForm,
  type SlotsQuery,
} from '../../machines/checkout.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import {
  AREAS,
  CASH_OFFERED,
  CLOSED,
  checkoutModel,
  complete,
  OPEN,
  request,
  SLOT_A,
  SLOT_B,
} from './support/models/checkout.ts';

type Checkout = ReturnType<typeof start>;

function fill(actor: Checkout, form: Partial<ShippingForm>) {
  for (const [field, value] of Object.entries(form))
    actor.send({ type: 'SHIPPING_INPUT', field: field as keyof ShippingForm, value: value ?? '' });
}

const nothingRemembered = fromPromise<Remembered, void>(async () => ({}));

/** A checkout whose areas and times answer at once (the times: `offer`, or by the query). */
function start(
  options: {
    input?: Partial<ShippingForm>;
    offer?: OrderSlots | ((query: SlotsQuery) => OrderSlots);
    createPayment?: (input: OrderToPlace) => Promise<string>;
    remember?: () => Promise<Remembered>;
    redirectTo?: () => void;
    payment?: PaymentOptions;
  } = {},
) {
  const readSlots = vi.fn(async ({ input }: { input: SlotsQuery }) =>
    typeof options.offer === 'function' ? options.offer(input) : (options.offer ?? OPEN),
  );
  const createPayment = vi.fn(async ({ input }: { input: OrderToPlace }) =>
    (options.createPayment ?? (async () => 'url'))(input),
  );
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        createPayment: fromPromise(createPayment),
        rememberShipping: options.remember ? fromPromise(options.remember) : nothingRemembered,
        readAreas: fromPromise<Area[], void>(async () => AREAS),
        readSlots: fromPromise(readSlots),
        ...(options.payment && { readPayment: fromPromise(async () => options.payment!) }),
      },
      actions: { redirectTo: options.redirectTo ?? (() => {}) },
    }),
    { input: options.input ?? {} },
  ).start();
  return Object.assign(actor, { readSlots, createPayment });
}

const ready = (checkout: Checkout) =>
  waitFor(checkout, (s) => s.matches({ editing: 'ready' }) && s.context.areas !== null);

describe('checkout machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(checkoutModel);
  });

  it('sends nothing while a field is empty and says so in the spec’s words', async () => {
    const checkout = start({ input: { ...complete, phone: '  ' } });
    await ready(checkout);
    checkout.send({ type: 'checkout.submit', ...request });
    expect(checkout.getSnapshot().matches('editing')).toBe(true);
    expect(checkout.getSnapshot().context).toMatchObject({
      error: 'empty filed can not be submitted',
      invalidField: 'phone',
    });
    expect(checkout.createPayment).not.toHaveBeenCalled();
    // Typing into the named field takes the mark off; the spec's message stays until the next try.
    checkout.send({ type: 'SHIPPING_INPUT', field: 'phone', value: '0170' });
    expect(checkout.getSnapshot().context.invalidField).toBeNull();
  });

  it('says before payment when a postcode is not delivered to, or the food is short of its minimum', async () => {
    const checkout = start({ input: complete });
    await ready(checkout);
    checkout.send({ type: 'SHIPPING_INPUT', field: 'postcode', value: '1230' });
    await ready(checkout);
    // 1230 is in the city's area: 50.00 tk of food at the least.
    checkout.send({ type: 'checkout.submit', ...request });
    expect(checkout.getSnapshot().context).toMatchObject({
      error: 'Add 10.92 tk more for delivery',
      invalidField: 'postcode',
    });
    expect(checkout.createPayment).not.toHaveBeenCalled();
  });

  it('asks a pickup for a name and a phone only, and reads its own times', async () => {
    const checkout = start({ input: { fullName: 'Nadia Rahman', email: '' } });
    await ready(checkout);
    checkout.send({ type: 'checkout.type', orderType: 'pickup' });
    await ready(checkout);
    expect(checkout.readSlots).toHaveBeenLastCalledWith(
      expect.objectContaining({ input: { orderType: 'pickup', postcode: '' } }),
    );
    fill(checkout, { phone: '01700000000' });
    checkout.send({ type: 'checkout.submit', ...request });
    await waitFor(checkout, (s) => s.status === 'done');
    expect(checkout.createPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        input: expect.objectContaining({
          orderType: 'pickup',
          slot: null,
          fullName: 'Nadia Rahman',
          phone: '01700000000',
        }),
      }),
    );
  });

  it('reads the times again only when the postcode moves to another area', async () => {
    const checkout = start({ input: complete });
    await ready(checkout);
    const reads = checkout.readSlots.mock.calls.length;
    checkout.send({ type: 'SHIPPING_INPUT', field: 'postcode', value: '12' });
    checkout.send({ type: 'SHIPPING_INPUT', field: 'postcode', value: '1205' });
    await ready(checkout);
    // 12 is the city's area, then Dhanmondi again: two reads, none for the same area twice.
    expect(checkout.readSlots.mock.calls.length).toBe(reads + 2);
    checkout.send({ type: 'SHIPPING_INPUT', field: 'city', value: 'Dhaka' });
    expect(checkout.readSlots.mock.calls.length).toBe(reads + 2);
  });

  it('offers only later slots while the shop is closed: the first is chosen, never a refusal', async () => {
    const checkout = start({ input: complete, offer: CLOSED });
    await ready(checkout);
    expect(checkout.getSnapshot().context.slot).toBe(SLOT_B);
    // As soon as possible is not on offer.
    checkout.send({ type: 'checkout.slot', slot: null });
    expect(checkout.getSnapshot().context.slot).toBe(SLOT_B);
    checkout.send({ type: 'checkout.submit', ...request });
    await waitFor(checkout, (s) => s.status === 'done');
    expect(checkout.createPayment).toHaveBeenCalledWith(
      expect.objectContaining({ input: expect.objectContaining({ slot: SLOT_B }) }),
    );
  });

  it('offers the next free slot when the chosen one filled up before the order', async () => {
    let offer: OrderSlots = OPEN;
    const checkout = start({
      input: complete,
      offer: () => offer,
      createPayment: async () => {
        offer = { ...OPEN, slots: OPEN.slots.filter((slot) => slot.at !== SLOT_A) };
        throw new Error('That slot has just filled up');
      },
    });
    await ready(checkout);
    checkout.send({ type: 'checkout.slot', slot: SLOT_A });
    checkout.send({ type: 'checkout.submit', ...request });
    const back = await waitFor(checkout, (s) => s.matches({ editing: 'ready' }) && s.context.error !== null);
    expect(back.context).toMatchObject({ error: 'That slot has just filled up', slot: SLOT_B });
  });

  it('fills what the customer left empty from what they gave before, never what they typed', async () => {
    let remember!: (details: Remembered) => void;
    const checkout = start({
      input: { fullName: 'Nadia Rahman', email: 'nadia@pizzon.test' },
      remember: () => new Promise((resolve) => (remember = resolve)),
    });
    checkout.send({ type: 'SHIPPING_INPUT', field: 'city', value: 'Chattogram' });
    remember({
      phone: '01700000000',
      address: '12 Lake Road',
      postcode: '1205',
      city: 'Dhaka',
      orderType: 'pickup',
    });
    await waitFor(checkout, (s) => s.context.shipping.phone !== '');
    expect(checkout.getSnapshot().context.shipping).toEqual({
      fullName: 'Nadia Rahman',
      email: 'nadia@pizzon.test',
      phone: '01700000000',
      address: '12 Lake Road',
      postcode: '1205',
      city: 'Chattogram',
    });
    // The last order's type is remembered too.
    expect(checkout.getSnapshot().context.orderType).toBe('pickup');
  });

  it('places one order for a double click and sends the browser to the payment page', async () => {
    const redirectTo = vi.fn();
    const checkout = start({
      createPayment: async () => 'http://localhost:5000/sandbox-pay/PZ1',
      redirectTo,
    });
    fill(checkout, complete);
    await ready(checkout);
    checkout.send({ type: 'checkout.submit', ...request });
    checkout.send({ type: 'checkout.submit', ...request });
    await waitFor(checkout, (s) => s.status === 'done');
    const { foodCents: _, ...sent } = request;
    expect(checkout.createPayment).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        input: { ...complete, ...sent, orderType: 'delivery', slot: null, paymentMethod: 'online' },
      }),
    );
    expect(redirectTo).toHaveBeenCalledWith(expect.anything(), {
      url: 'http://localhost:5000/sandbox-pay/PZ1',
    });
  });

  it('pays in cash only when the owner offers it, and under the owner’s limit', async () => {
    const offered = start({ payment: CASH_OFFERED });
    fill(offered, complete);
    await ready(offered);
    await waitFor(offered, (s) => s.context.payment !== null);
    offered.send({ type: 'checkout.pay', method: 'cash' });
    // 120 tk is over the 100 tk limit: refused before anything is sent.
    offered.send({ type: 'checkout.submit', ...request, total_price: 120 });
    expect(offered.getSnapshot().context.error).toBe(cashOverLimit(10_000));
    offered.send({ type: 'checkout.submit', ...request });
    await waitFor(offered, (s) => s.status === 'done');
    expect(offered.createPayment).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ input: expect.objectContaining({ paymentMethod: 'cash' }) }),
    );

    // Cash not offered (or unread): the choice is ignored, the order is paid online.
    const online = start({ payment: { ...CASH_OFFERED, cash: false } });
    await ready(online);
    await waitFor(online, (s) => s.context.payment !== null);
    online.send({ type: 'checkout.pay', method: 'cash' });
    expect(online.getSnapshot().context.paymentMethod).toBe('online');
  });

  it('holds a Place Order made while the times are read, and sends it once they come', async () => {
    let answer: (offer: OrderSlots) => void = () => {};
    const checkout = start({ input: complete });
    await ready(checkout);
    checkout.readSlots.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    // Another area's postcode: its times are read again, and Place Order comes before they do.
    checkout.send({ type: 'SHIPPING_INPUT', field: 'postcode', value: '1230' });
    checkout.send({ type: 'checkout.submit', ...request, total_price: 60, foodCents: 6000 });
    expect(checkout.getSnapshot().matches({ editing: 'readingTimes' })).toBe(true);
    expect(checkout.getSnapshot().context).toMatchObject({ error: null, waiting: { total_price: 60 } });
    answer(OPEN);
    await waitFor(checkout, (s) => s.status === 'done');
    expect(checkout.createPayment).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ input: expect.objectContaining({ postcode: '1230', total_price: 60 }) }),
    );
  });

  it('judges a held Place Order by the times that came: none as soon as possible, it is refused', async () => {
    let answer: (offer: OrderSlots) => void = () => {};
    const checkout = start({ input: complete });
    await ready(checkout);
    checkout.readSlots.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    checkout.send({ type: 'checkout.type', orderType: 'pickup' });
    checkout.send({ type: 'checkout.submit', ...request });
    answer({ ...CLOSED, slots: [] });
    const refused = await waitFor(checkout, (s) => s.context.error !== null);
    expect(refused.matches({ editing: 'ready' })).toBe(true);
    expect(refused.context).toMatchObject({ error: 'Please choose when you would like it', waiting: null });
    expect(checkout.createPayment).not.toHaveBeenCalled();
  });

  it('keeps the form and shows the reason when the order is refused', async () => {
    const checkout = start({
      input: complete,
      createPayment: () => Promise.reject(new Error('Prices have changed')),
    });
    await ready(checkout);
    checkout.send({ type: 'checkout.submit', ...request });
    const back = await waitFor(checkout, (s) => s.matches('editing') && s.context.error !== null);
    expect(back.context).toMatchObject({ shipping: complete, error: 'Prices have changed' });
  });
});
