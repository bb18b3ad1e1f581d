import type { OrderAgain, PayNowAnswer } from '../../../../contract/reorder.ts';
import { reorderMachine } from '../../../../machines/reorder.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const AGAIN: OrderAgain = {
  added: [{ name: 'Margherita', quantity: 2 }],
  skipped: [{ name: 'Cola', reason: 'sold out' }],
};
export const ORDER_TIME = 'November 23,2026 08:05:09 PM';

const pending = reorderMachine.provide({
  actors: {
    orderAgain: neverAnswers<OrderAgain, { id: string }>(),
    payNow: neverAnswers<PayNowAnswer, { id: string; orderTime: string }>(),
  },
});

export const reorderModel = defineModel(pending, [
  {
    input: { orderId: 'o1' },
    events: (snapshot) =>
      [
        { type: 'reorder.again' },
        { type: 'reorder.payNow', orderTime: ORDER_TIME },
        ...(snapshot.matches('ordering')
          ? [
              { type: 'xstate.done.actor.orderAgain', output: AGAIN },
              { type: 'xstate.error.actor.orderAgain', error: new Error('No order of yours has this id') },
            ]
          : []),
        ...(snapshot.matches('paying')
          ? [
              { type: 'xstate.done.actor.payNow', output: { url: 'https://pay.example/1', fresh: false } },
              {
                type: 'xstate.error.actor.payNow',
                error: new Error('Margherita is sold out: use Order again'),
              },
            ]
          : []),
      ] as never,
  },
]);
