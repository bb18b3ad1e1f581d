// GET /metrics (server/api/metrics.ts, server/api/routes/metrics.ts) and the request ids
// (server/api/middleware/request-id.ts): what an owner watching a rush reads, who may read it, and the id
// that ties an answer to its log lines.
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATES } from '../../contract/order-lifecycle.ts';
import type { App } from '../../server/api/app.ts';
import { createMetrics, ORDERS_BY_STATE_TTL_MS } from '../../server/api/metrics.ts';
import { REQUEST_ID_MAX_LENGTH } from '../../server/api/middleware/request-id.ts';
import { METRICS_REFUSED } from '../../server/api/routes/metrics.ts';
import { enqueueMail } from '../../server/api/services/mail-outbox.ts';
import type { Database } from '../../server/db/client.ts';
import { mailOutbox, orders } from '../../server/db/schema.ts';
import { seedMenu } from '../../server/db/seed/menu.ts';
import { createApiProxy, isApiPath } from '../../server/site/api-proxy.ts';
import { bearer } from './support/accounts.ts';
import { type ApiProcess, sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import { createCustomer, insertMenuItem, ORDER_TIME, SHIPPING } from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';
import { until } from './support/until.ts';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
/** Every line the app logged, as pino wrote it. */
const logged: string[] = [];
/** The app's clock runs ahead of the real one by this much (the count of orders by state is cached by it). */
let clockAhead = 0;
const ctx = sharedTestContext({
  logger: pino({ level: 'info' }, { write: (line: string) => void logged.push(line) }),
  metricsToken: METRICS_TOKEN,
  now: () => Date.now() + clockAhead,
});

const servers: Server[] = [];
async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The paths the menu's front answered, before any web Request was made. */
const answeredByFront: string[] = [];

/** The app served as server/api/index.ts serves it: the menu's front first, then the app. */
function serve(app: App): Promise<string> {
  const answerWithApp = getRequestListener(app.fetch);
  return listen(
    createServer((request, response) => {
      if (app.menuFront(request, response)) answeredByFront.push(request.url ?? '');
      else void answerWithApp(request, response);
    }),
  );
}

/** The API (on loopback) and the storefront's /api in front of it, as `npm start` runs them. */
let api: string;
let site: string;
beforeAll(async () => {
  await seedMenu(ctx.db);
  api = await serve(ctx.app);
  const proxy = createApiProxy(api);
  site = await listen(
    createServer((incoming, outgoing) => {
      if (isApiPath(incoming.url ?? '/')) proxy(incoming, outgoing);
      else outgoing.writeHead(404).end();
    }),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Prometheus' text format, strictly: every line a comment or a sample whose family has a TYPE. */
function parse(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n').filter(Boolean)) {
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP \S+ /.test(line)) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`Not Prometheus' text format: ${line}`);
    const [, name, labelText, value] = sample;
    const family = name!.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(name!) && !types.has(family)) throw new Error(`A sample without its TYPE: ${line}`);
    const labels = Object.fromEntries([...(labelText ?? '').matchAll(LABEL)].map((m) => [m[1]!, m[2]!]));
    samples.push({ name: name!, labels, value: Number(value) });
  }
  return { types, samples };
}

/** The one sample of `name` with exactly these labels (among others), or undefined. */
function sampled(exposition: Exposition, name: string, labels: Record<string, string> = {}) {
  return exposition.samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  )?.value;
}

/** Scrapes the API directly from loopback, as Prometheus on the same host would. */
async function scrape(): Promise<Exposition> {
  const response = await fetch(`${api}/metrics`);
  expect(response.status).toBe(200);
  return parse(await response.text());
}

/** A customer's unpaid order, written straight into the table. */
async function insertOrder(uid: string): Promise<string> {
  const [row] = await ctx.db
    .insert(orders)
    .values({
      userUid: uid,
      orderTime: ORDER_TIME,
      ...SHIPPING,
      transactionId: `PZMETRICS${String(randomInt(1e9)).padStart(9, '0')}${Date.now()}`,
      totalCents: 1_000,
    })
    .returning({ id: orders.id });
  return row!.id;
}

