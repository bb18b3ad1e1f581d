import type { PaymentStatus } from '../../../../contract/order.ts';
import { paymentResultMachine } from '../../../../machines/payment-result.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const status = (payment_status: boolean, closed = false): PaymentStatus => ({
  transaction_id: 'PZ1',
  payment_status,
  closed,
});
export const input = { transactionId: 'PZ1' };

const pending = paymentResultMachine.provide({
  actors: {
    fetchStatus: neverAnswers<PaymentStatus, { transactionId: string }>(),
  },
});

export const paymentResultModel = defineModel(pending, [
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
