// Fair to every customer behind one address (issue 42, docs/decisions/042-holds-by-behaviour.md): every
// call here comes from the same address, as a carrier's NAT or an office's Wi-Fi sends them, and the app
// runs with the product's default holds. Time passes by moving every order's clock back.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNVOUCHED_HOLD_STATES } from '../../contract/order-lifecycle.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/api/middleware/rate-limit.ts';
import { releaseExpiredReservations } from '../../server/api/services/expiry.ts';
import { DEFAULT_HOLDS } from '../../server/api/services/holds.ts';
import { orderLines, orders } from '../../server/db/schema.ts';
import {
  addToCart,
  type Customer,
  call,
  checkout,
  checkoutBody,
  createCustomer,
  givePaidOrder,
  insertMenuItem,
  type MenuItemRow,
  orderByTransaction,
  pressSandboxButton,
  stockOf,
  transactionIdOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

// The product's default rate limits too: an attack from the customers' own address must not use up
// a quota that refuses them.
const ctx = sharedTestContext({ rateLimits: DEFAULT_RATE_LIMITS });

/** Moves every order's clock `seconds` into the past: as if that much time had gone by. */
async function passTime(seconds: number): Promise<void> {
  await ctx.db.update(orders).set({
    createdAt: sql`${orders.createdAt} - make_interval(secs => ${seconds})`,
    holdUntil: sql`${orders.holdUntil} - make_interval(secs => ${seconds})`,
  });
}

/** Units of the item held by orders not yet vouched for (unpaid online, cash not accepted). */
async function heldOf(item: MenuItemRow): Promise<number> {
  const [row] = await ctx.db
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.itemId, item.id), inArray(orders.state, [...UNVOUCHED_HOLD_STATES])));
  return row!.units;
}

/** A fresh customer with `quantity` of the item in their cart. */
async function shopper(item: MenuItemRow, quantity: number): Promise<Customer> {
  const customer = await createCustomer(ctx);
  await addToCart(ctx, customer, item, quantity);
  return customer;
}

/** Checks the customer's cart out; the payment page's URL, or the refusal. */
async function checkOut(customer: Customer, item: MenuItemRow, quantity: number) {
  return checkout(ctx, customer, checkoutBody([{ item, quantity }]));
}

/** Pays on the sandbox page; the order's state after. */
async function pay(url: string): Promise<string | undefined> {
  expect((await pressSandboxButton(ctx, url, 'pay')).status).toBe(303);
  return (await orderByTransaction(ctx, transactionIdOf(url)))?.state;
}

/** 1, 2 or 3 units, the same for the same customer number. */
const unitsFor = (n: number) => 1 + ((n * 7) % 3);

describe('a rush of real customers from one address', () => {
  it.each([200, 60])('stocked with %i: every customer whose units are there gets them', async (stock) => {
    const item = await insertMenuItem(ctx, { quantity: stock });
    const customers = await Promise.all(
      Array.from({ length: 60 }, (_, n) => shopper(item, unitsFor(n)).then((c) => ({ c, n }))),
    );
    // They check out one after another, as the stock allows.
    const placed: Array<{ url: string; units: number }> = [];
    let left = stock;
    for (const { c, n } of customers) {
      const answer = await checkOut(c, item, unitsFor(n));
      if (unitsFor(n) <= left) {
        expect(answer.status, answer.body.message).toBe(200);
        placed.push({ url: answer.body.url!, units: unitsFor(n) });
        left -= unitsFor(n);
      } else {
        expect(answer.status).toBe(409);
        expect(answer.body.message).toMatch(/left in stock|no longer in stock/);
      }
      // A few seconds between customers: the earliest pay 90 s after their checkout, the latest 5 s.
      await passTime(1);
    }
    await passTime(90 - 60);
    // Every hold stands through a sweep: none lapsed while its customer was paying.
    await releaseExpiredReservations(ctx.db);
    for (const { url } of placed) expect(await pay(url)).toBe('paid');
    expect(await stockOf(ctx, item.id)).toBe(left);
    expect(await heldOf(item)).toBe(0);
    if (stock === 200) expect(placed).toHaveLength(60);
  }, 120_000);
});

