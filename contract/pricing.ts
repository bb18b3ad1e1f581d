// The one pricing rule (spec section 9), in integer cents, for every total the shop states: the cart
// (the browser's derived totals, contract/cart.ts), the order at checkout, the gateway's amount, the
// mail and the seeded orders. Its steps are the ones later features will extend: a line is priced from
// its unit price (the database's, never the client's), then the order's adjustments follow from its
// lines (today only the spec's shipping), then the total.

/** Shipping is 5% of each line's subtotal (spec section 9). */
export const SHIPPING_PERCENT = 5;

/** A line as the database gives it: the item's unit price now, and how many. */
export interface LineToPrice {
  priceCents: number;
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

export function priceLine({ priceCents, quantity }: LineToPrice): PricedLine {
  const subtotalCents = priceCents * quantity;
  return {
    unitCents: priceCents,
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
