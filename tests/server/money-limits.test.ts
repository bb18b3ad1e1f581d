// Money that can not overflow, and errors that never log a customer's data (issue 42's lows).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_TOTAL_MAX_CENTS, ORDER_TOTAL_MAX_MESSAGE } from '../../contract/cart.ts';
import { errorForLog } from '../../server/api/logger.ts';
import { databaseFingerprint } from './support/admin.ts';
import { addToCart, checkout, checkoutBody, createCustomer, insertMenuItem } from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

// An owner who raised the caps far (ORDER_MAX_UNITS and CART_LINE_MAX_UNITS go to 100,000).
const ctx = sharedTestContext({ holds: { cartLineMaxUnits: 100_000, orderMaxUnits: 100_000 } });

describe('an order’s total', () => {
  it('past the most an order may come to is 400 naming it, nothing written; just under it is sold', async () => {
    // 100,000 tk a unit (the highest price Manage items takes) × 30,000 units: 3,000,000,000 tk.
    const dear = await insertMenuItem(ctx, { priceCents: 10_000_000, quantity: 100_000, category: 'pizza' });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, dear, 30_000);
    const before = await databaseFingerprint(ctx);
    const refused = await checkout(ctx, customer, checkoutBody([{ item: dear, quantity: 30_000 }]));
    expect(refused).toMatchObject({ status: 400, body: { message: ORDER_TOTAL_MAX_MESSAGE } });
    expect(await databaseFingerprint(ctx)).toEqual(before);

    const fair = await insertMenuItem(ctx, { priceCents: 1_000_000, quantity: 100_000, category: 'pizza' });
    const buyer = await createCustomer(ctx);
    // 10,000 tk × 90 units and the 5 % shipping: 945,000 tk, under the most.
    await addToCart(ctx, buyer, fair, 90);
    const sold = await checkout(ctx, buyer, checkoutBody([{ item: fair, quantity: 90 }]));
    expect(sold.status, sold.body.message).toBe(200);
    expect(ORDER_TOTAL_MAX_CENTS).toBeLessThan(2 ** 31);
  });
});

describe('a failed query in a log line', () => {
  it('keeps what the database said and its code, never the SQL or its parameters', async () => {
    const secret = 'nadia.private@example.com';
    const failure = await ctx.db.execute(sql`select ${secret}::int as n`).catch((error: unknown) => error);
    expect(String((failure as Error).message)).toContain('select'); // what drizzle puts in the message
    const logged = JSON.stringify(errorForLog(failure));
    expect(logged).toContain('22P02');
    expect(logged).toContain('invalid input syntax for type integer');
    expect(logged).not.toMatch(/select|\$1/i);
    expect(logged).not.toContain('nadia.private');
  });
});
