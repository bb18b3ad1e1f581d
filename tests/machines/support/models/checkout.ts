import type { Area } from '../../../../contract/delivery.ts';
import type { OrderSlots } from '../../../../contract/kitchen.ts';
import type { PaymentOptions } from '../../../../contract/payment-settings.ts';
import {
  checkoutMachine,
  type OrderToPlace,
  type Remembered,
  type ShippingForm,
  type SlotsQuery,
  type Submission,
} from '../../../../machines/checkout.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const complete: ShippingForm = {
  fullName: 'Nadia Rahman',
  email: 'nadia@pizzon.test',
  phone: '01700000000',
  address: '12 Lake Road',
  postcode: '1205',
  city: 'Dhaka',
};
/** 39.08 tk of food, 41.03 tk with the spec's 5 %. */
export const request: Submission = {
  total_price: 41.03,
  order_time: 'November 23,2026 08:05:09 PM',
  foodCents: 3_908,
};

/** A delivery area at the spec's 5 %, no minimum, a 20-minute ride, unless `fields` say otherwise. */
export const anArea = (id: string, postcodes: string[], fields: Partial<Area> = {}): Area => ({
  id,
  name: id,
  postcodes,
  kind: 'percent',
  percent: 5,
  feeCents: 0,
  freeAboveCents: null,
  minimumCents: 0,
  deliveryMinutes: 20,
  ...fields,
});
/** 1205 is Dhanmondi (no minimum); any other postcode the rest of the city, from 50.00 tk of food. */
export const AREAS: Area[] = [anArea('dhanmondi', ['1205']), anArea('city', [], { minimumCents: 5_000 })];

export const SLOT_A = '2026-11-30T13:30:00.000Z';
export const SLOT_B = '2026-11-30T13:45:00.000Z';
const slot = (at: string) => ({ at, date: '2026-11-30', time: at.slice(11, 16) });
/** Open now: as soon as possible, or two later slots. */
export const OPEN: OrderSlots = {
  asap: { minutes: 35, dueAt: '2026-11-30T12:35:00.000Z' },
  slots: [slot(SLOT_A), slot(SLOT_B)],
  opensAt: null,
};
/** The owner offers cash, for orders under 100 tk. */
export const CASH_OFFERED: PaymentOptions = { online: true, cash: true, cashMax: 100, cashRefusal: null };

/** Closed now: later slots only, the first gone (taken since). */
export const CLOSED: OrderSlots = { asap: null, slots: [slot(SLOT_B)], opensAt: slot(SLOT_B) };

const pending = checkoutMachine.provide({
  actors: {
    createPayment: neverAnswers<string, OrderToPlace>(),
    rememberShipping: neverAnswers<Remembered, void>(),
    readAreas: neverAnswers<Area[], void>(),
    readSlots: neverAnswers<OrderSlots, SlotsQuery>(),
    readPayment: neverAnswers<PaymentOptions, void>(),
  },
});

export const checkoutModel = defineModel(pending, [
  {
    // Two form contents (complete, city missing), two postcodes (two areas), two types, the slots
    // of an open and a closed shop: enough for every branch, and the walk stays finite.
    input: { ...complete, city: '' },
    events: (snapshot) => {
      const { shipping } = snapshot.context;
      const editing = snapshot.matches('editing');
      return [
        { type: 'SHIPPING_INPUT', field: 'city', value: shipping.city ? '' : 'Dhaka' },
        { type: 'SHIPPING_INPUT', field: 'postcode', value: shipping.postcode === '1205' ? '1230' : '1205' },
        {
          type: 'checkout.type',
          orderType: snapshot.context.orderType === 'delivery' ? 'pickup' : 'delivery',
        },
        { type: 'checkout.slot', slot: null },
        { type: 'checkout.slot', slot: SLOT_A },
        { type: 'checkout.submit', ...request },
        { type: 'checkout.retry' },
        ...(editing && snapshot.context.areas === null
          ? [{ type: 'xstate.done.actor.readAreas', output: AREAS }]
          : []),
        // What the customer gave before fills the empty city; their last order was a pickup.
        ...(editing
          ? [{ type: 'xstate.done.actor.rememberShipping', output: { city: 'Dhaka', orderType: 'pickup' } }]
          : []),
        ...(snapshot.matches({ editing: 'readingTimes' })
          ? [
              { type: 'xstate.done.actor.readSlots', output: OPEN },
              { type: 'xstate.done.actor.readSlots', output: CLOSED },
              { type: 'xstate.error.actor.readSlots', error: new Error('Failed to fetch') },
            ]
          : []),
        ...(snapshot.matches('submitting')
          ? [
              { type: 'xstate.done.actor.createPayment', output: 'http://localhost:5000/sandbox-pay/PZ1' },
              { type: 'xstate.error.actor.createPayment', error: new Error('Prices have changed') },
            ]
          : []),
      ] as never;
    },
  },
  {
    // How the order is paid, on a complete form: the owner's offer read (or not), cash chosen and
    // back, the order sent.
    input: complete,
    events: (snapshot) => {
      const { payment, paymentMethod } = snapshot.context;
      const editing = snapshot.matches('editing');
      return [
        ...(payment?.cash
          ? [{ type: 'checkout.pay', method: paymentMethod === 'online' ? 'cash' : 'online' }]
          : []),
        { type: 'checkout.submit', ...request },
        ...(editing && snapshot.context.areas === null
          ? [{ type: 'xstate.done.actor.readAreas', output: AREAS }]
          : []),
        ...(editing && payment === null
          ? [
              { type: 'xstate.done.actor.readPayment', output: CASH_OFFERED },
              { type: 'xstate.error.actor.readPayment', error: new Error('Failed to fetch') },
            ]
          : []),
        ...(snapshot.matches({ editing: 'readingTimes' })
          ? [{ type: 'xstate.done.actor.readSlots', output: OPEN }]
          : []),
        ...(snapshot.matches('submitting')
          ? [{ type: 'xstate.done.actor.createPayment', output: '/payment-success/PZ1' }]
          : []),
      ] as never;
    },
  },
]);