describe('GET /metrics', () => {
  it('answers every family in Prometheus’ text format to a direct loopback caller', async () => {
    const response = await fetch(`${api}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const { types } = parse(await response.text());
    expect(Object.fromEntries([...types].filter(([name]) => name.startsWith('pizzon_')))).toEqual({
      pizzon_http_requests_total: 'counter',
      pizzon_http_request_duration_seconds: 'histogram',
      pizzon_http_requests_shed_total: 'counter',
      pizzon_order_streams_open: 'gauge',
      pizzon_db_pool_connections: 'gauge',
      pizzon_db_pool_idle_connections: 'gauge',
      pizzon_db_pool_in_use_connections: 'gauge',
      pizzon_db_pool_waiting_requests: 'gauge',
      pizzon_db_pool_max_connections: 'gauge',
      pizzon_mail_outbox_backlog: 'gauge',
      pizzon_mail_outbox_oldest_age_seconds: 'gauge',
      pizzon_orders: 'gauge',
    });
    // Node's own, on the app's registry.
    expect(types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
  });

  it('counts requests by route pattern and status, never by their raw path', async () => {
    const customer = await createCustomer(ctx);
    const order = await insertOrder(customer.uid);
    const item = await insertMenuItem(ctx);
    const unknownId = randomUUID();
    const route = { method: 'GET', route: '/my-orders/:id/events' };
    const itemRoute = { method: 'GET', route: '/item-detail/:id' };
    const before = await scrape();

    expect(
      (await fetch(`${api}/my-orders/${order}/events`, { headers: bearer(customer.token) })).status,
    ).toBe(200);
    expect(
      (await fetch(`${api}/my-orders/${unknownId}/events`, { headers: bearer(customer.token) })).status,
    ).toBe(404);
    // The item's page: read through the app's menu routes in-process (which bring the new item into
    // memory), then answered twice by the menu's front from memory, once as a 304; an unknown item goes
    // through the menu's routes to its 404.
    const first = await ctx.request(`/item-detail/${item.id}`);
    expect(first.status).toBe(200);
    answeredByFront.length = 0;
    expect((await fetch(`${api}/item-detail/${item.id}`)).status).toBe(200);
    const again = await fetch(`${api}/item-detail/${item.id}`, {
      headers: { 'If-None-Match': first.headers.get('ETag')! },
    });
    expect(again.status).toBe(304);
    expect(answeredByFront).toEqual([`/item-detail/${item.id}`, `/item-detail/${item.id}`]);
    expect((await fetch(`${api}/item-detail/${unknownId}`)).status).toBe(404);
    const after = await scrape();

    const moved = (labels: Record<string, string>) =>
      (sampled(after, 'pizzon_http_requests_total', labels) ?? 0) -
      (sampled(before, 'pizzon_http_requests_total', labels) ?? 0);
    expect(moved({ ...route, status: '200' })).toBe(1);
    expect(moved({ ...route, status: '404' })).toBe(1);
    expect(moved({ ...itemRoute, status: '200' })).toBe(2);
    expect(moved({ ...itemRoute, status: '304' })).toBe(1);
    expect(moved({ ...itemRoute, status: '404' })).toBe(1);
    const timed = (labels: Record<string, string>) =>
      (sampled(after, 'pizzon_http_request_duration_seconds_count', labels) ?? 0) -
      (sampled(before, 'pizzon_http_request_duration_seconds_count', labels) ?? 0);
    expect(timed({ ...route, status_class: '2xx' })).toBe(1);
    expect(timed({ ...route, status_class: '4xx' })).toBe(1);
    const labelValues = after.samples.flatMap((s) => Object.values(s.labels));
    for (const id of [order, unknownId, item.id]) {
      expect(labelValues.filter((value) => value.includes(id))).toEqual([]);
    }
  });

  it('counts a request no route matched under one label, whatever its path', async () => {
    const before = await scrape();
    for (const path of ['/nothing-here', `/nothing-here/${randomUUID()}`, '/item-detail/a/b']) {
      expect((await fetch(`${api}${path}`)).status).toBe(404);
    }
    const after = await scrape();
    const labels = { method: 'GET', route: 'unmatched', status: '404' };
    expect(
      (sampled(after, 'pizzon_http_requests_total', labels) ?? 0) -
        (sampled(before, 'pizzon_http_requests_total', labels) ?? 0),
    ).toBe(3);
    expect(sampled(after, 'pizzon_http_requests_total', { route: '/item-detail/:id', status: '404' })).toBe(
      sampled(before, 'pizzon_http_requests_total', { route: '/item-detail/:id', status: '404' }),
    );
  });

  it('counts the requests shed for overload through recordShed', async () => {
    ctx.app.metrics.recordShed('POST /create-payment-intent');
    ctx.app.metrics.recordShed('POST /create-payment-intent');
    ctx.app.metrics.recordShed('GET /my-orders');
    const after = await scrape();
    expect(sampled(after, 'pizzon_http_requests_shed_total', { route: 'POST /create-payment-intent' })).toBe(
      2,
    );
    expect(sampled(after, 'pizzon_http_requests_shed_total', { route: 'GET /my-orders' })).toBe(1);
  });

  it('reads the open order streams when scraped', async () => {
    const customer = await createCustomer(ctx);
    expect(sampled(await scrape(), 'pizzon_order_streams_open')).toBe(0);
    const stream = await fetch(`${api}/my-orders-stream`, { headers: bearer(customer.token) });
    expect(stream.status).toBe(200);
    expect(sampled(await scrape(), 'pizzon_order_streams_open')).toBe(1);
    await stream.body?.cancel();
    const closed = await until(
      async () => sampled(await scrape(), 'pizzon_order_streams_open'),
      (open) => open === 0,
      5_000,
    );
    expect(closed).toBe(0);
  });

  it('reads the database pool as it is: a connection held shows in use', async () => {
    const held = await ctx.db.$client.connect();
    try {
      const exposition = await scrape();
      const total = sampled(exposition, 'pizzon_db_pool_connections')!;
      expect(sampled(exposition, 'pizzon_db_pool_in_use_connections')).toBe(1);
      expect(sampled(exposition, 'pizzon_db_pool_idle_connections')).toBe(total - 1);
      expect(sampled(exposition, 'pizzon_db_pool_waiting_requests')).toBe(0);
      expect(sampled(exposition, 'pizzon_db_pool_max_connections')).toBe(10);
    } finally {
      held.release();
    }
  });

  it('reads the mail outbox’s backlog and how long its oldest mail has waited', async () => {
    expect(sampled(await scrape(), 'pizzon_mail_outbox_backlog')).toBe(0);
    expect(sampled(await scrape(), 'pizzon_mail_outbox_oldest_age_seconds')).toBe(0);
    const id = await enqueueMail(ctx.db, {
      kind: 'booking',
      to: 'nadia@example.com',
      subject: 'Booked',
      body: 'x',
    });
    await ctx.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '90 seconds'` })
      .where(eq(mailOutbox.id, id));
    const queued = await scrape();
    expect(sampled(queued, 'pizzon_mail_outbox_backlog')).toBe(1);
    expect(sampled(queued, 'pizzon_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(90);
    expect(sampled(queued, 'pizzon_mail_outbox_oldest_age_seconds')).toBeLessThan(120);
    await ctx.db.update(mailOutbox).set({ state: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
    expect(sampled(await scrape(), 'pizzon_mail_outbox_backlog')).toBe(0);
  });

  it('reads the orders by state, counted at most once per few seconds per process', async () => {
    const customer = await createCustomer(ctx);
    clockAhead += ORDERS_BY_STATE_TTL_MS;
    const before = sampled(await scrape(), 'pizzon_orders', { state: 'awaiting_payment' })!;
    await insertOrder(customer.uid);
    // Within the interval: the figure counted before.
    expect(sampled(await scrape(), 'pizzon_orders', { state: 'awaiting_payment' })).toBe(before);
    clockAhead += ORDERS_BY_STATE_TTL_MS;
    const counted = await scrape();
    expect(sampled(counted, 'pizzon_orders', { state: 'awaiting_payment' })).toBe(before + 1);
    // Every state is named, 0 when no order is in it.
    expect(counted.samples.filter((s) => s.name === 'pizzon_orders').map((s) => s.labels.state)).toHaveLength(
      ORDER_STATES.length,
    );
    expect(sampled(counted, 'pizzon_orders', { state: 'refunded' })).toBe(0);
  });
});

describe('who may read /metrics', () => {
  /** As an API caller on another machine: a socket whose peer is not loopback. */
  const fromElsewhere = (headers: Record<string, string> = {}) =>
    ctx.app.request('/metrics', { headers }, { incoming: { socket: { remoteAddress: '203.0.113.7' } } });

  const expectRefused = async (response: Response) => {
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: METRICS_REFUSED });
  };

  it('refuses a caller that came through the storefront’s /api, although its socket is loopback', async () => {
    await expectRefused(await fetch(`${site}/api/metrics`));
  });

  it('refuses a loopback socket carrying any forwarding header (a reverse proxy of ours)', async () => {
    for (const [name, value] of [
      ['X-Forwarded-For', '127.0.0.1'],
      ['Forwarded', 'for=127.0.0.1'],
      ['X-Real-IP', '127.0.0.1'],
      ['Via', '1.1 nginx'],
      ['X-Forwarded-Proto', 'https'],
    ] as const) {
      await expectRefused(await fetch(`${api}/metrics`, { headers: { [name]: value } }));
    }
  });

  it('refuses a caller off this machine without the token, or with a wrong one', async () => {
    await expectRefused(await fromElsewhere());
    await expectRefused(await fromElsewhere(bearer(`${METRICS_TOKEN}x`)));
    await expectRefused(await fromElsewhere(bearer(METRICS_TOKEN.slice(1))));
    await expectRefused(await fromElsewhere({ Authorization: METRICS_TOKEN }));
    await expectRefused(await fromElsewhere({ Authorization: `Basic ${btoa(`x:${METRICS_TOKEN}`)}` }));
    await expectRefused(await fromElsewhere({ Authorization: 'Bearer' }));
    await expectRefused(await fromElsewhere(bearer('é'.repeat(4_000))));
    // No Node socket at all (an in-process call): nobody vouches for it either.
    await expectRefused(await ctx.request('/metrics'));
  });

  it('refuses a wrong token even from loopback: a token sent must be right', async () => {
    await expectRefused(await fetch(`${api}/metrics`, { headers: bearer('not-the-metrics-token') }));
  });

  it('answers anyone with the token: off this machine, and through the storefront’s /api', async () => {
    const direct = await fromElsewhere(bearer(METRICS_TOKEN));
    expect(direct.status).toBe(200);
    expect(parse(await direct.text()).types.get('pizzon_http_requests_total')).toBe('counter');
    const proxied = await fetch(`${site}/api/metrics`, { headers: bearer(METRICS_TOKEN) });
    expect(proxied.status).toBe(200);
    expect(parse(await proxied.text()).types.get('pizzon_orders')).toBe('gauge');
  });

  describe('on an API without METRICS_TOKEN', () => {
    const tokenless = sharedTestContext();
    it('answers no bearer token at all: loopback only', async () => {
      const response = await tokenless.app.request(
        '/metrics',
        { headers: bearer(METRICS_TOKEN) },
        { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
      );
      expect(response.status).toBe(403);
    });
  });
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  /** The JSON log lines written with this request id. */
  const linesOf = (requestId: string) =>
    logged
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => l.requestId === requestId);

  it('answers the caller’s well-formed X-Request-Id, and makes one when there is none', async () => {
    const given = 'rush-2026_11-27=a1';
    expect(
      (await fetch(`${api}/health`, { headers: { 'X-Request-Id': given } })).headers.get('X-Request-Id'),
    ).toBe(given);
    const made = (await fetch(`${api}/health`)).headers.get('X-Request-Id');
    expect(made).toMatch(UUID);
    expect((await fetch(`${api}/health`)).headers.get('X-Request-Id')).not.toBe(made);
  });

  it('replaces an X-Request-Id that is too long or carries anything but safe characters', async () => {
    for (const bad of ['x'.repeat(REQUEST_ID_MAX_LENGTH + 1), 'two words', 'a;b', '"quoted"', '../up', 'ü']) {
      const answer = await fetch(`${api}/health`, { headers: { 'X-Request-Id': bad } });
      expect(answer.headers.get('X-Request-Id'), bad).toMatch(UUID);
    }
    expect(
      (
        await fetch(`${api}/health`, { headers: { 'X-Request-Id': 'x'.repeat(REQUEST_ID_MAX_LENGTH) } })
      ).headers.get('X-Request-Id'),
    ).toBe('x'.repeat(REQUEST_ID_MAX_LENGTH));
  });

  it('puts the id on the request’s log line, refusals and 404s included', async () => {
    const response = await fetch(`${api}/no-such-page`, { headers: { 'X-Request-Id': 'find-me-404' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('X-Request-Id')).toBe('find-me-404');
    const [line] = await until(
      () => linesOf('find-me-404'),
      (lines) => lines.length > 0,
    );
    expect(line).toMatchObject({
      method: 'GET',
      path: '/no-such-page',
      status: 404,
      requestId: 'find-me-404',
    });
  });

  it('puts the id on the error handler’s line of a failure, and answers it with the 500', async () => {
    await ctx.db.execute(sql`alter table shop_status rename to shop_status_away`);
    try {
      const response = await fetch(`${api}/shop-status`);
      expect(response.status).toBe(500);
      const id = response.headers.get('X-Request-Id')!;
      expect(id).toMatch(UUID);
      const lines = await until(
        () => linesOf(id),
        (found) => found.length >= 2,
      );
      expect(lines.map((l) => l.msg)).toContain('unhandled error');
      expect(lines.find((l) => l.msg === 'unhandled error')).toMatchObject({ level: 50, requestId: id });
    } finally {
      await ctx.db.execute(sql`alter table shop_status_away rename to shop_status`);
    }
  });
});

describe('figures the database cannot give', () => {
  it('are NaN, never a 0 that looks like a quiet shop, and the scrape still answers', async () => {
    const warnings: string[] = [];
    const failing = {
      $client: ctx.db.$client,
      execute: () => Promise.reject(new Error('connect ECONNREFUSED')),
    } as unknown as Database;
    const metrics = createMetrics({
      db: failing,
      feed: { subscriberCount: () => 3 },
      logger: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) }),
      now: Date.now,
    });
    const { body } = await metrics.scrape();
    const exposition = parse(body);
    expect(sampled(exposition, 'pizzon_mail_outbox_backlog')).toBeNaN();
    expect(sampled(exposition, 'pizzon_mail_outbox_oldest_age_seconds')).toBeNaN();
    expect(sampled(exposition, 'pizzon_orders', { state: 'paid' })).toBeNaN();
    expect(sampled(exposition, 'pizzon_order_streams_open')).toBe(3);
    expect(warnings.map((line) => JSON.parse(line).msg)).toEqual([
      'metrics: could not read the mail outbox',
      'metrics: could not read the orders by state',
    ]);
  });
});

