import { describe, expect, it } from 'vitest';
import { cartTotals } from '../../contract/cart.ts';
import { priceLine, priceOrder, SHIPPING_PERCENT } from '../../contract/pricing.ts';

describe('the pricing rule (spec section 9)', () => {
  it('charges 5% shipping on each line’s subtotal', () => {
    expect(SHIPPING_PERCENT).toBe(5);
    expect(priceLine({ priceCents: 10_000, quantity: 2 })).toEqual({
      unitCents: 10_000,
      subtotalCents: 20_000,
      shippingCents: 1_000,
    });
  });

  it('rounds each line’s shipping half-up to the cent, before the lines are summed', () => {
    // 12.99 × 3 = 38.97, shipping 1.9485 → 1.95; 0.10 × 1, shipping 0.005 → 0.01; 3.33 × 3 = 9.99,
    // shipping 0.4995 → 0.50. Rounded once over the order, the shipping would be 2.453 → 2.45.
    const price = priceOrder([
      { priceCents: 1_299, quantity: 3 },
      { priceCents: 10, quantity: 1 },
      { priceCents: 333, quantity: 3 },
    ]);
    expect(price.lines.map((line) => line.shippingCents)).toEqual([195, 1, 50]);
    expect(price).toMatchObject({ quantity: 7, subtotalCents: 4_906, shippingCents: 246, totalCents: 5_152 });
    expect(priceLine({ priceCents: 20, quantity: 1 }).shippingCents).toBe(1);
    expect(priceLine({ priceCents: 9, quantity: 1 }).shippingCents).toBe(0);
  });

  it('keeps what each line came with, in its order', () => {
    const price = priceOrder([
      { id: 'b', priceCents: 500, quantity: 1 },
      { id: 'a', priceCents: 250, quantity: 4 },
    ]);
    expect(price.lines).toEqual([
      { id: 'b', priceCents: 500, quantity: 1, unitCents: 500, subtotalCents: 500, shippingCents: 25 },
      { id: 'a', priceCents: 250, quantity: 4, unitCents: 250, subtotalCents: 1_000, shippingCents: 50 },
    ]);
  });

  it('prices an empty order at nothing', () => {
    expect(priceOrder([])).toEqual({
      lines: [],
      quantity: 0,
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 0,
    });
  });

  it('gives the cart’s derived totals in taka, to 2 decimals, from the same rule', () => {
    expect(
      cartTotals([
        { price: 12.99, quantity: 3 },
        { price: 0.1, quantity: 1 },
        { price: 3.33, quantity: 3 },
      ]),
    ).toEqual({ totalQty: 7, totalPriceWithoutShipping: 49.06, totalShipping: 2.46, totalPrice: 51.52 });
  });
});
