import * as v from 'valibot';
import { ITEM_CATEGORIES } from './menu.ts';
import { plainName, plainPlace } from './names.ts';
import { LineChoiceSchema } from './options.ts';
import {
  isPaid,
  OrderStateSchema,
  type OrderType,
  OrderTypeSchema,
  PaymentMethodSchema,
} from './order-lifecycle.ts';
import { InstantSchema, PageQuerySchema, SearchSchema } from './paging.ts';

const EMPTY_FIELD = 'empty filed can not be submitted';
/** The spec's order time format, 'MMMM DD,YYYY hh:mm:ss A' (e.g. 'November 23,2026 08:05:09 PM'). */
export const ORDER_TIME_FORMAT = 'MMMM DD,YYYY hh:mm:ss A';
export const ORDER_TIME_PATTERN =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) (0[1-9]|[12]\d|3[01]),\d{4} (0[1-9]|1[0-2]):[0-5]\d:[0-5]\d (AM|PM)$/;

export const SHIPPING_FIELDS = ['fullName', 'email', 'phone', 'address', 'postcode', 'city'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

const filled = (max: number) =>
  v.pipe(
    v.optional(v.string(EMPTY_FIELD), ''),
    v.trim(),
    v.nonEmpty(EMPTY_FIELD),
    v.maxLength(max, 'This field is too long'),
  );

/** The checkout's shipping form: every field required (the spec's labels mark email optional; it is not). */
export const ShippingSchema = v.object({
  fullName: v.pipe(filled(100), plainName()),
  email: v.pipe(filled(254), v.email('Invalid email address')),
  phone: v.pipe(filled(20), v.regex(/^\+?[0-9 ()-]{6,20}$/, 'Phone must be 6 to 20 digits')),
  address: v.pipe(filled(300), plainPlace('Address')),
  postcode: v.pipe(filled(12), plainPlace('Postcode')),
  city: v.pipe(filled(80), plainPlace('City')),
});
export type Shipping = v.InferOutput<typeof ShippingSchema>;
export type ShippingForm = Record<ShippingField, string>;

export interface ShippingProblem {
  field: ShippingField;
  message: string;
}

/** The first broken rule of a shipping form (the field, the spec's words); null when it may be sent. */
export function shippingProblem(form: ShippingForm): ShippingProblem | null {
  const result = v.safeParse(ShippingSchema, form);
  if (result.success) return null;
  const [issue] = result.issues;
  return { field: v.getDotPath(issue) as ShippingField, message: issue.message };
}

/** A pickup asks for a name and a phone only; an e-mail, when given, must be one. */
export const PickupDetailsSchema = v.object({
  fullName: ShippingSchema.entries.fullName,
  phone: ShippingSchema.entries.phone,
  email: v.pipe(
    v.optional(v.string('email must be text'), ''),
    v.trim(),
    v.maxLength(254, 'This field is too long'),
    v.check((text) => text === '' || v.is(v.pipe(v.string(), v.email()), text), 'Invalid email address'),
  ),
});

/** The fields an order of each type asks for, in the form's order. */
export const FIELDS_OF: Record<OrderType, readonly ShippingField[]> = {
  delivery: SHIPPING_FIELDS,
  pickup: ['fullName', 'email', 'phone'],
};

/** The first broken rule of the details an order of `type` needs; null when it may be sent. */
export function detailsProblem(form: ShippingForm, type: OrderType): ShippingProblem | null {
  if (type === 'delivery') return shippingProblem(form);
  const result = v.safeParse(PickupDetailsSchema, form);
  if (result.success) return null;
  const [issue] = result.issues;
  return { field: v.getDotPath(issue) as ShippingField, message: issue.message };
}

/** A slot's start as the server offers it (GET /order-slots): an instant, e.g. 2026-11-27T13:30:00.000Z. */
export const SlotSchema = v.pipe(
  v.string('slot must be a time the shop offered'),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/, 'slot must be a time the shop offered'),
);

/** What every checkout adds to the customer's details: the cart's total, the clock, and when. */
const OrderRequestEntries = {
  total_price: v.pipe(
    v.number('total_price must be a number'),
    v.finite('total_price must be a number'),
    v.minValue(0, 'total_price must not be negative'),
  ),
  order_time: v.pipe(
    v.string('order_time is required'),
    v.regex(ORDER_TIME_PATTERN, `order_time must look like ${ORDER_TIME_FORMAT}`),
  ),
  carts: v.optional(v.unknown()),
  uid: v.optional(v.unknown()),
  /** The slot the customer chose; left out or null: as soon as possible. */
  slot: v.optional(v.nullable(SlotSchema), null),
  /**
   * How the customer pays; left out: online, the spec's way (the answer is the gateway's page). Cash:
   * the order goes to the kitchen at once and the answer is its confirmation page.
   */
  paymentMethod: v.optional(PaymentMethodSchema, 'online'),
};

