import { assign, setup } from 'xstate';
import {
  type Shipping,
  type ShippingField,
  type ShippingForm,
  shippingProblem,
} from '../server/contract/order.ts';
import { providedLater } from './provided.ts';

export type { ShippingForm };

/** What the page adds to the shipping details: the cart's total and the customer's clock. */
export interface OrderRequest {
  total_price: number;
  /** 'MMMM DD,YYYY hh:mm:ss A' */
  order_time: string;
}

const EMPTY_FORM: ShippingForm = { fullName: '', email: '', phone: '', address: '', postcode: '', city: '' };

const trimmed = (form: ShippingForm): Shipping =>
  Object.fromEntries(Object.entries(form).map(([field, value]) => [field, value.trim()])) as Shipping;

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong';

/**
 * Checkout: the shipping form (the spec's SHIPPING_INPUT), then one order request at a time, then the
 * browser goes to the payment page. A refused or failed request returns to editing with the reason.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as Partial<ShippingForm> | undefined,
    context: {} as { shipping: ShippingForm; error: string | null; request: OrderRequest | null },
    events: {} as
      | { type: 'SHIPPING_INPUT'; field: ShippingField; value: string }
      | ({ type: 'checkout.submit' } & OrderRequest),
  },
  actors: {
    createPayment: providedLater<string, Shipping & OrderRequest>('createPayment'),
  },
  actions: {
    redirectTo: (_, _params: { url: string }) => {},
  },
  guards: {
    isSendable: ({ context }) => shippingProblem(context.shipping) === null,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ shipping: { ...EMPTY_FORM, ...input }, error: null, request: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SHIPPING_INPUT: {
          actions: assign({
            shipping: ({ context, event }) => ({ ...context.shipping, [event.field]: event.value }),
          }),
        },
        'checkout.submit': [
          {
            guard: 'isSendable',
            target: 'submitting',
            actions: assign({
              request: ({ event }) => ({ total_price: event.total_price, order_time: event.order_time }),
              error: null,
            }),
          },
          { actions: assign({ error: ({ context }) => shippingProblem(context.shipping) }) },
        ],
      },
    },
    // A second click while the order is being placed changes nothing: one order per submission.
    submitting: {
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        // Entered only from a valid submission, which records the request.
        input: ({ context }) => ({ ...trimmed(context.shipping), ...context.request! }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'redirectTo', params: ({ event }) => ({ url: event.output }) },
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    redirecting: { type: 'final' },
  },
});
