import * as v from 'valibot';
import type { DeliveryRule } from './delivery.ts';
import { ITEM_CATEGORIES } from './menu.ts';
import { formatCartPrice, toCents, toTaka } from './money.ts';
import { InstructionsSchema, LineChoiceSchema } from './options.ts';
import { priceOrder } from './pricing.ts';

/**
 * The default caps on what one customer can hold (the server's `holds` option may set others): units of
 * an item in one cart (all its lines, whatever their options: the cap was set per item), and units in one
 * order (so in one cart). Checkout reserves stock, so without them one account could hold a whole item.
 * The item page's stepper stops at the line default; when the server runs with another cap, its 400
 * names the cap in force.
 */
export const CART_LINE_MAX_UNITS = 10;
export const ORDER_MAX_UNITS = 20;

/** A line above the line cap (the item page's stepper and the server's 400). */
export const lineCapMessage = (max: number, name: string): string =>
  `You can order at most ${max} ${name} at a time.`;
/** A cart or order above the order cap (the server's 400). */
export const orderCapMessage = (max: number): string =>
  `An order can hold at most ${max} items: please remove some from your cart.`;

/**
 * The most one order may come to, in cents: far above a pizzeria's largest order and below what the
 * database's integer cents hold (2^31 - 1), whatever caps and prices the owner sets.
 */
export const ORDER_TOTAL_MAX_CENTS = 1_000_000_000;
/**
 * An order that comes to nothing (a code took the whole food off a pickup): the shop takes no order
 * without a payment, and no gateway is asked to take 0.00 (the server's 400, before anything is held).
 */
export const ORDER_TOTAL_ZERO_MESSAGE =
  'This order comes to 0.00 tk, and the shop takes no order without a payment: please add to your cart or remove the promo code.';
/** An order above it (the server's 400, before anything is held). */
export const ORDER_TOTAL_MAX_MESSAGE = `An order can come to at most ${formatCartPrice(ORDER_TOTAL_MAX_CENTS)}: please lower the quantities in your cart.`;

export const CartLineSchema = v.object({
  _id: v.string(),
  uid: v.string(),
  itemId: v.string(),
  name: v.string(),
  /** Unit price in taka, from the menu at the time of reading: the item's, with its options' deltas. */
  price: v.number(),
  image: v.string(),
  category: v.picklist(ITEM_CATEGORIES),
  quantity: v.pipe(v.number(), v.integer()),
  /** The item's stock now: My cart's stepper stops there (the server refuses more, 409). */
  stock: v.pipe(v.number(), v.integer()),
  /** The options chosen, in the item's order, with their names and deltas as the menu has them now. */
  options: v.optional(v.array(LineChoiceSchema)),
  /** The customer's special instructions ('' for none). */
  instructions: v.optional(v.string()),
});
export type CartLine = v.InferOutput<typeof CartLineSchema>;
export const CartLineListSchema = v.array(CartLineSchema);

/** A line's quantity as a body gives it; the caps and the stock are checked against the database. */
const LineQuantitySchema = v.pipe(
  v.number('quantity must be a number'),
  v.integer('quantity must be a whole number'),
  v.minValue(1, 'quantity must be at least 1'),
  // No stock is larger (contract/admin.ts), and the database holds 32-bit integers.
  v.maxValue(100_000, 'quantity must be at most 100000'),
);

/** The most choice ids one addition may send (no item offers more to choose). */
export const MAX_CHOICES_SENT = 64;

/**
 * POST /add-to-cart body. The spec's body also names, prices and pictures the item: those are accepted
 * and ignored, as the server reads them from the menu by itemId; the uid comes from the token.
 * - `choices`: the ids of the options chosen. Left out (as the spec's body does), the item's defaults are
 *   taken; sent, they are checked whole (contract/options.ts), an empty list choosing nothing.
 * - `instructions`: the line's special instructions.
 * - `addKey`: the addition's own id, for an addition that may be sent again (a page reloaded while it was
 *   on its way): the same key again is answered as already added and adds nothing.
 * The same item with the same choices and instructions is one line: adding it again raises its quantity.
 */