/**
 * POST /create-payment-intent body of a delivery: the spec's body (a client that names no type places
 * a delivery). The server recomputes lines and total from the caller's own cart and current prices:
 * `carts` is ignored, `total_price` must match (409 if not).
 */
export const DeliveryPaymentSchema = v.object({
  orderType: v.optional(v.picklist(['delivery'], 'orderType must be delivery or pickup'), 'delivery'),
  ...ShippingSchema.entries,
  ...OrderRequestEntries,
});
/** A pickup's body: a name and a phone; an address, postcode or city sent along is not kept. */
export const PickupPaymentSchema = v.object({
  orderType: v.picklist(['pickup'], 'orderType must be delivery or pickup'),
  ...PickupDetailsSchema.entries,
  ...OrderRequestEntries,
});
export const CreatePaymentSchema = v.variant(
  'orderType',
  [DeliveryPaymentSchema, PickupPaymentSchema],
  'orderType must be delivery or pickup',
);
export type CreatePayment = v.InferOutput<typeof CreatePaymentSchema>;

/**
 * POST /create-payment-intent answer: where to send the browser, the gateway's payment page (online) or
 * the order's confirmation on the storefront (cash).
 */
export const PaymentUrlSchema = v.object({ url: v.string() });

export const OrderLineSchema = v.object({
  _id: v.string(),
  itemId: v.nullable(v.string()),
  name: v.string(),
  category: v.picklist(ITEM_CATEGORIES),
  /** The unit price paid: the item's with its options' deltas, as they were at checkout. */
  price: v.number(),
  quantity: v.number(),
  /** The options chosen, kept as they were at checkout: a later menu edit never changes an order. */
  options: v.optional(v.array(LineChoiceSchema)),
  instructions: v.optional(v.string()),
});

export const OrderSchema = v.object({
  _id: v.string(),
  order_time: v.string(),
  fullName: v.string(),
  email: v.string(),
  phone: v.string(),
  address: v.string(),
  city: v.string(),
  postcode: v.string(),
  transaction_id: v.string(),
  total_price: v.number(),
  payment_status: v.boolean(),
  status: v.boolean(),
  /**
   * The restaurant owes a refund: paid at the gateway after the order had been released and its items
   * sold out, or a paid order the admin removed (cancelled) before confirming it.
   */
  refund_due: v.boolean(),
  /** Where the order is in its life (contract/order-lifecycle.ts); the flags above are views of it. */
  state: OrderStateSchema,
  /** When the gateway's payment was recorded (the kitchen board's clock); null while unpaid. */
  paid_at: v.nullable(v.string()),
  /**
   * The payment came while the shop was closed (the owner's switch): paid all the same, and shown to
   * staff, who cook it or cancel it (a refund then falls due).
   */
  paid_after_closing: v.boolean(),
  /**
   * What a promo code took off the food (taka; none or 0 without one), and the code: total_price is the food
   * less this, plus shipping (contract/pricing.ts).
   */
  discount: v.optional(v.number()),
  promo_code: v.optional(v.nullable(v.string())),
  carts: v.array(OrderLineSchema),
  /** Delivered or collected (none from before order types: a delivery). */
  order_type: v.optional(OrderTypeSchema),
  /** The customer chose a later slot rather than as soon as possible. */
  scheduled: v.optional(v.boolean()),
  /** When the customer was told to expect it: at the door, or at the counter (none from before slots). */
  due_at: v.optional(v.nullable(v.string())),
  /** When the kitchen should have it ready: the board's due time. */
  ready_at: v.optional(v.nullable(v.string())),
  /** When the kitchen should start on it: a scheduled order waits in the board's Later lane until then. */
  start_at: v.optional(v.nullable(v.string())),
  /** The staff member (uid) who took it by phone (the board's "Phone order"); null: the customer's own. */
  taken_by: v.optional(v.nullable(v.string())),
  /** Paid online (none from before methods) or in cash at the door or the counter. */
  payment_method: v.optional(PaymentMethodSchema),
  /**
   * Not in the spec. The order's short number, #1, #2 … of the shop's day it was placed on (the day
   * starts again at 1); null for orders from before numbers. Shown as orderNumberText gives it.
   */
  order_number: v.optional(v.nullable(v.number())),
});
export type Order = v.InferOutput<typeof OrderSchema>;

