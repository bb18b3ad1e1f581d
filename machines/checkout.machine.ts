import { assign, enqueueActions, setup } from 'xstate';
import { type Area, areaFor, deliveryProblem } from '../contract/delivery.ts';
import type { OrderSlots } from '../contract/kitchen.ts';
import { toCents } from '../contract/money.ts';
import {
  detailsProblem,
  type Shipping,
  type ShippingField,
  type ShippingForm,
  type ShippingProblem,
} from '../contract/order.ts';
import type { OrderType, PaymentMethod } from '../contract/order-lifecycle.ts';
import { CASH_OFF, cashOverLimit, ONLINE_OFF, type PaymentOptions } from '../contract/payment-settings.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

export type { ShippingForm };

/** What the page adds to the details: the total it shows, the food it counts, and the customer's clock. */
export interface OrderRequest {
  total_price: number;
  /** 'MMMM DD,YYYY hh:mm:ss A' */
  order_time: string;
}

/** What the page sends with a submission: the request, and the food (after any discount) in cents. */
export interface Submission extends OrderRequest {
  foodCents: number;
}

/**
 * The order the page places: the details, its type and slot (null: as soon as possible), how it is paid,
 * the request.
 */
export type OrderToPlace = Shipping &
  OrderRequest & { orderType: OrderType; slot: string | null; paymentMethod: PaymentMethod };

/** What checkout remembers from before: the details, and the type of the last order. */
export type Remembered = Partial<ShippingForm> & { orderType?: OrderType };

/** Which slots to read: the type, and the area of a delivery (its ride changes the times). */
export interface SlotsQuery {
  orderType: OrderType;
  postcode: string;
}

const EMPTY_FORM: ShippingForm = { fullName: '', email: '', phone: '', address: '', postcode: '', city: '' };

/** The remembered details fill the fields the customer has left empty, never one they typed in. */
const fillEmpty = (form: ShippingForm, remembered: Remembered): ShippingForm =>
  Object.fromEntries(
    Object.entries(form).map(([field, value]) => [
      field,
      value.trim() === '' ? (remembered[field as ShippingField] ?? value) : value,
    ]),
  ) as ShippingForm;

const trimmed = (form: ShippingForm): Shipping =>
  Object.fromEntries(Object.entries(form).map(([field, value]) => [field, value.trim()])) as Shipping;

interface CheckoutContext {
  shipping: ShippingForm;
  orderType: OrderType;
  /** The customer chose the type (a remembered one then fills nothing). */
  typeChosen: boolean;
  /** The delivery areas (null until read): the postcode is checked against them as it is typed. */
  areas: Area[] | null;
  /** The times offered for the order as it is now (null while they are read). */
  offer: OrderSlots | null;
  /** The area the times were read for: another postcode in the same area needs no new read. */
  offerArea: string | null;
  /** The chosen slot; null: as soon as possible. */
  slot: string | null;
  /** How the customer pays: online unless the owner offers cash and the customer chose it. */
  paymentMethod: PaymentMethod;
  /** What the owner offers this customer (null until read, or unread: online only). */
  payment: PaymentOptions | null;
  error: string | null;
  /** The field a refused submission names, so the page can mark it and move the focus there. */
  invalidField: ShippingProblem['field'] | null;
  request: OrderRequest | null;
  /** A Place Order made while the times were read: judged, and sent if it may be, once they come. */
  waiting: Submission | null;
}

/** The area the times depend on: a delivery's (by its postcode), none for a pickup. */
const areaKey = (context: Pick<CheckoutContext, 'orderType' | 'areas' | 'shipping'>): string | null =>
  context.orderType === 'pickup'
    ? null
    : (areaFor(context.areas ?? [], context.shipping.postcode)?.id ?? null);

/**
 * The slot kept when new times come: as soon as possible while it is offered; else the chosen one, or
 * (full or gone) the first offered after it, or the first of all.
 */
function keptSlot(offer: OrderSlots, chosen: string | null): string | null {
  if (chosen === null && offer.asap) return null;
  if (chosen !== null && offer.slots.some((slot) => slot.at === chosen)) return chosen;
  return (offer.slots.find((slot) => chosen !== null && slot.at > chosen) ?? offer.slots[0])?.at ?? null;
}

