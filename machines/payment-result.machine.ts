import { assign, setup } from 'xstate';
import type { PaymentStatus } from '../contract/order.ts';
import { providedLater } from './provided.ts';

/** How often and how long the result page asks whether the gateway's notification has arrived. */
export const CHECK_INTERVAL_MS = 1500;
export const MAX_CHECKS = 20;

/**
 * The payment result page: the browser may arrive before the gateway's server-to-server notification,
 * so it asks again for a bounded time, then says honestly that the payment is not confirmed.
 */
export const paymentResultMachine = setup({
  types: {
    input: {} as { transactionId: string },
    context: {} as {
      transactionId: string;
      checks: number;
      error: string | null;
      /** Once paid: where its receipt went (null: none was mailed); undefined when the API did not say. */
      receipt?: string | null | undefined;
      /** Once paid: the order's short number (null: from before numbers; undefined: the API did not say). */
      orderNumber?: number | null | undefined;
    },
    events: {} as { type: 'payment.checkAgain' },
  },
  actors: {
    fetchStatus: providedLater<PaymentStatus, { transactionId: string }>('fetchStatus'),
  },
  guards: {
    isPaid: (_, params: { status: PaymentStatus }) => params.status.payment_status,
    isClosed: (_, params: { status: PaymentStatus }) => params.status.closed,
    hasChecksLeft: ({ context }) => context.checks < MAX_CHECKS,
  },
  delays: { checkInterval: CHECK_INTERVAL_MS },
}).createMachine({
  id: 'paymentResult',
  context: ({ input }) => ({ transactionId: input.transactionId, checks: 0, error: null }),
  initial: 'checking',
  states: {
    checking: {
      entry: assign({ checks: ({ context }) => context.checks + 1 }),
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        input: ({ context }) => ({ transactionId: context.transactionId }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ status: event.output }) },
            target: 'paid',
            actions: assign({
              receipt: ({ event }) => event.output.receipt,
              orderNumber: ({ event }) => event.output.order_number,
            }),
          },
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ status: event.output }) },
            target: 'notPaid',
          },
          { guard: 'hasChecksLeft', target: 'waiting' },
          { target: 'unconfirmed' },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    waiting: { after: { checkInterval: 'checking' } },
    paid: { type: 'final' },
    notPaid: { type: 'final' },
    // Never confirmed within the bounded time: the customer may look again later.
    unconfirmed: { on: { 'payment.checkAgain': { target: 'checking', actions: assign({ checks: 0 }) } } },
    failed: {
      on: { 'payment.checkAgain': { target: 'checking', actions: assign({ checks: 0, error: null }) } },
    },
  },
});
