// A slot's load (slot_loads, kept by a trigger on orders: migration 0024) is what counting the orders
// that hold the slot would say, after every change an order can go through: placed, through every state,
// moved to another slot or out of any, its pizzas changed, deleted.
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_STATES } from '../../contract/order-lifecycle.ts';
import { orderEvents, orders, slotLoads } from '../../server/db/schema.ts';
import {
  addToCart,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  orderByTransaction,
  transactionIdOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

afterEach(async () => {
  await ctx.db.update(orders).set({ slotAt: null }).where(isNotNull(orders.slotAt));
});

/** Each slot's load as counting its orders says it, and as slot_loads keeps it. */
async function loads() {
  const { rows: counted } = await ctx.db.execute<{ slot_at: string; orders: number; pizzas: number }>(sql`
    select slot_at, count(*)::int as orders, sum(pizza_units)::int as pizzas from orders
    where slot_at is not null and not stock_released group by slot_at order by slot_at`);
  const kept = await ctx.db
    .select()
    .from(slotLoads)
    .where(sql`${slotLoads.orders} <> 0 or ${slotLoads.pizzas} <> 0`)
    .orderBy(slotLoads.slotAt);
  return {
    counted: counted.map((row) => ({ ...row, slot_at: new Date(row.slot_at).toISOString() })),
    kept: kept.map((row) => ({ slot_at: row.slotAt.toISOString(), orders: row.orders, pizzas: row.pizzas })),
  };
}

async function expectInStep() {
  const { counted, kept } = await loads();
  expect(kept).toEqual(counted);
}

async function placeOrder(pizzas: number) {
  const item = await insertMenuItem(ctx, { priceCents: 1_000, quantity: 50, category: 'pizza' });
  const customer = await createCustomer(ctx);
  await addToCart(ctx, customer, item, pizzas);
  const answer = await checkout(ctx, customer, checkoutBody([{ item, quantity: pizzas }]));
  expect(answer.status, answer.body.message).toBe(200);
  const order = (await orderByTransaction(ctx, transactionIdOf(answer.body.url!)))!;
  expect(order.slotAt).not.toBeNull();
  return { order };
}

describe('a slot’s load', () => {
  it('counts the orders holding the slot, and their pizzas, through every change an order goes through', async () => {
    const { order: first } = await placeOrder(2);
    const { order: second } = await placeOrder(3);
    await expectInStep();
    const { kept } = await loads();
    expect(kept.reduce((sum, slot) => sum + slot.orders, 0)).toBeGreaterThanOrEqual(2);

    for (const state of [...ORDER_STATES, 'awaiting_payment' as const]) {
      await ctx.db.update(orders).set({ state }).where(eq(orders.id, first.id));
      await expectInStep();
    }
    const later = new Date(first.slotAt!.getTime() + 15 * 60_000);
    await ctx.db.update(orders).set({ slotAt: later }).where(eq(orders.id, first.id));
    await expectInStep();
    await ctx.db.update(orders).set({ pizzaUnits: 7 }).where(eq(orders.id, first.id));
    await expectInStep();
    await ctx.db.update(orders).set({ slotAt: null }).where(eq(orders.id, first.id));
    await expectInStep();
    // Nothing of ours deletes an order; one deleted by hand frees its place all the same.
    await ctx.db.delete(orderEvents).where(eq(orderEvents.orderId, second.id));
    await ctx.db.delete(orders).where(eq(orders.id, second.id));
    await expectInStep();
  });
});
