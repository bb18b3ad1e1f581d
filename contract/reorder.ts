// Coming back to an order (docs/decisions/038-promos-reorders-and-the-owners-day.md): Order again puts
// a past order's lines, with their choices, into the cart at today's prices; Pay now pays an unpaid
// one, on its own payment page while its hold lasts, else through a fresh checkout of the same lines.
import * as v from 'valibot';
import { ORDER_TIME_FORMAT, ORDER_TIME_PATTERN } from './order.ts';

/** Why a line of the order was not put in the cart (or put with fewer units), in the customer's words. */
export const AGAIN_GONE = 'no longer on the menu';
export const AGAIN_SOLD_OUT = 'sold out';
export const AGAIN_CHOICES_GONE = 'its choices are no longer offered';
export const againOnlyLeft = (units: number): string => `only ${units} left`;

export const OrderAgainSchema = v.object({
  /** The lines that went into the cart, with the units each took. */
  added: v.array(v.object({ name: v.string(), quantity: v.number() })),
  /** The lines left out, or cut, and why. */
  skipped: v.array(v.object({ name: v.string(), reason: v.string() })),
});
export type OrderAgain = v.InferOutput<typeof OrderAgainSchema>;

/** What Order again did, in one sentence a toast or the card can show. */
export function orderAgainMessage({ added, skipped }: OrderAgain): string {
  const put = added.map((line) => `${line.name} × ${line.quantity}`).join(', ');
  const left = skipped.map((line) => `${line.name} (${line.reason})`).join(', ');
  if (added.length === 0) return `Nothing could be added to your cart: ${left}.`;
  return `Added to your cart: ${put}.${left ? ` Not added: ${left}.` : ''}`;
}

/** POST /my-orders/{id}/pay body: the customer's clock, for a fresh checkout's order time. */
export const PayNowSchema = v.object({
  order_time: v.pipe(
    v.string('order_time is required'),
    v.regex(ORDER_TIME_PATTERN, `order_time must look like ${ORDER_TIME_FORMAT}`),
  ),
});

/** POST /my-orders/{id}/pay answer: the payment page, and whether it is a new order's (the hold had lapsed). */
export const PayNowAnswerSchema = v.object({ url: v.string(), fresh: v.boolean() });
export type PayNowAnswer = v.InferOutput<typeof PayNowAnswerSchema>;
