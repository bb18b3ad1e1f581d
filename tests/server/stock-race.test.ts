import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartLines, orders, users } from '../../server/db/schema.ts';
import { apiTokenFor } from './support/accounts.ts';
import {
  addToCart,
  type Customer,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  type MenuItemRow,
  postIpn,
  pressSandboxButton,
  stockOf,
  transactionIdOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

// Real PostgreSQL, real concurrency: these races only show on a server with row locks.

const ctx = sharedTestContext();

/** `n` customers created directly in the database, each with `quantity` of the item in the cart. */
async function customersWithCart(n: number, item: MenuItemRow, quantity = 1): Promise<Customer[]> {
  const rows = await ctx.db
    .insert(users)
    .values(
      Array.from({ length: n }, () => ({
        uid: `race-${randomBytes(6).toString('hex')}`,
        email: `race-${randomBytes(6).toString('hex')}@pizzon.test`,
        displayName: 'Racer',
      })),
    )
    .returning({ uid: users.uid });
  await ctx.db.insert(cartLines).values(rows.map(({ uid }) => ({ userUid: uid, itemId: item.id, quantity })));
  return Promise.all(rows.map(async ({ uid }) => ({ uid, token: await apiTokenFor(ctx, uid) })));
}

async function ordersFor(customerUids: string[]) {
  const all = await ctx.db.select().from(orders);
  const uids = new Set(customerUids);
  return all.filter((order) => order.userUid !== null && uids.has(order.userUid));
}

describe('concurrent checkouts of the same stock', () => {
  it('sells the last unit to exactly one of 20 customers', async () => {
    const item = await insertMenuItem(ctx, { quantity: 1, priceCents: 25_000 });
    const customers: Customer[] = [];
    for (let i = 0; i < 20; i++) {
      const customer = await createCustomer(ctx);
      await addToCart(ctx, customer, item, 1);
      customers.push(customer);
    }

    const body = checkoutBody([{ item, quantity: 1 }]);
    const answers = await Promise.all(customers.map((customer) => checkout(ctx, customer, body)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toEqual({ message: `${item.name} is no longer in stock` });
    }
    expect(await stockOf(ctx, item.id)).toBe(0);
    const created = await ordersFor(customers.map((c) => c.uid));
    expect(created).toHaveLength(1);

    const winner = answers.find((answer) => answer.status === 200)!;
    const paid = await pressSandboxButton(ctx, winner.body.url!, 'pay');
    expect(paid.status).toBe(303);
    expect(await stockOf(ctx, item.id)).toBe(0);
    const after = await ordersFor(customers.map((c) => c.uid));
    expect(after.map((order) => [order.transactionId, order.paymentStatus])).toEqual([
      [transactionIdOf(winner.body.url!), true],
    ]);
  });

  it('creates exactly 50 orders out of 200 concurrent checkouts for a stock of 50, and all 50 can be paid', async () => {
    const item = await insertMenuItem(ctx, { quantity: 50, priceCents: 999 });
    const customers = await customersWithCart(200, item);
    const body = checkoutBody([{ item, quantity: 1 }]);

    const answers = await Promise.all(customers.map((customer) => checkout(ctx, customer, body)));
    const won = answers.filter((answer) => answer.status === 200);
    const lost = answers.filter((answer) => answer.status === 409);
    expect(won).toHaveLength(50);
    expect(lost).toHaveLength(150);
    expect(await stockOf(ctx, item.id)).toBe(0);
    const uids = customers.map((c) => c.uid);
    expect(await ordersFor(uids)).toHaveLength(50);

    // 9.99 + 5% (0.4995 → 0.50) = 10.49 each.
    const payments = await Promise.all(
      won.map((answer) =>
        postIpn(ctx, ctx.sandbox.notificationFields(transactionIdOf(answer.body.url!), 'paid', 1_049)),
      ),
    );
    expect(payments.map((response) => response.status)).toEqual(Array(50).fill(200));
    const [paid] = await ctx.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.paymentStatus, true), eq(orders.totalCents, 1_049)));
    expect(paid!.n).toBe(50);
    expect(await stockOf(ctx, item.id)).toBe(0);
    // Each paid order took exactly its own cart line; the 150 who lost keep theirs.
    const [left] = await ctx.db.select({ n: count() }).from(cartLines).where(eq(cartLines.itemId, item.id));
    expect(left!.n).toBe(150);
  });
});
