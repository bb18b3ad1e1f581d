import { assign, setup } from 'xstate';
import type { OrderAgain, PayNowAnswer } from '../contract/reorder.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/**
 * Coming back to one of the customer's orders on My order (docs/decisions/038-promos-reorders-and-the-
 * owners-day.md): Order again puts its lines in the cart and says what it added and what it could not;
 * Pay now asks for the order's payment page (the same order while its hold lasts, a fresh checkout of
 * its lines after) and the browser goes there. One request at a time; a refusal is shown on the card.
 */
export const reorderMachine = setup({
  types: {
    input: {} as { orderId: string },
    context: {} as {
      orderId: string;
      /** What the last Order again did. */
      again: OrderAgain | null;
      error: string | null;
      /** The customer's clock when Pay now was pressed ('MMMM DD,YYYY hh:mm:ss A'), for a fresh order. */
      orderTime: string | null;
    },
    events: {} as { type: 'reorder.again' } | { type: 'reorder.payNow'; orderTime: string },
  },
  actors: {
    orderAgain: providedLater<OrderAgain, { id: string }>('orderAgain'),
    payNow: providedLater<PayNowAnswer, { id: string; orderTime: string }>('payNow'),
  },
  actions: {
    /** The cart has new lines: it is read again, and the customer told. */
    announceAgain: (_, _params: { again: OrderAgain }) => {},
    redirectTo: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'reorder',
  context: ({ input }) => ({ orderId: input.orderId, again: null, error: null, orderTime: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'reorder.again': { target: 'ordering', actions: assign({ error: null }) },
        'reorder.payNow': {
          target: 'paying',
          actions: assign({ error: null, orderTime: ({ event }) => event.orderTime }),
        },
      },
    },
    ordering: {
      invoke: {
        id: 'orderAgain',
        src: 'orderAgain',
        input: ({ context }) => ({ id: context.orderId }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ again: ({ event }) => event.output }),
            { type: 'announceAgain', params: ({ event }) => ({ again: event.output }) },
          ],
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    paying: {
      invoke: {
        id: 'payNow',
        src: 'payNow',
        // Entered only by Pay now, which records the clock.
        input: ({ context }) => ({ id: context.orderId, orderTime: context.orderTime! }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'redirectTo', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    // The browser is on its way to the payment page.
    redirecting: { type: 'final' },
  },
});
