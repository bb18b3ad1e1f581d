import { fromPromise } from 'xstate';
import { orderMachine } from '../../../../machines/order.machine.ts';
import { defineModel } from '../model.ts';

export const order = (payment_status: boolean, status: boolean, refund_due = false) => ({
  order: { _id: 'o1', payment_status, status, refund_due },
});

const pending = orderMachine.provide({
  actors: {
    deleteOrder: fromPromise<{ deletedCount: number }, { id: string }>(() => new Promise(() => {})),
  },
});
const events = (snapshot: { matches: (s: 'deleting') => boolean }) =>
  [
    { type: 'order.paymentNotified', validated: true },
    { type: 'order.paymentNotified', validated: false },
    { type: 'order.confirm', role: 'admin' },
    { type: 'order.confirm', role: 'user' },
    { type: 'order.delete' },
    ...(snapshot.matches('deleting')
      ? [
          { type: 'xstate.done.actor.deleteOrder', output: { deletedCount: 1 } },
          { type: 'xstate.error.actor.deleteOrder', error: new Error('A paid order can not be deleted') },
        ]
      : []),
  ] as never;

/** Walked from every combination of the server's flags. */
export const orderModel = defineModel(pending, [
  { input: order(false, false), events },
  { input: order(true, false), events },
  { input: order(true, true), events },
  { input: order(false, false, true), events },
]);
