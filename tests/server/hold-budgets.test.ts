import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdBudgetMessage } from '../../server/api/services/hold-budget.ts';
import { DEFAULT_HOLDS, resolveHolds } from '../../server/api/services/holds.ts';
import { createApiTokens } from '../../server/api/tokens.ts';
import { cartLines, menuItems, orderLines, orders, paymentSettings, users } from '../../server/db/schema.ts';
import { SEED_MENU_ITEMS } from '../../server/db/seed-data.ts';
import { bearer, createProviderUser } from './support/accounts.ts';
import { databaseFingerprint } from './support/admin.ts';
import { type ApiProcess, sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import { ageOrder, checkoutBody, insertMenuItem, type MenuItemRow, stockOf } from './support/commerce.ts';
import { sharedTestContext, TEST_API_TOKEN_SECRET } from './support/test-app.ts';

// What the unpaid orders placed from one address may hold: a tenth of an item's unsold units through new
// or unverified accounts, a quarter through established ones (the defaults: services/holds.ts).

const ATTACKER = '198.51.100.23';
const NEIGHBOUR = '203.0.113.77';

// Behind one proxy of ours, so each request names its address; the default budgets (the test app's own
// bound none); no rate limits, so the budgets alone are what stops the attack.
const ctx = sharedTestContext({
  trustProxy: 1,
  holds: {
    addressHoldPercent: DEFAULT_HOLDS.addressHoldPercent,
    newAccountHoldPercent: DEFAULT_HOLDS.newAccountHoldPercent,
  },
});

interface Account {
  uid: string;
  token: string;
}

async function send<T = { message?: string; url?: string }>(
  method: string,
  path: string,
  from: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await ctx.request(path, {
    method,
    headers: {
      'X-Forwarded-For': from,
      ...(options.token ? bearer(options.token) : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Signs up as the storefront does (the provider's sign-up, POST /users, POST /jwt), from `from`. */
async function signUp(from: string): Promise<Account> {
  const { uid, idToken } = await createProviderUser(ctx);
  expect((await send('POST', '/users', from, { token: idToken, body: { uid } })).status).toBe(201);
  const jwt = await send<{ token: string }>('POST', '/jwt', from, { token: idToken, body: { uid } });
  return { uid, token: jwt.body.token };
}

/** A customer registered `hours` ago, with or without a verified e-mail. */
async function accountOf(hoursOld: number, emailVerified: boolean): Promise<Account> {
  const { uid } = await createProviderUser(ctx);
  await ctx.db.insert(users).values({
    uid,
    email: `${uid}@example.com`,
    emailVerified,
    createdAt: sql`now() - make_interval(hours => ${hoursOld})`,
  });
  return { uid, token: (await ctx.tokens.issue(uid)).token };
}

type Lines = Array<{ item: MenuItemRow; quantity: number }>;

/** Empties the account's cart and fills it with these lines, from `from`. */
async function fillCart(account: Account, from: string, lines: Lines): Promise<void> {
  await ctx.db.delete(cartLines).where(eq(cartLines.userUid, account.uid));
  for (const { item, quantity } of lines) {
    const added = await send('POST', '/add-to-cart', from, {
      token: account.token,
      body: { itemId: item.id, quantity },
    });
    expect(added.status).toBe(201);
  }
}

/** Checks out the cart these lines are in, from `from`. */
const placeOrder = (account: Account, from: string, lines: Lines) =>
  send('POST', `/create-payment-intent?uid=${account.uid}`, from, {
    token: account.token,
    body: checkoutBody(lines),
  });

/** Fills the cart with these lines and checks out, from `from`. */
async function checkOut(account: Account, from: string, lines: Lines) {
  await fillCart(account, from, lines);
  return placeOrder(account, from, lines);
}

/** What the unpaid orders placed from `address` hold, by item. */
async function heldFrom(address: string): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ itemId: orderLines.itemId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.clientAddress, address), eq(orders.state, 'awaiting_payment')))
    .groupBy(orderLines.itemId);
  return new Map(rows.map((row) => [row.itemId!, row.units]));
}

const share = (stock: number, percent: number) => Math.max(1, Math.floor((stock * percent) / 100));

describe('the review’s attack: 36 fresh accounts from one address', () => {
  let menu: MenuItemRow[];
  beforeAll(async () => {
    menu = await ctx.db
      .insert(menuItems)
      .values(SEED_MENU_ITEMS.map((item) => ({ ...item, name: `${item.name} (attack)` })))
      .returning();
  });

  it('hold at most a tenth of any item (one unit of the smallest), and everyone else still buys', async () => {
    const units = menu.reduce((sum, item) => sum + item.quantity, 0);
    const inStock = menu.filter((item) => item.quantity > 0).sort((a, b) => b.quantity - a.quantity);
    const accounts: Account[] = [];
    for (let i = 0; i < 36; i++) accounts.push(await signUp(ATTACKER));

    // Each account goes for two items, as much of each as a checkout takes: 10, then less, then each
    // item alone (one may be at its share while the other is not).
    const grab = async (account: Account, pair: MenuItemRow[]): Promise<boolean> => {
      for (const quantity of [10, 5, 3, 2, 1]) {
        const lines = [];
        for (const item of pair) {
          const left = await stockOf(ctx, item.id);
          if (left > 0) lines.push({ item, quantity: Math.min(quantity, left) });
        }
        for (const tried of [lines, ...lines.map((line) => [line])]) {
          if (tried.length === 0) continue;
          const answer = await checkOut(account, ATTACKER, tried);
          if (answer.status === 200) return true;
          expect(answer.status).toBe(409);
        }
      }
      return false;
    };
    for (const [k, account] of accounts.entries()) {
      const pair = [inStock[(2 * k) % inStock.length]!, inStock[(2 * k + 1) % inStock.length]!];
      await grab(account, pair);
    }

    const held = await heldFrom(ATTACKER);
    let total = 0;
    let bound = 0;
    for (const item of inStock) {
      const units = held.get(item.id) ?? 0;
      expect(units, item.name).toBeLessThanOrEqual(share(item.quantity, 10));
      total += units;
      bound += share(item.quantity, 10);
    }
    // Each item's share is a tenth of it, rounded down, but one unit at least: about a tenth of the
    // menu in all. The attack took nearly all of that.
    expect(bound).toBeLessThanOrEqual(Math.ceil(units / 10));
    expect(total).toBeGreaterThanOrEqual(bound - 5);

    // Customers elsewhere, new accounts too, buy one of every item that had more than one unit.
    const buyable = inStock.filter((item) => item.quantity > 1);
    for (const [n, group] of [buyable.slice(0, 15), buyable.slice(15)].entries()) {
      const from = `203.0.113.${n + 1}`;
      const buyer = await signUp(from);
      const answer = await checkOut(
        buyer,
        from,
        group.map((item) => ({ item, quantity: 1 })),
      );
      expect(answer.status).toBe(200);
    }
  }, 180_000);
});

describe('an address’s share of an item', () => {
  it('is a tenth for new accounts, a quarter with established ones; over it 409, nothing written', async () => {
    const item = await insertMenuItem(ctx, { quantity: 100 });
    expect((await checkOut(await accountOf(0, true), ATTACKER, [{ item, quantity: 6 }])).status).toBe(200);
    const fresh = await accountOf(0, true);
    const over = await checkOut(fresh, ATTACKER, [{ item, quantity: 5 }]);
    expect(over).toEqual({ status: 409, body: { message: holdBudgetMessage(item.name, 4) } });
    expect(over.body.message).toBe(
      `You can order at most 4 ${item.name} for now: please lower its quantity in your cart.`,
    );
    expect((await checkOut(fresh, ATTACKER, [{ item, quantity: 4 }])).status).toBe(200);

    // Unverified however old, or verified but younger than a day: new, and the address holds its tenth.
    for (const account of [await accountOf(24 * 30, false), await accountOf(23, true)]) {
      await fillCart(account, ATTACKER, [{ item, quantity: 1 }]);
      const before = await databaseFingerprint(ctx);
      expect(await placeOrder(account, ATTACKER, [{ item, quantity: 1 }])).toEqual({
        status: 409,
        body: {
          message: `${item.name} can not be held for you right now: unpaid orders from your network already hold their share of it. Please try again in a few minutes.`,
        },
      });
      expect(await databaseFingerprint(ctx)).toEqual(before);
    }

    // Established and verified: the address may hold a quarter, 15 more.
    expect((await checkOut(await accountOf(48, true), ATTACKER, [{ item, quantity: 10 }])).status).toBe(200);
    const another = await accountOf(48, true);
    expect(await checkOut(another, ATTACKER, [{ item, quantity: 6 }])).toEqual({
      status: 409,
      body: { message: holdBudgetMessage(item.name, 5) },
    });
    expect((await checkOut(another, ATTACKER, [{ item, quantity: 5 }])).status).toBe(200);
    expect((await heldFrom(ATTACKER)).get(item.id)).toBe(25);

    // Another address has a share of its own.
    expect((await checkOut(await accountOf(0, false), NEIGHBOUR, [{ item, quantity: 10 }])).status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(65);
  });

  it('counts cash orders the kitchen has not accepted: free accounts can not hold the menu in cash either', async () => {
    await ctx.db.update(paymentSettings).set({ cash: true });
    try {
      const item = await insertMenuItem(ctx, { quantity: 100 });
      const from = '198.51.100.77';
      const cash = (account: Account, quantity: number) =>
        fillCart(account, from, [{ item, quantity }]).then(() =>
          send('POST', `/create-payment-intent?uid=${account.uid}`, from, {
            token: account.token,
            body: { ...checkoutBody([{ item, quantity }]), paymentMethod: 'cash' },
          }),
        );
      expect((await cash(await accountOf(0, true), 6)).status).toBe(200);
      expect(await cash(await accountOf(0, true), 5)).toEqual({
        status: 409,
        body: { message: holdBudgetMessage(item.name, 4) },
      });
      // Accepted by the kitchen, the order is the shop's word: the address may hold its share again.
      await ctx.db
        .update(orders)
        .set({ state: 'accepted' })
        .where(and(eq(orders.clientAddress, from), eq(orders.state, 'placed')));
      expect((await cash(await accountOf(0, true), 9)).status).toBe(200);
    } finally {
      await ctx.db.update(paymentSettings).set({ cash: false });
    }
  });

  it('counts only unpaid orders: a paid one, a lapsed one or the customer’s own earlier checkout frees it', async () => {
    const item = await insertMenuItem(ctx, { quantity: 50, priceCents: 10_000 });
    const from = '198.51.100.99';
    const first = await accountOf(0, true);
    expect((await checkOut(first, from, [{ item, quantity: 5 }])).status).toBe(200);
    // The same customer checking out again replaces their order: the address still holds 5, not 10.
    for (let i = 0; i < 3; i++) {
      const again = await send('POST', `/create-payment-intent?uid=${first.uid}`, from, {
        token: first.token,
        body: checkoutBody([{ item, quantity: 5 }]),
      });
      expect(again.status).toBe(200);
    }
    expect((await heldFrom(from)).get(item.id)).toBe(5);

    const second = await accountOf(0, true);
    expect((await checkOut(second, from, [{ item, quantity: 1 }])).status).toBe(409);
    // The hold lapses (not swept yet): the refused checkout sweeps and tries once more.
    const [open] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userUid, first.uid), eq(orders.state, 'awaiting_payment')));
    await ageOrder(ctx, open!.id, DEFAULT_HOLDS.holdMinutes + 1);
    const after = await checkOut(second, from, [{ item, quantity: 5 }]);
    expect(after.status).toBe(200);
    expect((await heldFrom(from)).get(item.id)).toBe(5);

    // Paid, it is sold, not held: the address may hold its share again.
    const [paying] = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.userUid, second.uid), eq(orders.state, 'awaiting_payment')));
    const ipn = await ctx.request('/payment/ipn', {
      method: 'POST',
      body: new URLSearchParams(
        ctx.sandbox.notificationFields(paying!.transactionId, 'paid', paying!.totalCents),
      ),
    });
    expect(ipn.status).toBe(200);
    expect((await checkOut(await accountOf(0, true), from, [{ item, quantity: 4 }])).status).toBe(200);
  });
});

