// The one pricing rule (spec section 9), in integer cents, for every total the shop states: the cart
// (the browser's derived totals, contract/cart.ts), the order at checkout, the gateway's amount, the
// mail and the seeded orders. Its steps are the ones later features will extend: a line is priced from
// its unit price (the database's, never the client's: the item's price and its chosen options' deltas),
// then the order's adjustments follow from its lines (today only the spec's shipping), then the total.

/** Shipping is 5% of each line's subtotal (spec section 9). */
export const SHIPPING_PERCENT = 5;

/** A line as the database gives it: the item's unit price now, its chosen options' deltas, and how many. */
export interface LineToPrice {
  priceCents: number;
  /** What each chosen option adds to (or takes off) one unit, read with the item (contract/options.ts). */
  choiceDeltasCents?: readonly number[];
  quantity: number;
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
  shippingCents: number;
  totalCents: number;
}

export function priceLine({ priceCents, choiceDeltasCents = [], quantity }: LineToPrice): PricedLine {
  const unitCents = choiceDeltasCents.reduce((sum, delta) => sum + delta, priceCents);
  const subtotalCents = unitCents * quantity;
  return {
    unitCents,
    subtotalCents,
    shippingCents: Math.floor((subtotalCents * SHIPPING_PERCENT + 50) / 100),
  };
}

/** The lines priced one by one (each keeps what it came with), then the order's sums and its total. */
export function priceOrder<L extends LineToPrice>(lines: ReadonlyArray<L>): OrderPrice<L> {
  const priced = lines.map((line) => ({ ...line, ...priceLine(line) }));
  let quantity = 0;
  let subtotalCents = 0;
  let shippingCents = 0;
  for (const line of priced) {
    quantity += line.quantity;
    subtotalCents += line.subtotalCents;
    shippingCents += line.shippingCents;
  }
  return { lines: priced, quantity, subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents };
}