describe('the hold attack from one address: 36 fresh accounts, each the most it may hold, never paying', () => {
  const ATTACKERS = 36;
  const MOST = DEFAULT_HOLDS.cartLineMaxUnits;

  it.each([
    200, 30,
  ])('stocked with %i: a paying customer buys within 3 minutes, and then 90 percent stays buyable', async (stock) => {
    const item = await insertMenuItem(ctx, { quantity: stock });
    const attackers = await Promise.all(Array.from({ length: ATTACKERS }, () => shopper(item, MOST)));
    /** Attackers check out again (their carts are still full), as a script would, in a loop. */
    const attack = async (accounts = attackers) => {
      let held = 0;
      for (const attacker of accounts)
        if ((await checkOut(attacker, item, MOST)).status === 200) held += MOST;
      return held;
    };

    // The first wave: fresh accounts hold for two minutes, as a fresh customer paying does.
    expect(await attack()).toBe(
      Math.min(stock, ATTACKERS * MOST) - (Math.min(stock, ATTACKERS * MOST) % MOST),
    );
    const early = await createCustomer(ctx);
    const refused = await call(ctx, 'POST', '/add-to-cart', early.token, { itemId: item.id, quantity: 2 });
    expect(refused.status).toBe(409);

    // Two minutes on, the wave has lapsed: the item is under lapse pressure, and the attack's
    // new holds stand only until someone needs the units.
    await passTime(DEFAULT_HOLDS.newCustomerHoldSeconds + 1);
    await attack();
    const buyer = await shopper(item, 2);
    const bought = await checkOut(buyer, item, 2);
    expect(bought.status, bought.body.message).toBe(200);
    expect(await pay(bought.body.url!)).toBe('paid');
    // A customer the shop knows (paid before) is never made to wait by the attack either.
    const regular = await createCustomer(ctx);
    await givePaidOrder(ctx, regular);
    await addToCart(ctx, regular, item, 1);
    const regularOrder = await checkOut(regular, item, 1);
    expect(regularOrder.status).toBe(200);

    // At any moment after that, with the attack going on, the unsold units can be bought: customers
    // take 10 at a time (the most a line holds) until the item is gone.
    for (let round = 0; round < 2; round += 1) {
      await passTime(5);
      await attack();
      const unsold = (await stockOf(ctx, item.id)) + (await heldOf(item)) - 1; // the regular's unit
      let boughtUnits = 0;
      for (
        let wanted = Math.min(MOST, unsold);
        boughtUnits < unsold;
        wanted = Math.min(MOST, unsold - boughtUnits)
      ) {
        const customer = await shopper(item, wanted);
        const answer = await checkOut(customer, item, wanted);
        if (answer.status !== 200) break;
        // The attack goes on between checkout and payment: paid beats held.
        await attack(attackers.slice(0, 2));
        expect(await pay(answer.body.url!)).toBe('paid');
        boughtUnits += wanted;
      }
      expect(boughtUnits).toBeGreaterThanOrEqual(Math.floor(unsold * 0.9));
      if (unsold === 0) break;
      // More stock for the next round: the owner restocks mid-attack.
      await ctx.db.execute(sql`update menu_items set quantity = quantity + ${stock} where id = ${item.id}`);
    }

    // When the attack stops, nothing it placed holds anything: the sweep gives it all back.
    await passTime(1);
    await releaseExpiredReservations(ctx.db);
    expect(await heldOf(item)).toBe(1); // the regular's unpaid unit, inside its 10 minutes
  }, 180_000);
});

describe('a fresh customer’s hold', () => {
  it('runs from their first checkout of the day: checking out again does not start it anew', async () => {
    const item = await insertMenuItem(ctx, { quantity: 10 });
    const customer = await shopper(item, 1);
    const first = await checkOut(customer, item, 1);
    const firstOrder = (await orderByTransaction(ctx, transactionIdOf(first.body.url!)))!;
    await passTime(100);
    const again = await checkOut(customer, item, 1);
    const againOrder = (await orderByTransaction(ctx, transactionIdOf(again.body.url!)))!;
    expect(againOrder.holdUntil!.getTime()).toBe(firstOrder.holdUntil!.getTime() - 100_000);
    await passTime(21);
    await releaseExpiredReservations(ctx.db);
    expect((await orderByTransaction(ctx, transactionIdOf(again.body.url!)))?.state).toBe('expired');
    // Paying late still buys the food while it is there.
    expect(await pay(again.body.url!)).toBe('paid');
    expect(await stockOf(ctx, item.id)).toBe(9);
  });

  it('is the standard ten minutes once they have paid before', async () => {
    const item = await insertMenuItem(ctx, { quantity: 10 });
    const customer = await shopper(item, 1);
    await givePaidOrder(ctx, customer);
    const answer = await checkOut(customer, item, 1);
    expect((await orderByTransaction(ctx, transactionIdOf(answer.body.url!)))?.holdUntil).toBeNull();
    await passTime(9 * 60);
    await releaseExpiredReservations(ctx.db);
    expect((await orderByTransaction(ctx, transactionIdOf(answer.body.url!)))?.state).toBe(
      'awaiting_payment',
    );
  });
});
