import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSlots } from '../../contract/kitchen.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/api/middleware/rate-limit.ts';
import { createApiTokens } from '../../server/api/tokens.ts';
import {
  cartLines,
  kitchenSettings,
  menuItems,
  openingHours,
  orderLines,
  orders,
  paymentSettings,
  users,
} from '../../server/db/schema.ts';
import { seedMenu } from '../../server/db/seed/menu.ts';
import { type ApiProcess, sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import { checkoutBody, ORDER_TIME, SHIPPING } from './support/commerce.ts';
import { TEST_API_TOKEN_SECRET } from './support/test-app.ts';
import { until } from './support/until.ts';

/**
 * Two API processes on one PostgreSQL behave as one: every counter, lock and announcement lives in the
 * database (docs/decisions/011-scale.md). The site servers' side is tests/e2e/instances.spec.ts.
 */
const scratch = sharedScratchDatabase();
let a: ApiProcess;
let b: ApiProcess;
beforeAll(async () => {
  await seedMenu(scratch.db);
  // Both sweep often, so that two sweeps meet; behind a proxy (as N instances are), so that a test can
  // name the caller's address.
  const env = { EXPIRY_SWEEP_MS: '100', TRUST_PROXY: 'true' };
  [a, b] = await Promise.all([startApiProcess(scratch.url, env), startApiProcess(scratch.url, env)]);
}, 60_000);
afterAll(async () => {
  for (const api of [a, b]) await stopApi(api);
});

const tokens = createApiTokens(TEST_API_TOKEN_SECRET);

/** Customers registered in the database, each with an API token (as POST /jwt would give). */
async function customers(count: number, tag: string) {
  const uids = Array.from({ length: count }, (_, i) => `${tag}-${i}`);
  await scratch.db
    .insert(users)
    .values(uids.map((uid) => ({ uid, email: `${uid}@example.com`, role: 'user' })));
  return Promise.all(uids.map(async (uid) => ({ uid, token: (await tokens.issue(uid)).token })));
}

/** A dish of a test's own, with this stock. */
async function insertDish(name: string, quantity: number) {
  const [item] = await scratch.db
    .insert(menuItems)
    .values({
      name,
      priceCents: 1500,
      quantity,
      image: '/images/menu/calzone.svg',
      category: 'pizza',
      description: name,
    })
    .returning();
  return item!;
}

const post = (api: ApiProcess, path: string, token: string | undefined, body: unknown, from = '192.0.2.1') =>
  fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': from,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

describe('two API processes on one database', () => {
  it('sell the last unit once: 20 buyers spread over both, one order', async () => {
    const item = await insertDish('The Last Calzone', 1);
    const buyers = await customers(20, 'last-unit');
    const apiOf = (i: number) => (i % 2 === 0 ? a : b);
    for (const [i, buyer] of buyers.entries()) {
      expect(
        (await post(apiOf(i), '/add-to-cart', buyer.token, { itemId: item.id, quantity: 1 })).status,
      ).toBe(201);
    }
    const body = checkoutBody([{ item, quantity: 1 }]);
    const answers = await Promise.all(
      buyers.map((buyer, i) => post(apiOf(i), `/create-payment-intent?uid=${buyer.uid}`, buyer.token, body)),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const [left] = await scratch.db.select().from(menuItems).where(eq(menuItems.id, item.id));
    expect(left!.quantity).toBe(0);
  });

  it('sell the last 3 units for cash to exactly 3 of 12 buyers over both, each order placed', async () => {
    await scratch.db.update(paymentSettings).set({ cash: true });
    const item = await insertDish('The Cash Calzone', 3);
    const buyers = await customers(12, 'cash-race');
    const apiOf = (i: number) => (i % 2 === 0 ? a : b);
    for (const [i, buyer] of buyers.entries()) {
      expect(
        (await post(apiOf(i), '/add-to-cart', buyer.token, { itemId: item.id, quantity: 1 })).status,
      ).toBe(201);
    }
    const body = { ...checkoutBody([{ item, quantity: 1 }]), paymentMethod: 'cash' };
    // Each from an address of its own: one address's hold budget, which counts cash orders not yet
    // accepted, would stop them before the stock does (decision 025).
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        post(apiOf(i), `/create-payment-intent?uid=${buyer.uid}`, buyer.token, body, `198.51.100.${i + 1}`),
      ),
    );
    expect(answers.map((response) => response.status).sort()).toEqual([200, 200, 200, ...Array(9).fill(409)]);
    const [left] = await scratch.db.select().from(menuItems).where(eq(menuItems.id, item.id));
    expect(left!.quantity).toBe(0);
    const placed = await scratch.db
      .select({ state: orders.state, method: orders.paymentMethod })
      .from(orders)
      .where(sql`${orders.userUid} in ${buyers.map((buyer) => buyer.uid)}`);
    expect(placed).toEqual(Array(3).fill({ state: 'placed', method: 'cash' }));
  });

  it('give the last place of a kitchen slot to exactly one of many racing customers over both', async () => {
    // Open around the clock, three orders a slot: the race is for the third place of a slot.
    await scratch.db.update(openingHours).set({ opens: '00:00', closes: '23:59', closed: false });
    await scratch.db.update(kitchenSettings).set({ slotOrders: 3 });
    const [item] = await scratch.db
      .insert(menuItems)
      .values({
        name: 'The Slot Margherita',
        priceCents: 2000,
        quantity: 100,
        image: '/images/menu/margherita-napoletana.svg',
        category: 'pizza',
        description: 'For a busy evening.',
      })
      .returning();
    const buyers = await customers(12, 'slot-race');
    const apiOf = (i: number) => (i % 2 === 0 ? a : b);
    for (const [i, buyer] of buyers.entries()) {
      expect(
        (await post(apiOf(i), '/add-to-cart', buyer.token, { itemId: item!.id, quantity: 1 })).status,
      ).toBe(201);
    }
    const offer = (await (
      await fetch(`${a.url}/order-slots?orderType=pickup&uid=${buyers[0]!.uid}`, {
        headers: { Authorization: `Bearer ${buyers[0]!.token}` },
      })
    ).json()) as OrderSlots;
    // Days ahead, clear of the as-soon-as-possible orders the other cases leave in the next slots.
    const [slot, next] = offer.slots.slice(-2);
    const body = {
      ...checkoutBody([{ item: item!, quantity: 1 }]),
      orderType: 'pickup',
      slot: slot!.at,
      total_price: 20,
    };
    const checkOut = (i: number) =>
      post(
        apiOf(i),
        `/create-payment-intent?uid=${buyers[i]!.uid}`,
        buyers[i]!.token,
        body,
        `192.0.2.${10 + i}`,
      );
    for (const i of [0, 1]) expect((await checkOut(i)).status).toBe(200);
    const answers = await Promise.all(buyers.slice(2).map((_, i) => checkOut(i + 2)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const refusal = (await answers.find((answer) => answer.status === 409)!.json()) as { slot: unknown };
    expect(refusal.slot).toEqual(next);
    const [held] = await scratch.db
      .select({ orders: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.slotAt, new Date(slot!.at)));
    expect(held!.orders).toBe(3);
  });

  it('keep one customer’s item within its cap: 24 adds of the same choices over both, one line of 10', async () => {
    const item = await insertDish('The Busy Margherita', 50);
    const [buyer] = await customers(1, 'many-tabs');
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        post(i % 2 === 0 ? a : b, '/add-to-cart', buyer!.token, { itemId: item.id, quantity: 1 }),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(14);
    const lines = await scratch.db.select().from(cartLines).where(eq(cartLines.userUid, buyer!.uid));
    expect(lines.map((line) => line.quantity)).toEqual([10]);
  });

  it('show a menu change made through one on the other’s next answer, within a second', async () => {
    const [item] = await scratch.db.select().from(menuItems).limit(1);
    const readOn = async (api: ApiProcess) =>
      ((await (await fetch(`${api.url}/item-detail/${item!.id}`)).json()) as { quantity: number }).quantity;
    const before = await readOn(b);
    // B holds the menu in memory now; the change goes through A (an admin's edit).
    const [admin] = await customers(1, 'editor');
    await scratch.db.update(users).set({ role: 'admin' }).where(eq(users.uid, admin!.uid));
    const edit = await fetch(`${a.url}/admin-item-update/${item!.id}?uid=${admin!.uid}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin!.token}` },
      body: JSON.stringify({
        name: item!.name,
        price: item!.priceCents / 100,
        quantity: before + 7,
        image: item!.image,
        description: item!.description,
      }),
    });
    expect(edit.status).toBe(200);
    const edited = Date.now();
    expect(
      await until(
        () => readOn(b),
        (stock) => stock === before + 7,
        1_000,
      ),
    ).toBe(before + 7);
    expect(Date.now() - edited).toBeLessThan(1_000);
  });

  it('release each expired reservation once, though both sweep', async () => {
    const [item] = await scratch.db
      .insert(menuItems)
      .values({
        name: 'Sweep Pie',
        priceCents: 1000,
        quantity: 100,
        image: '/images/menu/margherita.svg',
        category: 'pizza',
        description: 'Held by orders nobody paid.',
      })
      .returning();
    // 40 unpaid orders of 2 units each, placed 45 minutes ago: their 80 units are held.
    await scratch.db.transaction(async (tx) => {
      await tx.update(menuItems).set({ quantity: 20 }).where(eq(menuItems.id, item!.id));
      for (let i = 0; i < 40; i++) {
        const [order] = await tx
          .insert(orders)
          .values({
            userUid: 'sweep-customer',
            orderTime: ORDER_TIME,
            ...SHIPPING,
            transactionId: `PZSWEEP${String(i).padStart(19, '0')}`,
            totalCents: 2100,
            createdAt: sql`now() - interval '45 minutes'`,
          })
          .returning({ id: orders.id });
        await tx.insert(orderLines).values({
          orderId: order!.id,
          itemId: item!.id,
          name: item!.name,
          category: 'pizza',
          priceCents: 1000,
          quantity: 2,
        });
      }
    });
    const open = () =>
      scratch.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(sql`transaction_id like 'PZSWEEP%' and not stock_released`)
        .then((rows) => rows[0]!.n);
    expect(await until(open, (n) => n === 0, 10_000)).toBe(0);
    // Give any second sweep its chance to (wrongly) release again, then count the stock.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [after] = await scratch.db.select().from(menuItems).where(eq(menuItems.id, item!.id));
    expect(after!.quantity).toBe(100);
  });
  it('share one quota: the calls to both stop at the limit together', async () => {
    // POST /users: its attempts a minute per address, counted before sign-in.
    const { limit } = DEFAULT_RATE_LIMITS.users.perAddress;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 10; i++) {
      const response = await post(i % 2 === 0 ? a : b, '/users', undefined, {}, '203.0.113.9');
      statuses.push(response.status);
    }
    expect(statuses.slice(0, limit).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(limit)).toEqual(Array(10).fill(429));
  });
});