/** Why the chosen way of paying can not pay `total` (taka), or null when it can. */
function paymentProblem({ paymentMethod, payment }: CheckoutContext, total: number): string | null {
  if (paymentMethod === 'online') return payment?.online === false ? ONLINE_OFF : null;
  if (!payment?.cash) return CASH_OFF;
  if (payment.cashRefusal) return payment.cashRefusal;
  if (payment.cashMax !== null && toCents(total) >= toCents(payment.cashMax))
    return cashOverLimit(toCents(payment.cashMax));
  return null;
}

/** Why the order can not be sent as it is (its field, when one), or null when it can. */
function submissionProblem(
  context: CheckoutContext,
  { foodCents, total_price }: Submission,
): ShippingProblem | { message: string } | null {
  const details = detailsProblem(context.shipping, context.orderType);
  if (details) return details;
  if (context.orderType === 'delivery') {
    if (!context.areas) return { message: 'Checking where we deliver… please try again in a moment' };
    const area = deliveryProblem(context.areas, context.shipping.postcode, foodCents);
    if (area) return { field: 'postcode', message: area };
  }
  const { offer, slot } = context;
  if (!offer || (slot === null ? !offer.asap : !offer.slots.some((offered) => offered.at === slot)))
    return { message: 'Please choose when you would like it' };
  const payment = paymentProblem(context, total_price);
  return payment ? { message: payment } : null;
}

const timesFor = ({ context }: { context: CheckoutContext }): SlotsQuery => ({
  orderType: context.orderType,
  postcode: context.orderType === 'pickup' ? '' : context.shipping.postcode.trim(),
});

