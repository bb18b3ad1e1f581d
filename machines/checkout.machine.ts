import { assign, setup } from 'xstate';
import {
  type Shipping,
  type ShippingField,
  type ShippingForm,
  type ShippingProblem,
  shippingProblem,
} from '../contract/order.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

export type { ShippingForm };

/** What the page adds to the shipping details: the cart's total and the customer's clock. */
export interface OrderRequest {
  total_price: number;
  /** 'MMMM DD,YYYY hh:mm:ss A' */
  order_time: string;
}

const EMPTY_FORM: ShippingForm = { fullName: '', email: '', phone: '', address: '', postcode: '', city: '' };

/** The remembered details fill the fields the customer has left empty, never one they typed in. */
const fillEmpty = (form: ShippingForm, remembered: Partial<ShippingForm>): ShippingForm =>
  Object.fromEntries(
    Object.entries(form).map(([field, value]) => [
      field,
      value.trim() === '' ? (remembered[field as ShippingField] ?? value) : value,
    ]),
  ) as ShippingForm;

const trimmed = (form: ShippingForm): Shipping =>
  Object.fromEntries(Object.entries(form).map(([field, value]) => [field, value.trim()])) as Shipping;

/**
 * Checkout: the shipping form (the spec's SHIPPING_INPUT), then one order request at a time, then the
 * browser goes to the payment page. A refused or failed request returns to editing with the reason.
 * Meanwhile the details the customer gave before (profile, last order) are looked up once, and fill
 * whatever is still empty when they arrive; without them the form is simply blank.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as Partial<ShippingForm> | undefined,
    context: {} as {
      shipping: ShippingForm;
      error: string | null;
      /** The field a refused submission names, so the page can mark it and move the focus there. */
      invalidField: ShippingProblem['field'] | null;
      request: OrderRequest | null;
    },
    events: {} as
      | { type: 'SHIPPING_INPUT'; field: ShippingField; value: string }
      | ({ type: 'checkout.submit' } & OrderRequest),
  },
  actors: {
    createPayment: providedLater<string, Shipping & OrderRequest>('createPayment'),
    rememberShipping: providedLater<Partial<ShippingForm>, void>('rememberShipping'),
  },
  actions: {
    redirectTo: (_, _params: { url: string }) => {},
  },
  guards: {
    isSendable: ({ context }) => shippingProblem(context.shipping) === null,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    shipping: { ...EMPTY_FORM, ...input },
    error: null,
    invalidField: null,
    request: null,
  }),
  invoke: {
    id: 'rememberShipping',
    src: 'rememberShipping',
    onDone: {
      actions: assign({ shipping: ({ context, event }) => fillEmpty(context.shipping, event.output) }),
    },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SHIPPING_INPUT: {
          actions: assign({
            shipping: ({ context, event }) => ({ ...context.shipping, [event.field]: event.value }),
            invalidField: ({ context, event }) =>
              context.invalidField === event.field ? null : context.invalidField,
          }),
        },
        'checkout.submit': [
          {
            guard: 'isSendable',
            target: 'submitting',
            actions: assign({
              request: ({ event }) => ({ total_price: event.total_price, order_time: event.order_time }),
              error: null,
              invalidField: null,
            }),
          },
          {
            actions: assign(({ context }) => {
              const problem = shippingProblem(context.shipping);
              return { error: problem?.message ?? null, invalidField: problem?.field ?? null };
            }),
          },
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
