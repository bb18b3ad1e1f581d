import * as v from 'valibot';
import { AddToCartSchema } from './cart.ts';
import { formatAdminPrice } from './money.ts';
import {
  ORDER_TIME_FORMAT,
  ORDER_TIME_PATTERN,
  type Order,
  OrderSchema,
  orderNumberText,
  PickupDetailsSchema,
  type ShippingField,
  ShippingSchema,
  SlotSchema,
} from './order.ts';
import { PaymentMethodSchema } from './order-lifecycle.ts';

// An order staff take by phone (issue 35, item 3; docs/decisions/039-cash-and-the-counter.md): the
// form on the kitchen board and the server's check read these schemas. Prices, fees and totals are
// the server's alone: any a client sends are not fields here, so they are dropped unread.

/** The most lines one phone order may have. */
export const PHONE_ORDER_MAX_LINES = 20;

export const NO_LINES = 'Add at least one item';
export const TOO_MANY_LINES = `A phone order can have at most ${PHONE_ORDER_MAX_LINES} lines`;

/**
 * One line as staff pick it, as an addition to a cart reads it (but for its key): an item, how many,
 * its options (left out: the item's defaults, as the item page starts from; sent: checked whole
 * against the menu) and instructions.
 */
const { addKey: _, ...lineEntries } = AddToCartSchema.entries;
export const PhoneOrderLineSchema = v.object(lineEntries);

/** What every phone order has besides the customer's details (first: the form asks for the items first). */
const PhoneOrderEntries = {
  lines: v.pipe(
    v.array(PhoneOrderLineSchema, 'lines must be a list of items'),
    v.minLength(1, NO_LINES),
    v.maxLength(PHONE_ORDER_MAX_LINES, TOO_MANY_LINES),
  ),
  /** A slot GET /order-slots offered; left out or null: as soon as possible. */
  slot: v.optional(v.nullable(SlotSchema), null),
  /**
   * `online`: by a payment link (the gateway's page for the order), sent to the caller as text staff
   * copy into an SMS and, with an e-mail, by mail; the order waits for its payment. `cash`: at the door
   * or the counter; the order goes to the kitchen at once.
   */
  paymentMethod: v.optional(PaymentMethodSchema, 'online'),
  /** The counter's clock, in the spec's order time format: what the order shows as placed at. */
  order_time: v.pipe(
    v.string('order_time is required'),
    v.regex(ORDER_TIME_PATTERN, `order_time must look like ${ORDER_TIME_FORMAT}`),
  ),
};

/** A caller may give no e-mail: then the payment link goes by SMS only. */
const OptionalEmail = PickupDetailsSchema.entries.email;

/** POST /admin-phone-order body of a delivery: the checkout's address fields, an e-mail optional. */
export const PhoneDeliverySchema = v.object({
  orderType: v.picklist(['delivery'], 'orderType must be delivery or pickup'),
  ...PhoneOrderEntries,
  ...ShippingSchema.entries,
  email: OptionalEmail,
});
/** A pickup's body: a name and a phone. */
export const PhonePickupSchema = v.object({
  orderType: v.picklist(['pickup'], 'orderType must be delivery or pickup'),
  ...PhoneOrderEntries,
  ...PickupDetailsSchema.entries,
});
export const PhoneOrderSchema = v.variant(
  'orderType',
  [PhoneDeliverySchema, PhonePickupSchema],
  'orderType must be delivery or pickup',
);
export type PhoneOrder = v.InferOutput<typeof PhoneOrderSchema>;
export type PhoneOrderBody = v.InferInput<typeof PhoneOrderSchema>;

/** The customer's details as the form holds them. */
export type PhoneCustomerForm = Record<ShippingField, string>;

export interface PhoneOrderProblem {
  /** The field to go back to; `lines` when the order has no item. */
  field: ShippingField | 'lines' | 'slot' | 'paymentMethod' | 'orderType' | 'order_time';
  message: string;
}

/** The first broken rule of a phone order as the form would send it; null when it may be sent. */
export function phoneOrderProblem(body: PhoneOrderBody): PhoneOrderProblem | null {
  const result = v.safeParse(PhoneOrderSchema, body);
  if (result.success) return null;
  const [issue] = result.issues;
  const path = v.getDotPath(issue) ?? 'lines';
  const field = path.split('.')[0] as PhoneOrderProblem['field'];
  return { field, message: issue.message };
}

/** The text staff copy into an SMS to the customer: the order, its amount and where to pay it. */
export const paymentLinkText = (
  order: Pick<Order, 'transaction_id' | 'order_number'>,
  totalCents: number,
  url: string,
): string =>
  `Pizzon: your order ${orderNumberText(order)} (${order.transaction_id}) comes to ${formatAdminPrice(totalCents)}. Pay here: ${url}`;

/**
 * POST /admin-phone-order answer: the order as the board shows it; for a payment link, the gateway's
 * page for it, the SMS-ready text, and whether it was mailed (an e-mail was given); for cash, none.
 */
export const PhoneOrderTakenSchema = v.object({
  order: OrderSchema,
  payment_link: v.nullable(v.string()),
  sms_text: v.nullable(v.string()),
  mailed: v.boolean(),
});
export type PhoneOrderTaken = v.InferOutput<typeof PhoneOrderTakenSchema>;
