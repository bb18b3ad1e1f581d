// The counts PostgreSQL keeps beside the orders, by triggers on them, are what counting the orders would
// say, after every change an order can go through (placed, through every state, scheduled or not, moved
// to another slot or out of any, its pizzas changed, deleted): a slot's load (slot_loads, migration
// 0024) and the kitchen's queue as soon as possible (kitchen_queue, migration 0025).
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
  const { rows: queue } = await ctx.db.execute<{ counted: number; kept: number }>(sql`select
    (select count(*)::int from orders where not scheduled and state in ('paid', 'accepted', 'preparing'))
      as counted,
    (select sum(orders)::int from kitchen_queue) as kept`);
  const { rows: counted } = await ctx.db.execute<{ slot_at: string; orders: number; pizzas: number }>(sql`
    select slot_at, count(*)::int as orders, sum(pizza_units)::int as pizzas from orders
    where slot_at is not null and not stock_released group by slot_at order by slot_at`);
  const kept = await ctx.db
    .select()
    .from(slotLoads)
    .where(sql`${slotLoads.orders} <> 0 or ${slotLoads.pizzas} <> 0`)
    .orderBy(slotLoads.slotAt);
  return {
    queue: queue[0]!,
    counted: counted.map((row) => ({ ...row, slot_at: new Date(row.slot_at).toISOString() })),
    kept: kept.map((row) => ({ slot_at: row.slotAt.toISOString(), orders: row.orders, pizzas: row.pizzas })),
  };
}

async function expectInStep() {
  const { counted, kept, queue } = await loads();
  expect(kept).toEqual(counted);
  expect(queue.kept).toBe(queue.counted);
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

describe('the kitchen’s counts', () => {
  it('count the orders holding each slot (and their pizzas) and the queue, through every change of an order', async () => {
    const { order: first } = await placeOrder(2);
    const { order: second } = await placeOrder(3);
    await expectInStep();
    const { kept } = await loads();
    expect(kept.reduce((sum, slot) => sum + slot.orders, 0)).toBeGreaterThanOrEqual(2);

    // As soon as possible, whatever the hour the test runs at (a closed shop schedules it).
    await ctx.db.update(orders).set({ scheduled: false }).where(eq(orders.id, first.id));
    await expectInStep();
    const queued = (await loads()).queue.kept;
    for (const state of [...ORDER_STATES, 'awaiting_payment' as const]) {
      await ctx.db.update(orders).set({ state }).where(eq(orders.id, first.id));
      await expectInStep();
      if (state === 'paid') expect((await loads()).queue.kept).toBe(queued + 1);
    }
    for (const scheduled of [true, false]) {
      await ctx.db.update(orders).set({ state: 'accepted', scheduled }).where(eq(orders.id, first.id));
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
