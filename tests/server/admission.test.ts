import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from '../../contract/admission.ts';
import { readConfig } from '../../server/api/config.ts';
import {
  type AdmissionOptions,
  createAdmission,
  type Priority,
} from '../../server/api/middleware/admission.ts';
import { createApiTokens } from '../../server/api/tokens.ts';
import { menuItems, users } from '../../server/db/schema.ts';
import { EnvError } from '../../server/env.ts';
import { type ApiProcess, sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import {
  addToCart,
  call,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  ordersOf,
  stockOf,
} from './support/commerce.ts';
import { sharedTestContext, TEST_API_TOKEN_SECRET } from './support/test-app.ts';
import { until } from './support/until.ts';

/** A handler that holds every call until released: the slow work of a busy server. */
function gate() {
  const held: Array<() => void> = [];
  return {
    handler: async () => {
      await new Promise<void>((resolve) => held.push(resolve));
      return new Response('done');
    },
    held: () => held.length,
    release: () => {
      for (const resume of held.splice(0)) resume();
    },
  };
}

/** An app admitting /work (POST: shopping, PUT: paying, as named by `?as=`) through one admission. */
function busyApp(options: AdmissionOptions) {
  const shed: string[] = [];
  const admission = createAdmission({ ...options, onShed: (route) => shed.push(route) });
  const slow = gate();
  const app = new Hono();
  const methods: Partial<Record<'GET' | 'POST', Priority>> = { GET: 'paying', POST: 'shopping' };
  app.use('/work', admission.admit('/work', methods));
  app.use('/my-orders', admission.admit('/my-orders', { GET: 'shopping' }));
  app.all('/work', slow.handler);
  app.get('/my-orders-stream', () => new Response('stream'));
  app.get('/my-orders', () => new Response('orders'));
  return { app, slow, shed, admission };
}

/** Sends a call and notes when its answer came. */
async function timed(app: Hono, method: string, path = '/work') {
  const started = performance.now();
  const response = await app.request(path, { method });
  return { response, ms: performance.now() - started, body: await response.text() };
}

describe('admission: a bounded number at work, a short bounded queue, a fast refusal beyond', () => {
  it('refuses calls beyond the limit and the queue within milliseconds, with 503, Retry-After and the message', async () => {
    const { app, slow, shed } = busyApp({
      maxInFlight: 1,
      queueLength: 2,
      queueWaitMs: 5_000,
      retryAfterSeconds: 3,
    });
    const working = timed(app, 'POST');
    const queued = [timed(app, 'POST'), timed(app, 'POST')];
    await until(slow.held, (held) => held === 1);
    const refused = await Promise.all(Array.from({ length: 5 }, () => timed(app, 'POST')));
    for (const { response, ms, body } of refused) {
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe('3');
      expect(JSON.parse(body)).toEqual({ message: BUSY_MESSAGE });
      // Refused at the door: far sooner than the 5 s a queued call would wait. (How fast is the rush
      // benchmark's to measure, refusedWithinMs in scripts/bench-rush.ts; a test tells the two apart.)
      expect(ms).toBeLessThan(1_000);
    }
    expect(shed).toEqual(Array(5).fill('POST /work'));
    // Still one at work: the queued ones wait their turn, one at a time.
    expect(slow.held()).toBe(1);
    slow.release();
    await until(slow.held, (held) => held === 1);
    slow.release();
    await until(slow.held, (held) => held === 1);
    slow.release();
    for (const answer of [await working, ...(await Promise.all(queued))]) {
      expect(answer.response.status).toBe(200);
      expect(answer.body).toBe('done');
    }
  });

  it('refuses a queued call once it has waited its longest, and frees its place', async () => {
    const { app, slow, admission } = busyApp({ maxInFlight: 1, queueLength: 1, queueWaitMs: 150 });
    const working = timed(app, 'POST');
    await until(slow.held, (held) => held === 1);
    const queued = await timed(app, 'POST');
    expect(queued.response.status).toBe(503);
    expect(queued.response.headers.get('Retry-After')).toBe('2');
    expect(queued.ms).toBeGreaterThanOrEqual(140);
    // ...and no longer: the call at work is held until the end of the test.
    expect(queued.ms).toBeLessThan(2_000);
    expect(admission.load()).toEqual({ inFlight: 1, waiting: 0 });
    slow.release();
    expect((await working).response.status).toBe(200);
    expect(admission.load()).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('gives a freed turn to a paying customer first, and a full queue refuses a shopper to make room for one', async () => {
    const { app, slow, shed } = busyApp({ maxInFlight: 1, queueLength: 1, queueWaitMs: 5_000 });
    const order: string[] = [];
    const note = (name: string, call: Promise<{ response: Response }>) =>
      call.then(({ response }) => {
        order.push(`${name} ${response.status}`);
      });
    const working = note('first shopper', timed(app, 'POST'));
    await until(slow.held, (held) => held === 1);
    const shopper = note('queued shopper', timed(app, 'POST'));
    const payer = note('payer', timed(app, 'GET'));
    await shopper;
    expect(order).toEqual(['queued shopper 503']);
    expect(shed).toEqual(['POST /work']);
    // A second payer finds the queue full of a payer: refused, as nobody waiting ranks below it.
    expect((await timed(app, 'GET')).response.status).toBe(503);
    slow.release();
    await until(slow.held, (held) => held === 1);
    slow.release();
    await Promise.all([working, payer]);
    expect(order).toEqual(['queued shopper 503', 'first shopper 200', 'payer 200']);
  });

  it('lets every other call through while full: other methods, other paths, the order streams', async () => {
    const { app, slow } = busyApp({ maxInFlight: 1, queueLength: 0 });
    const working = timed(app, 'POST');
    await until(slow.held, (held) => held === 1);
    expect((await timed(app, 'POST')).response.status).toBe(503);
    expect((await timed(app, 'GET', '/my-orders-stream')).body).toBe('stream');
    // A path of its own, with its turn free: the same limit, counted together.
    expect((await timed(app, 'GET', '/my-orders')).response.status).toBe(503);
    slow.release();
    await working;
    expect((await timed(app, 'GET', '/my-orders')).body).toBe('orders');
  });

  it('is set by ADMISSION_* and refuses a limit that is not a whole number', () => {
    const env = { DATABASE_URL: 'postgres://localhost/pizzon' };
    expect(readConfig(env).config.admission).toEqual({
      maxInFlight: 8,
      queueLength: 32,
      queueWaitMs: 1_000,
      retryAfterSeconds: 2,
    });
    const given = {
      ...env,
      ADMISSION_MAX_IN_FLIGHT: '3',
      ADMISSION_QUEUE_LENGTH: '0',
      ADMISSION_QUEUE_WAIT_MS: '250',
      ADMISSION_RETRY_AFTER_SECONDS: '5',
    };
    expect(readConfig(given).config.admission).toEqual({
      maxInFlight: 3,
      queueLength: 0,
      queueWaitMs: 250,
      retryAfterSeconds: 5,
    });
    expect(() => readConfig({ ...env, ADMISSION_MAX_IN_FLIGHT: '0' })).toThrow(EnvError);
    expect(() => readConfig({ ...env, ADMISSION_QUEUE_WAIT_MS: 'soon' })).toThrow(/ADMISSION_QUEUE_WAIT_MS/);
  });
});

/** Holds an item's row as another checkout would, so that an admitted checkout waits for it. */
async function holdRow(databaseUrl: string, itemId: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('select 1 from menu_items where id = $1 for update', [itemId]);
  return async () => {
    await client.query('commit');
    await client.end();
  };
}

/** Statements of this database waiting for a lock: checkouts held behind holdRow. */
async function lockWaiters(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
  );
  return result.rows[0]!.n;
}

describe('admission in the API: a refused checkout did nothing', () => {
  const shedRoutes: string[] = [];
  const ctx = sharedTestContext({
    admission: {
      maxInFlight: 1,
      queueLength: 1,
      // Long enough that the queued checkout outwaits the refusals on a loaded machine, and that a
      // refusal at the door is told apart from one after a wait.
      queueWaitMs: 2_000,
      onShed: (route) => shedRoutes.push(route),
    },
  });

  const lockItem = (itemId: string) => holdRow(ctx.databaseUrl, itemId);
  const waitingOnLocks = () => lockWaiters(ctx.db.$client);

  it('refuses checkouts beyond the limit and the queue at once, writes nothing for them, and runs the queued one', async () => {
    const item = await insertMenuItem(ctx, { quantity: 10 });
    const customers = await Promise.all(Array.from({ length: 6 }, () => createCustomer(ctx)));
    for (const customer of customers) await addToCart(ctx, customer, item, 1);
    const body = checkoutBody([{ item, quantity: 1 }]);
    const unlock = await lockItem(item.id);
    const [first, queued, ...refused] = customers as [
      (typeof customers)[0],
      (typeof customers)[0],
      ...typeof customers,
    ];
    const working = checkout(ctx, first, body);
    await until(waitingOnLocks, (n) => n === 1);
    const waiting = checkout(ctx, queued, body);
    const started = performance.now();
    const answers = await Promise.all(refused.map((customer) => checkout(ctx, customer, body)));
    const refusedWithin = performance.now() - started;
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('Retry-After')).toBe('2');
      expect(answer.body).toEqual({ message: BUSY_MESSAGE });
    }
    // At the door, well inside the 2 s a queued checkout would wait; how fast is the rush benchmark's
    // to measure (refusedWithinMs in scripts/bench-rush.ts).
    expect(refusedWithin).toBeLessThan(1_000);
    // The menu is never queued behind the checkouts.
    expect((await ctx.request(`/item-detail/${item.id}`)).status).toBe(200);
    await unlock();
    expect((await working).status).toBe(200);
    expect((await waiting).status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(8);
    for (const customer of refused) {
      expect(await ordersOf(ctx, customer.uid)).toEqual([]);
      // Their carts are as they left them: sent again, the checkout goes through.
      expect((await call(ctx, 'GET', `/add-to-cart?uid=${customer.uid}`, customer.token)).body).toHaveLength(
        1,
      );
    }
    expect((await checkout(ctx, refused[0]!, body)).status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(7);
  });

  it('refuses a queued checkout after its wait, before it has written anything', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const [first, second] = await Promise.all([createCustomer(ctx), createCustomer(ctx)]);
    for (const customer of [first!, second!]) await addToCart(ctx, customer, item, 2);
    const body = checkoutBody([{ item, quantity: 2 }]);
    const unlock = await lockItem(item.id);
    const working = checkout(ctx, first!, body);
    await until(waitingOnLocks, (n) => n === 1);
    const started = performance.now();
    const late = await checkout(ctx, second!, body);
    expect(late.status).toBe(503);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_990);
    await unlock();
    expect((await working).status).toBe(200);
    expect(await ordersOf(ctx, second!.uid)).toEqual([]);
    expect(await stockOf(ctx, item.id)).toBe(3);
  });

  it('sends a browser back from the gateway to its page without checking the verdict when there is no room', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, item, 1);
    const unlock = await lockItem(item.id);
    const working = checkout(ctx, customer, checkoutBody([{ item, quantity: 1 }]));
    await until(waitingOnLocks, (n) => n === 1);
    shedRoutes.length = 0;
    // The verdict a gateway posts with the browser: checked only with a turn, never answered 503.
    const back = await ctx.request('/payment/success?tran_id=TRAN-BUSY&val_id=V1&status=VALID');
    expect(back.status).toBe(303);
    expect(back.headers.get('Location')).toMatch(/\/payment-success\/TRAN-BUSY$/);
    expect(shedRoutes).toEqual(['GET /payment/success']);
    const { body } = await ctx.app.metrics.scrape();
    expect(body).toContain('pizzon_http_requests_shed_total{route="GET /payment/success"} 1');
    await unlock();
    expect((await working).status).toBe(200);
  });
});

