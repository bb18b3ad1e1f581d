import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CartLine, cartTotals } from '../../contract/cart.ts';
import { priceOrder } from '../../contract/pricing.ts';
import { embeddedSocketPath } from '../../server/db/embedded.ts';
import { menuItems, orderLines, orders } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import {
  addToCart,
  type Customer,
  call,
  checkout,
  createCustomer,
  insertMenuItem,
  type MenuItemRow,
  ORDER_TIME,
  SHIPPING,
  stockOf,
  transactionIdOf,
} from './support/commerce.ts';
import { startCuttingProxy } from './support/cutting-proxy.ts';
import { SERVER_TESTS_ENV } from './support/env.ts';
import { createPizzonDatabase, startOwnPostgres } from './support/own-postgres.ts';
import { createContextOn, fixture, SITE_ORIGIN } from './support/test-app.ts';

/** This file stops its own PostgreSQL, so it runs one beside the run's: on the port after TEST_PG_PORT. */
const PORT = readEnv(SERVER_TESTS_ENV, { read: ['TEST_PG_PORT'] }).TEST_PG_PORT + 1;
const DATABASE = 'pizzon_fault';
const OFFLINE = { message: 'The kitchen is briefly offline. Please try again in a moment.' };
const STOCK = 10_000;
const WORKERS = 6;

interface Answer {
  call: string;
  status: number;
  body: unknown;
  /** When the call was made: before the database stopped, while it was down, as it started, after. */
  phase: Phase;
}
type Phase = 'up' | 'down' | 'starting' | 'back';

const own = fixture(
  () => startOwnPostgres(PORT),
  (server) => server.destroy(),
);
const ctx = fixture(
  async () => createContextOn(await createPizzonDatabase(own, DATABASE)),
  (app) => app.close(),
);
let items: MenuItemRow[];
beforeAll(async () => {
  items = [];
  for (let i = 0; i < 3; i++) items.push(await insertMenuItem(ctx, { quantity: STOCK }));
});

const until = async (condition: () => boolean | Promise<boolean>): Promise<void> => {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
};

/** The checkout body for the cart as the API lists it (the storefront's own computation). */
const bodyFor = (cart: CartLine[]) => ({
  ...SHIPPING,
  carts: cart,
  total_price: cartTotals(cart).totalPrice,
  order_time: ORDER_TIME,
});

/**
 * A storefront customer who keeps browsing the menu, reading the cart, adding to it and checking out,
 * recording every answer, until told to stop.
 */