/**
 * The number staff call and customers quote: '#12', the order's number of its day. An order from before
 * numbers has the last six characters of its transaction id, as its printed ticket had ('#B3FC0E').
 */
export const orderNumberText = (order: Pick<Order, 'transaction_id' | 'order_number'>): string =>
  `#${order.order_number ?? order.transaction_id.slice(-6)}`;

/** The cash to have ready or to collect: a cash order's total until the cash is taken; null otherwise. */
export const cashToCollect = (
  order: Pick<Order, 'payment_method' | 'state' | 'total_price'>,
): number | null =>
  order.payment_method === 'cash' && !isPaid(order.state, 'cash') ? order.total_price : null;
export const OrderListSchema = v.array(OrderSchema);

/** GET /payment-status/{tran_id} answer, for the payment result page. */
export const PaymentStatusSchema = v.object({
  transaction_id: v.string(),
  payment_status: v.boolean(),
  /** The payment failed or was cancelled (or the reservation lapsed): it will not be paid any more. */
  closed: v.boolean(),
  /**
   * Not in the spec. Once paid: the e-mail its receipt (the paid-order mail) went to, or null when none
   * was sent (an account without an e-mail). Absent while unpaid.
   */
  receipt: v.optional(v.nullable(v.string())),
  /**
   * Not in the spec. Once paid: the order's short number (Order's order_number), which the result page
   * shows. Absent while unpaid.
   */
  order_number: v.optional(v.nullable(v.number())),
});
export type PaymentStatus = v.InferOutput<typeof PaymentStatusSchema>;

/** What the result page of a paid order says of its receipt. */
export const receiptText = (sentTo: string | null): string =>
  sentTo
    ? `A receipt is on its way to ${sentTo}.`
    : 'No receipt was mailed: your account has no e-mail address. My order keeps this order and its payment.';

/**
 * Where an order stands, as Manage orders filters it: unpaid (not paid yet, or never), paid (waiting
 * for the restaurant to confirm), confirmed, or cancelled with a refund due.
 */
export const ORDER_STAGES = ['unpaid', 'paid', 'confirmed', 'refund_due'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** The order number a search names, '12' or '#12'; undefined for any other search. */
export const searchedOrderNumber = (q: string): number | undefined => {
  const digits = /^#?(\d{1,9})$/.exec(q.trim())?.[1];
  return digits === undefined ? undefined : Number(digits);
};

/** What a search that is not an order number breaks, in the staff search's own words. */
const searchProblem = (issue: { input: unknown }): string => {
  const checked = v.safeParse(SearchSchema, issue.input);
  return checked.success ? '' : checked.issues[0].message;
};

/**
 * Manage orders' search: an order number, however short ('7', '#7': what the kitchen calls out), or a
 * staff search of text, with its rules.
 */
export const OrderSearchSchema = v.pipe(
  v.string(searchProblem),
  v.trim(),
  v.check((q) => searchedOrderNumber(q) !== undefined || v.is(SearchSchema, q), searchProblem),
);

/** Manage orders' filters: a stage, a time range (from inclusive, to exclusive) and a search. */
export const OrderFiltersSchema = v.object({
  status: v.optional(v.picklist(ORDER_STAGES, `status must be one of: ${ORDER_STAGES.join(', ')}`)),
  /** One state of the lifecycle (the kitchen board's columns, Manage orders' state filter). */
  state: v.optional(OrderStateSchema),
  from: v.optional(InstantSchema),
  to: v.optional(InstantSchema),
  /** Part of a transaction id, a customer's name or e-mail, or today's order number ('12' or '#12'). */
  q: v.optional(OrderSearchSchema),
  /** Paid online or in cash. */
  payment_method: v.optional(PaymentMethodSchema),
});
export type OrderFilters = v.InferOutput<typeof OrderFiltersSchema>;

/** GET /admin-order query. */
export const AdminOrdersQuerySchema = v.pipe(
  v.object({ ...PageQuerySchema.entries, ...OrderFiltersSchema.entries }),
  v.check(
    ({ from, to }) => !from || !to || Date.parse(from) < Date.parse(to),
    'The start of the range must come before its end',
  ),
);
export type AdminOrdersQuery = v.InferOutput<typeof AdminOrdersQuerySchema>;