it('refuses a share that is not a whole percent from 1 to 100', () => {
  for (const bad of [0, 101, 12.5]) {
    expect(() => resolveHolds({ addressHoldPercent: bad })).toThrow(
      /holds.addressHoldPercent .* from 1 to 100/,
    );
    expect(() => resolveHolds({ newAccountHoldPercent: bad })).toThrow(/holds.newAccountHoldPercent/);
  }
  expect(resolveHolds({ newAccountHoldPercent: 100 }).newAccountHoldPercent).toBe(100);
});

describe('two API processes on one database', () => {
  const scratch = sharedScratchDatabase();
  let a: ApiProcess;
  let b: ApiProcess;
  beforeAll(async () => {
    // The defaults (a tenth for new accounts), behind a proxy so that the callers name their address.
    const env = { TRUST_PROXY: 'true' };
    [a, b] = await Promise.all([startApiProcess(scratch.url, env), startApiProcess(scratch.url, env)]);
  }, 60_000);
  afterAll(async () => {
    for (const api of [a, b]) await stopApi(api);
  });

  const tokens = createApiTokens(TEST_API_TOKEN_SECRET);
  const post = (api: ApiProcess, path: string, token: string, body: unknown) =>
    fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ATTACKER, ...bearer(token) },
      body: JSON.stringify(body),
    });

  it('give the address’s last unit of its share to exactly one of many racing checkouts', async () => {
    const [item] = await scratch.db
      .insert(menuItems)
      .values({
        name: 'Raced Calzone',
        priceCents: 1500,
        quantity: 100,
        image: '/images/menu/calzone.svg',
        category: 'pizza',
        description: 'A tenth of it for one address.',
      })
      .returning();
    const uids = Array.from({ length: 21 }, (_, i) => `budget-race-${i}`);
    await scratch.db.insert(users).values(uids.map((uid) => ({ uid, email: `${uid}@example.com` })));
    const buyers = await Promise.all(
      uids.map(async (uid) => ({ uid, token: (await tokens.issue(uid)).token })),
    );
    const body = checkoutBody([{ item: item!, quantity: 1 }]);
    for (const [i, buyer] of buyers.entries()) {
      const api = i % 2 === 0 ? a : b;
      expect((await post(api, '/add-to-cart', buyer.token, { itemId: item!.id, quantity: 1 })).status).toBe(
        201,
      );
    }
    // Nine units of the ten the address may hold, one checkout after another.
    for (const buyer of buyers.slice(0, 9)) {
      expect((await post(a, `/create-payment-intent?uid=${buyer.uid}`, buyer.token, body)).status).toBe(200);
    }
    const racers = buyers.slice(9);
    const answers = await Promise.all(
      racers.map((buyer, i) =>
        post(i % 2 === 0 ? a : b, `/create-payment-intent?uid=${buyer.uid}`, buyer.token, body),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200,
      ...Array(racers.length - 1).fill(409),
    ]);
    const held = await scratch.db
      .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.state, 'awaiting_payment'), inArray(orders.userUid, uids)));
    expect(held[0]!.units).toBe(10);
    const [left] = await scratch.db.select().from(menuItems).where(eq(menuItems.id, item!.id));
    expect(left!.quantity).toBe(90);
  });
});