describe('the API as `npm start` runs it', () => {
  const scratch = sharedScratchDatabase();
  let spawned: ApiProcess;
  beforeAll(async () => {
    spawned = await startApiProcess(scratch.url, { METRICS_TOKEN });
  }, 60_000);
  afterAll(() => stopApi(spawned));

  it('takes METRICS_TOKEN from its environment, and logs each request’s id on stdout', async () => {
    expect((await fetch(`${spawned.url}/metrics`)).status).toBe(200);
    expect((await fetch(`${spawned.url}/metrics`, { headers: bearer(`${METRICS_TOKEN}x`) })).status).toBe(
      403,
    );
    expect((await fetch(`${spawned.url}/metrics`, { headers: bearer(METRICS_TOKEN) })).status).toBe(200);
    const refused = await fetch(`${spawned.url}/no-such-page`, {
      headers: { 'X-Request-Id': 'from-nginx-42' },
    });
    expect(refused.headers.get('X-Request-Id')).toBe('from-nginx-42');
    const line = await until(
      () =>
        spawned
          .output()
          .split('\n')
          .find((l) => l.includes('"requestId":"from-nginx-42"')),
      (found) => found !== undefined,
      5_000,
    );
    expect(JSON.parse(line!)).toMatchObject({
      path: '/no-such-page',
      status: 404,
      requestId: 'from-nginx-42',
    });
  });
});