export const AddToCartSchema = v.object({
  itemId: v.pipe(v.string('itemId is required'), v.uuid('This menu item does not exist')),
  quantity: LineQuantitySchema,
  choices: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('choices must be choice ids'), v.uuid('choices must be choice ids'))),
      v.maxLength(MAX_CHOICES_SENT, `At most ${MAX_CHOICES_SENT} choices can be sent`),
    ),
  ),
  instructions: v.optional(InstructionsSchema, ''),
  addKey: v.optional(v.pipe(v.string('addKey must be a uuid'), v.uuid('addKey must be a uuid'))),
});
export type AddToCart = v.InferOutput<typeof AddToCartSchema>;
/** The body as a client sends it. */
export type AddToCartBody = v.InferInput<typeof AddToCartSchema>;

/**
 * PATCH /cart-line/:id body: the line's new quantity. Within the line cap and the stock is the server's
 * to check (400 and 409, with the messages above and services/cart.ts's), as it reads both there.
 */
export const CartQuantitySchema = v.object({ quantity: LineQuantitySchema });
export type CartQuantity = v.InferOutput<typeof CartQuantitySchema>;

/**
 * POST /add-to-cart answer: `insertedId` is the line the units went to (a new line, or the same choices'
 * line raised); null when the addition was refused as already added (its addKey was used before).
 * `quantity`: the line's units now.
 */
export const AddedSchema = v.object({
  insertedId: v.nullable(v.string()),
  message: v.string(),
  quantity: v.optional(v.number()),
});
export type Added = v.InferOutput<typeof AddedSchema>;

/** DELETE answers. */
export const DeletedSchema = v.object({ deletedCount: v.number() });

export interface CartTotals {
  totalQty: number;
  totalPriceWithoutShipping: number;
  totalShipping: number;
  totalPrice: number;
}

/**
 * The spec's derived cart totals, in taka as the lines come: the pricing rule (contract/pricing.ts) the
 * server prices the order with, so browser and server agree to the cent. `discount` is what the server
 * priced the cart's promo code at (contract/promotions.ts), taken off the food: the browser never
 * prices a code itself. `delivery` is the fee rule of the order's area (null: a pickup, no fee; left out:
 * the spec's 5 %, which the cart shows before an area is known).
 */
export function cartTotals(
  lines: ReadonlyArray<{ price: number; quantity: number }>,
  discount = 0,
  delivery?: DeliveryRule | null,
): CartTotals {
  const food = lines.map((line) => ({ priceCents: toCents(line.price), quantity: line.quantity }));
  const subtotal = priceOrder(food, { delivery: null }).subtotalCents;
  // The server's pricing of the code, carried as it is: the delivery fee rule sees the food after it.
  const off = Math.min(toCents(discount), subtotal);
  const price = priceOrder(food, {
    delivery,
    ...(off > 0 && { promo: { code: '', discountCents: off, refusal: null } }),
  });
  return {
    totalQty: price.quantity,
    totalPriceWithoutShipping: toTaka(price.subtotalCents),
    totalShipping: toTaka(price.shippingCents),
    totalPrice: toTaka(price.totalCents),
  };
}

/** A line the stock can not fill now: shown apart with what is left of it, and kept out of the totals. */
export interface UnsellableLine<L> {
  line: L;
  /** The units the stock has for it now (0: sold out). */
  available: number;
}

/**
 * The cart's lines the stock can fill now, and apart those it can not (sold out, or more than is left),
 * the item's stock shared by its lines in the cart's order. The totals and checkout take only the first;
 * the server's quote of a promo code prices the same lines (services/pricing.ts).
 */
export function splitSellable<L extends { itemId: string; quantity: number; stock: number }>(
  lines: readonly L[],
): { sellable: L[]; unsellable: Array<UnsellableLine<L>> } {
  const left = new Map<string, number>();
  const sellable: L[] = [];
  const unsellable: Array<UnsellableLine<L>> = [];
  for (const line of lines) {
    const stock = Math.max(0, left.get(line.itemId) ?? line.stock);
    if (line.quantity <= stock) {
      sellable.push(line);
      left.set(line.itemId, stock - line.quantity);
    } else {
      unsellable.push({ line, available: stock });
      left.set(line.itemId, stock);
    }
  }
  return { sellable, unsellable };
}
