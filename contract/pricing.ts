// The one pricing rule (spec section 9), in integer cents, for every total the shop states: the cart
// (the browser's derived totals, contract/cart.ts), the order at checkout, the gateway's amount, the
// mail and the seeded orders. Its steps are the ones later features will extend: a line is priced from
// its unit price (the database's, never the client's: the item's price and its chosen options' deltas),
// then the order's adjustments follow from its lines, then the total. The order of those is fixed
// (docs/decisions/038-promos-reorders-and-the-owners-day.md): the food, less a promo code's discount,
// then the delivery fee rule (the spec's 5% of each line's own subtotal, which a discount leaves as it
// is), then the total: food − discount + shipping.
import type { DeliveryRule } from './delivery.ts';
import { type PromoOutcome, type PromoTerms, promoDiscount } from './promotions.ts';

/** Shipping is 5% of each line's subtotal (spec section 9). */
export const SHIPPING_PERCENT = 5;

/**
 * The spec's rule as a delivery area's: the seeded area has it, and an order priced without an area (a
 * client that knows nothing of areas, the cart before checkout) is charged it.
 */
export const SPEC_DELIVERY: DeliveryRule = {
  kind: 'percent',
  percent: SHIPPING_PERCENT,
  feeCents: 0,
  freeAboveCents: null,
};

/** A line as the database gives it: the item's unit price now, its chosen options' deltas, and how many. */
export interface LineToPrice {
  priceCents: number;
  /** What each chosen option adds to (or takes off) one unit, read with the item (contract/options.ts). */
  choiceDeltasCents?: readonly number[];
  quantity: number;
  /** The item's category: a code kept to some categories discounts only their lines. */
  category?: string | undefined;
}

export interface PricedLine {
  /** What one unit costs on this line. */
  unitCents: number;
  subtotalCents: number;
  /** The line's own shipping, rounded half-up to the cent before the lines are summed. */
  shippingCents: number;
}

export interface OrderPrice<L> {
  lines: Array<L & PricedLine>;
  quantity: number;
  subtotalCents: number;
  /** What a promo code took off the food (0 without one, or when it did not apply). */
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  /** The code priced with the order, and what it did: its discount, or why it took nothing off. */
  promo?: PromoOutcome;
}

/** What the order is priced with besides its lines. */
export interface OrderAdjustments {
  /** A code the server found valid now, with uses left; or its refusal, to be carried as it is. */
  promo?: PromoTerms | PromoOutcome | undefined;
  /**
   * The delivery fee rule of the order's area (contract/delivery.ts); null for a pickup, which pays
   * none; left out, the spec's (SPEC_DELIVERY).
   */
  delivery?: DeliveryRule | null | undefined;
}

/** A line, its shipping `percent` of its own subtotal (the spec's 5 % unless an area says otherwise). */
export function priceLine(
  { priceCents, choiceDeltasCents = [], quantity }: LineToPrice,
  percent = SHIPPING_PERCENT,
): PricedLine {
  const unitCents = choiceDeltasCents.reduce((sum, delta) => sum + delta, priceCents);
  const subtotalCents = unitCents * quantity;
  return {
    unitCents,
    subtotalCents,
    shippingCents: Math.floor((subtotalCents * percent + 50) / 100),
  };
}

/** The rule charges nothing for this much food (after any discount): a pickup, or free from its amount. */
const chargesNothing = (rule: DeliveryRule | null, foodCents: number): boolean =>
  rule === null || (rule.freeAboveCents !== null && foodCents >= rule.freeAboveCents);

/**
 * The lines priced one by one (each keeps what it came with), then the order's sums: the food, a promo
 * code's discount on it, the delivery fee by the area's rule (a percent of each line's own subtotal, as
 * the spec's 5 %, or a fixed fee; none for a pickup, or from the rule's free amount), and the total.
 */
export function priceOrder<L extends LineToPrice>(
  lines: ReadonlyArray<L>,
  { promo, delivery = SPEC_DELIVERY }: OrderAdjustments = {},
): OrderPrice<L> {
  const percent = delivery?.kind === 'percent' ? delivery.percent : 0;
  let priced = lines.map((line) => ({ ...line, ...priceLine(line, percent) }));
  let quantity = 0;
  let subtotalCents = 0;
  for (const line of priced) {
    quantity += line.quantity;
    subtotalCents += line.subtotalCents;
  }
  const outcome = promo && ('discountCents' in promo ? promo : promoDiscount(promo, priced));
  const discountCents = outcome?.discountCents ?? 0;
  const free = chargesNothing(delivery, subtotalCents - discountCents);
  if (free) priced = priced.map((line) => ({ ...line, shippingCents: 0 }));
  const shippingCents =
    delivery?.kind === 'fixed' && !free
      ? delivery.feeCents
      : priced.reduce((sum, line) => sum + line.shippingCents, 0);
  return {
    lines: priced,
    quantity,
    subtotalCents,
    discountCents,
    shippingCents,
    totalCents: subtotalCents - discountCents + shippingCents,
    ...(outcome && { promo: outcome }),
  };
}