function shopper(customer: Customer, answers: Answer[], phase: () => Phase, running: () => boolean) {
  return (async () => {
    for (let round = 0; running(); round++) {
      const record = async <T>(name: string, answer: Promise<{ status: number; body: T }>) => {
        const started = phase();
        const { status, body } = await answer;
        answers.push({ call: name, status, body, phase: started });
        return { status, body };
      };
      await record('GET /all-items', call(ctx, 'GET', '/all-items?category=all&limit=0'));
      const item = items[round % items.length]!;
      await record(
        'POST /add-to-cart',
        call(ctx, 'POST', '/add-to-cart', customer.token, { itemId: item.id, quantity: 1 }),
      );
      const cart = await record(
        'GET /add-to-cart',
        call<CartLine[]>(ctx, 'GET', '/add-to-cart', customer.token),
      );
      if (cart.status === 200 && cart.body.length > 0) {
        await record('POST /create-payment-intent', checkout(ctx, customer, bodyFor(cart.body)));
      }
      // Pace the loop a little: while the database is down every call fails at once.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
}

/** Every order is whole: it has lines, and its total is exactly theirs (shipping included). */
async function brokenOrders(): Promise<string[]> {
  const rows = await ctx.db.select().from(orders);
  const lines = await ctx.db.select().from(orderLines);
  const broken: string[] = [];
  for (const order of rows) {
    const itsLines = lines.filter((line) => line.orderId === order.id);
    if (itsLines.length === 0 || priceOrder(itsLines).totalCents !== order.totalCents)
      broken.push(order.transactionId);
  }
  return broken;
}

/** Per item: the stock left plus what open (unreleased) orders hold must be the stock we started with. */
async function stockAccounts(): Promise<Record<string, number>> {
  const ids = items.map((item) => item.id);
  const left = await ctx.db
    .select({ id: menuItems.id, quantity: menuItems.quantity })
    .from(menuItems)
    .where(inArray(menuItems.id, ids));
  const held = await ctx.db
    .select({ id: orderLines.itemId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.itemId, ids), eq(orders.stockReleased, false)))
    .groupBy(orderLines.itemId);
  return Object.fromEntries(
    left.map(({ id, quantity }) => [id, quantity + (held.find((row) => row.id === id)?.quantity ?? 0)]),
  );
}

/**
 * A checkout caught inside its transaction when the server goes: it waits for a row lock that the test
 * holds on its item from a connection of its own.
 */
async function checkoutWaitingForALock() {
  const customer = await createCustomer(ctx);
  const item = await insertMenuItem(ctx, { quantity: STOCK });
  await addToCart(ctx, customer, item, 1);
  const locker = new pg.Client({ connectionString: own.url(DATABASE) });
  // Asked from outside the locker's transaction, which would see a frozen snapshot of pg_stat_activity.
  const probe = new pg.Client({ connectionString: own.url(DATABASE) });
  for (const client of [locker, probe]) {
    client.on('error', () => {}); // their connections die with the server
    await client.connect();
  }
  const cart = await call<CartLine[]>(ctx, 'GET', '/add-to-cart', customer.token);
  const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
  await locker.query('begin');
  await locker.query('select * from menu_items where id = $1 for update', [item.id]);
  const answer = checkout(ctx, customer, bodyFor(cart.body));
  // Waiting when a backend waits for the locker (only the checkout touches this item).
  await until(async () => {
    const { rows } = await probe.query(
      'select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
      [lockerPid],
    );
    return rows.length > 0;
  });
  return {
    item,
    answer,
    release: () => Promise.all([locker.end().catch(() => {}), probe.end().catch(() => {})]),
  };
}

describe('PostgreSQL stopped and started again while requests are running', () => {
  it('answers 503 with a message while it is down (the menu: the last one read), recovers on its own, and leaves no half-written order', async () => {
    const customers: Customer[] = [];
    for (let i = 0; i < WORKERS; i++) customers.push(await createCustomer(ctx));
    const answers: Answer[] = [];
    let phase: Phase = 'up';
    let running = true;
    const shoppers = customers.map((customer) =>
      shopper(
        customer,
        answers,
        () => phase,
        () => running,
      ),
    );
    const succeeded = (name: string, from: Phase) =>
      answers.some((a) => a.call === name && a.phase === from && a.status < 300);
    // In the API process, an 'error' event that nothing listens to (a pool client losing its
    // connection) is an uncaught exception: the end of the process.
    const crashes: unknown[] = [];
    const crash = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', crash);

    // An instance that has not read the menu yet when the database goes: it has no menu to serve.
    const cold = await createContextOn(own.url(DATABASE));
    try {
      const stuck = await checkoutWaitingForALock();
      await until(() => succeeded('POST /create-payment-intent', 'up'));
      await own.stop();
      phase = 'down';

      // While it is down, every kind of call answers 503 with a message, the caught checkout included.
      expect(await stuck.answer).toMatchObject({ status: 503, body: OFFLINE });
      await until(() => answers.filter((a) => a.phase === 'down').length >= 3 * WORKERS);
      for (const [method, path, body] of [
        ['GET', '/health'],
        ['GET', '/add-to-cart'],
        ['POST', '/add-to-cart', { itemId: items[0]!.id, quantity: 1 }],
        ['POST', `/create-payment-intent?uid=${customers[0]!.uid}`, bodyFor([])],
      ] as const) {
        const answer = await call(ctx, method, path, customers[0]!.token, body);
        expect({ method, path, status: answer.status, body: answer.body }).toEqual({
          method,
          path,
          status: 503,
          body: OFFLINE,
        });
      }
      // The menu is the last one this instance read, with that version's tag, as the site's cached
      // pages show it; an instance that never read it answers 503 like any other call.
      const menu = await call<Array<{ _id: string }>>(ctx, 'GET', '/all-items?category=all&limit=0');
      expect(menu.status).toBe(200);
      expect(menu.body.map((item) => item._id)).toEqual(expect.arrayContaining(items.map((item) => item.id)));
      const tag = menu.headers.get('etag');
      expect(tag).toMatch(/^W\/"m\d+-\d+\./);
      const held = await ctx.request('/all-items?category=all&limit=0', {
        headers: { 'If-None-Match': tag! },
      });
      expect(held.status).toBe(304);
      const item = await call(ctx, 'GET', `/item-detail/${items[0]!.id}`);
      expect({ status: item.status, id: (item.body as { _id: string })._id }).toEqual({
        status: 200,
        id: items[0]!.id,
      });
      expect(await call(cold, 'GET', '/all-items?category=all&limit=0')).toMatchObject({
        status: 503,
        body: OFFLINE,
      });
      // A browser back from the gateway is a navigation: it goes on to its page, database or not.
      const back = await ctx.request('/payment/success?tran_id=PZ0123');
      expect({ status: back.status, to: back.headers.get('Location') }).toEqual({
        status: 303,
        to: `${SITE_ORIGIN}/payment-success/PZ0123`,
      });

      phase = 'starting';
      await own.restart();
      phase = 'back';
      await stuck.release();
      // The same app, with the same pool, serves again: nothing was restarted but the database.
      await until(
        () =>
          succeeded('GET /all-items', 'back') &&
          succeeded('POST /add-to-cart', 'back') &&
          succeeded('POST /create-payment-intent', 'back'),
      );
      expect((await call(ctx, 'GET', '/health')).status).toBe(200);
      expect(await stockOf(ctx, stuck.item.id)).toBe(STOCK);
    } finally {
      running = false;
      await Promise.all(shoppers);
      await cold.close();
      process.off('uncaughtException', crash);
    }
    expect(crashes).toEqual([]);

    // Every answer was a success or a 503 with its message (never a 500); calls made while it was down
    // all failed but the menu's, and calls made once it was back all succeeded.
    const isOffline = (a: Answer) => a.status === 503 && JSON.stringify(a.body) === JSON.stringify(OFFLINE);
    const isMenu = (a: Answer) => a.call === 'GET /all-items';
    expect(answers.filter((a) => !(a.status < 300 || isOffline(a)))).toEqual([]);
    expect(answers.filter((a) => a.phase === 'down' && !isMenu(a) && !isOffline(a))).toEqual([]);
    expect(answers.filter((a) => a.phase === 'down' && isMenu(a) && a.status !== 200)).toEqual([]);
    expect(answers.filter((a) => a.phase === 'back' && a.status >= 300)).toEqual([]);

    // No half-written order: each is whole, each checkout that answered a payment page has its order,
    // and the stock adds up (what is left + what open orders hold = what there was).
    expect(await brokenOrders()).toEqual([]);
    const placed = answers
      .filter((a) => a.call === 'POST /create-payment-intent' && a.status === 200)
      .map((a) => transactionIdOf((a.body as { url: string }).url));
    const stored = await ctx.db
      .select({ transactionId: orders.transactionId })
      .from(orders)
      .where(inArray(orders.transactionId, placed));
    expect(stored).toHaveLength(placed.length);
    expect(await stockAccounts()).toEqual(Object.fromEntries(items.map((item) => [item.id, STOCK])));
    // …and every connection the pool handed out came back to it.
    const pool = ctx.db.$client;
    expect({ checkedOut: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }).toEqual({
      checkedOut: 0,
      waiting: 0,
    });
  });

  it('loses no pooled connection to a transaction whose BEGIN fails, so it recovers after any number', async () => {
    // Between the app and PostgreSQL, a proxy that drops each connection as it sends BEGIN.
    const proxy = await startCuttingProxy(embeddedSocketPath(PORT));
    const url = new URL(own.url(DATABASE));
    // Over TCP, where the proxy listens (the server's own URL names its Unix socket).
    url.searchParams.delete('host');
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const cut = await createContextOn(url.toString());
    try {
      const customer = await createCustomer(cut);
      await addToCart(cut, customer, items[0]!, 1);
      const cart = (await call<CartLine[]>(cut, 'GET', '/add-to-cart', customer.token)).body;

      proxy.cutAtBegin = true;
      // More failed transactions than the pool has connections (10).
      for (let i = 0; i < 12; i++) {
        expect(await checkout(cut, customer, bodyFor(cart))).toMatchObject({ status: 503, body: OFFLINE });
      }
      expect(proxy.cuts).toBe(12);

      proxy.cutAtBegin = false;
      expect((await checkout(cut, customer, bodyFor(cart))).status).toBe(200);
    } finally {
      await cut.close();
      await proxy.close();
    }
  });
});