/**
 * Checkout: the details form (the spec's SHIPPING_INPUT), how the order is had (a delivery or a pickup,
 * as soon as possible or in a later slot), then one order request at a time, then the browser goes to
 * the payment page (or, paid in cash, the order's confirmation: the customer chooses cash only when
 * the owner offers it, read once with the areas). The delivery areas are read once, so the postcode is checked as it is typed; the
 * times are read for the order's type and area, again whenever either changes, and after a refusal (a
 * slot that filled up meanwhile is then no longer offered: the next free one is chosen). A refused or
 * failed request returns to editing with the reason. The details given before (profile, last order) and
 * the last order's type are looked up once and fill only what is still empty or unchosen.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as Partial<ShippingForm> | undefined,
    context: {} as CheckoutContext,
    events: {} as
      | { type: 'SHIPPING_INPUT'; field: ShippingField; value: string }
      | { type: 'checkout.type'; orderType: OrderType }
      | { type: 'checkout.slot'; slot: string | null }
      | { type: 'checkout.pay'; method: PaymentMethod }
      | { type: 'checkout.retry' }
      | ({ type: 'checkout.submit' } & Submission),
  },
  actors: {
    createPayment: providedLater<string, OrderToPlace>('createPayment'),
    rememberShipping: providedLater<Remembered, void>('rememberShipping'),
    readAreas: providedLater<Area[], void>('readAreas'),
    readPayment: providedLater<PaymentOptions, void>('readPayment'),
    readSlots: providedLater<OrderSlots, SlotsQuery>('readSlots'),
  },
  actions: {
    redirectTo: (_, _params: { url: string }) => {},
    typeIn: assign(({ context, event }) => {
      if (event.type !== 'SHIPPING_INPUT') return {};
      return {
        shipping: { ...context.shipping, [event.field]: event.value },
        invalidField: context.invalidField === event.field ? null : context.invalidField,
      };
    }),
  },
  guards: {
    isSendable: ({ context, event }) =>
      event.type === 'checkout.submit' && submissionProblem(context, event) === null,
    /** The postcode typed now is in another area than the times were read for. */
    isNewArea: ({ context, event }) =>
      event.type === 'SHIPPING_INPUT' &&
      event.field === 'postcode' &&
      areaKey({ ...context, shipping: { ...context.shipping, postcode: event.value } }) !== context.offerArea,
    isOffered: ({ context, event }) =>
      event.type === 'checkout.slot' &&
      (event.slot === null
        ? context.offer?.asap != null
        : (context.offer?.slots.some((slot) => slot.at === event.slot) ?? false)),
    /** Online, or cash when the owner offers it. */
    isOfferedMethod: ({ context, event }) =>
      event.type === 'checkout.pay' && (event.method === 'online' || context.payment?.cash === true),
    isOtherType: ({ context, event }) =>
      event.type === 'checkout.type' && event.orderType !== context.orderType,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    shipping: { ...EMPTY_FORM, ...input },
    orderType: 'delivery',
    typeChosen: false,
    areas: null,
    offer: null,
    offerArea: null,
    slot: null,
    paymentMethod: 'online',
    payment: null,
    error: null,
    invalidField: null,
    request: null,
    waiting: null,
  }),
  invoke: [
    {
      id: 'rememberShipping',
      src: 'rememberShipping',
      onDone: {
        actions: assign(({ context, event }) => ({
          shipping: fillEmpty(context.shipping, event.output),
          orderType: context.typeChosen ? context.orderType : (event.output.orderType ?? context.orderType),
        })),
      },
    },
    {
      id: 'readAreas',
      src: 'readAreas',
      // Without them the postcode is checked by the server alone, at the order.
      onDone: { actions: assign({ areas: ({ event }) => event.output }) },
    },
    {
      id: 'readPayment',
      src: 'readPayment',
      // Unread, the order is paid online, the spec's way; the server decides either way.
      onDone: { actions: assign({ payment: ({ event }) => event.output }) },
      onError: {},
    },
  ],
  initial: 'editing',
  states: {
    editing: {
      initial: 'readingTimes',
      states: {
        readingTimes: {
          entry: assign({ offer: null, offerArea: ({ context }) => areaKey(context) }),
          invoke: {
            id: 'readSlots',
            src: 'readSlots',
            input: timesFor,
            onDone: {
              target: 'ready',
              actions: [
                assign({
                  offer: ({ event }) => event.output,
                  slot: ({ context, event }) => keptSlot(event.output, context.slot),
                }),
                enqueueActions(({ context, enqueue }) => {
                  if (!context.waiting) return;
                  enqueue.raise({ type: 'checkout.submit', ...context.waiting });
                  enqueue.assign({ waiting: null });
                }),
              ],
            },
            onError: {
              target: 'timesFailed',
              actions: assign({ error: ({ event }) => errorMessage(event.error), waiting: null }),
            },
          },
          // Place Order a moment after a postcode or the type changed waits for the new times, rather
          // than being refused for a choice the page is still finding.
          on: {
            'checkout.submit': {
              actions: assign({
                waiting: ({ event }) => ({
                  total_price: event.total_price,
                  order_time: event.order_time,
                  foodCents: event.foodCents,
                }),
                error: null,
                invalidField: null,
              }),
            },
          },
        },
        ready: {},
        timesFailed: {
          on: { 'checkout.retry': { target: 'readingTimes', actions: assign({ error: null }) } },
        },
      },
      on: {
        SHIPPING_INPUT: [
          {
            guard: 'isNewArea',
            target: '.readingTimes',
            reenter: true,
            actions: 'typeIn',
          },
          { actions: 'typeIn' },
        ],
        'checkout.type': {
          guard: 'isOtherType',
          target: '.readingTimes',
          reenter: true,
          actions: assign({
            orderType: ({ event }) => event.orderType,
            typeChosen: true,
            error: null,
            invalidField: null,
          }),
        },
        'checkout.slot': { guard: 'isOffered', actions: assign({ slot: ({ event }) => event.slot }) },
        'checkout.pay': {
          guard: 'isOfferedMethod',
          actions: assign({ paymentMethod: ({ event }) => event.method, error: null }),
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
            actions: assign(({ context, event }) => {
              const problem = submissionProblem(context, event);
              return {
                error: problem?.message ?? null,
                invalidField: problem && 'field' in problem ? problem.field : null,
              };
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
        input: ({ context }) => ({
          ...trimmed(context.shipping),
          ...context.request!,
          orderType: context.orderType,
          slot: context.slot,
          paymentMethod: context.paymentMethod,
        }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'redirectTo', params: ({ event }) => ({ url: event.output }) },
        },
        // The times are read again: one that filled up meanwhile is no longer offered.
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    redirecting: { type: 'final' },
  },
});
