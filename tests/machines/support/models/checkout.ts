import type { Shipping } from '../../../../contract/order.ts';
import {
  checkoutMachine,
  type OrderRequest,
  type ShippingForm,
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
export const request: OrderRequest = { total_price: 41.03, order_time: 'November 23,2026 08:05:09 PM' };

const pending = checkoutMachine.provide({
  actors: {
    createPayment: neverAnswers<string, Shipping & OrderRequest>(),
    rememberShipping: neverAnswers<Partial<ShippingForm>, void>(),
  },
});

export const checkoutModel = defineModel(pending, [
  {
    // Two form contents (complete, city missing) keep the walk finite.
    input: { ...complete, city: '' },
    events: (snapshot) =>
      [
        { type: 'SHIPPING_INPUT', field: 'city', value: snapshot.context.shipping.city ? '' : 'Dhaka' },
        { type: 'checkout.submit', ...request },
        // What the customer gave before fills the empty city.
        ...(snapshot.matches('editing')
          ? [{ type: 'xstate.done.actor.rememberShipping', output: { city: 'Dhaka', phone: '0' } }]
          : []),
        ...(snapshot.matches('submitting')
          ? [
              { type: 'xstate.done.actor.createPayment', output: 'http://localhost:5000/sandbox-pay/PZ1' },
              { type: 'xstate.error.actor.createPayment', error: new Error('Prices have changed') },
            ]
          : []),
      ] as never,
  },
]);