describe('admission per API process (ADMISSION_* read at start)', () => {
  const scratch = sharedScratchDatabase();
  const tokens = createApiTokens(TEST_API_TOKEN_SECRET);
  let a: ApiProcess;
  let b: ApiProcess;
  beforeAll(async () => {
    const env = { ADMISSION_MAX_IN_FLIGHT: '1', ADMISSION_QUEUE_LENGTH: '0', TRUST_PROXY: 'true' };
    [a, b] = await Promise.all([startApiProcess(scratch.url, env), startApiProcess(scratch.url, env)]);
  }, 60_000);
  afterAll(async () => {
    for (const api of [a, b]) await stopApi(api);
  });

  /** A customer's call, from an address of its own (an address holds only a share of an item). */
  const call = (
    api: ApiProcess,
    method: string,
    path: string,
    buyer: { token: string; address: string },
    body?: unknown,
  ) =>
    fetch(`${api.url}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${buyer.token}`,
        'X-Forwarded-For': buyer.address,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('lets each process run its own one: a busy process refuses, its neighbour still works', async () => {
    const [item] = await scratch.db
      .insert(menuItems)
      .values({
        name: 'Per-process Pie',
        priceCents: 1_000,
        quantity: 10,
        image: '/images/menu/pie.svg',
        category: 'pizza',
        description: 'One at a time.',
      })
      .returning();
    const uids = ['admitted-a', 'admitted-b', 'refused-a', 'refused-b'];
    await scratch.db
      .insert(users)
      .values(uids.map((uid) => ({ uid, email: `${uid}@example.com`, role: 'user' })));
    const buyers = await Promise.all(
      uids.map(async (uid, i) => ({
        uid,
        token: (await tokens.issue(uid)).token,
        address: `192.0.2.${i + 1}`,
      })),
    );
    const apiOf = (i: number) => (i % 2 === 0 ? a : b);
    for (const [i, buyer] of buyers.entries()) {
      expect(
        (await call(apiOf(i), 'POST', '/add-to-cart', buyer, { itemId: item!.id, quantity: 1 })).status,
      ).toBe(201);
    }
    const body = checkoutBody([{ item: item!, quantity: 1 }]);
    const checkoutOf = (i: number) =>
      call(apiOf(i), 'POST', `/create-payment-intent?uid=${buyers[i]!.uid}`, buyers[i]!, body);
    const unlock = await holdRow(scratch.url, item!.id);
    const working = [checkoutOf(0), checkoutOf(1)];
    expect(
      await until(
        () => lockWaiters(scratch.db.$client),
        (n) => n === 2,
        5_000,
      ),
    ).toBe(2);
    const refused = await Promise.all([checkoutOf(2), checkoutOf(3)]);
    expect(refused.map((response) => response.status)).toEqual([503, 503]);
    expect(refused.map((response) => response.headers.get('Retry-After'))).toEqual(['2', '2']);
    await unlock();
    expect((await Promise.all(working)).map((response) => response.status)).toEqual([200, 200]);
    const [left] = await scratch.db
      .select({ quantity: menuItems.quantity })
      .from(menuItems)
      .where(eq(menuItems.id, item!.id));
    expect(left!.quantity).toBe(8);
    await Promise.all([a.logged('overloaded: refused 1 call(s)'), b.logged('overloaded: refused 1 call(s)')]);
  });
});
