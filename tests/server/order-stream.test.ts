import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EVENTS_LISTENER_NAME } from '../../server/api/live/order-events.ts';
import { createApiTokens } from '../../server/api/tokens.ts';
import type { Database } from '../../server/db/client.ts';
import { users } from '../../server/db/schema.ts';
import { bearer } from './support/accounts.ts';
import { createAdmin } from './support/admin.ts';
import { type ApiProcess, sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import { createCustomer } from './support/commerce.ts';
import { addEvent, committedId, placeOrder, read, settle, writeEvent } from './support/order-streams.ts';
import { createTestContext, sharedTestContext, TEST_API_TOKEN_SECRET } from './support/test-app.ts';
import { until } from './support/until.ts';

describe('one API process', () => {
  const ctx = sharedTestContext({ orderStreamHeartbeatMs: 100 });

  const open = async (path: string, token: string | undefined, lastEventId?: number) =>
    read(
      await ctx.request(path, {
        headers: {
          ...(token ? bearer(token) : {}),
          ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }),
        },
      }),
    );

  it('sends a customer only their own orders’ events, and staff every order’s', async () => {
    const [ana, ben, admin] = [await createCustomer(ctx), await createCustomer(ctx), await createAdmin(ctx)];
    const mine = await open('/my-orders-stream', ana.token);
    const staff = await open('/admin-order-stream', admin.token);
    expect(mine.status).toBe(200);
    expect(staff.status).toBe(200);
    const anaOrder = await placeOrder(ctx.db, ana.uid);
    const benOrder = await placeOrder(ctx.db, ben.uid);
    const sent = [
      await addEvent(ctx.db, anaOrder),
      await addEvent(ctx.db, benOrder),
      await addEvent(ctx.db, anaOrder),
    ];
    expect(await staff.waitFor(3)).toEqual(sent);
    expect(await mine.waitFor(2)).toEqual([sent[0], sent[2]]);
    await settle();
    expect(mine.ids()).toEqual([sent[0], sent[2]]);
    const [, second] = mine.events;
    expect(second).toMatchObject({
      orderId: anaOrder.id,
      sequence: 2,
      from: 'awaiting_payment',
      to: 'paid',
      by: { actor: 'staff', uid: null },
      note: 'step 2\nsecond line',
    });
    await Promise.all([mine.close(), staff.close()]);
  });

  it('refuses the staff stream to a customer (403) and both to a caller without a token (401)', async () => {
    const ana = await createCustomer(ctx);
    const refused = await ctx.request('/admin-order-stream', { headers: bearer(ana.token) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: expect.any(String) });
    for (const path of ['/my-orders-stream', '/admin-order-stream']) {
      expect((await ctx.request(path)).status).toBe(401);
    }
  });

  it('answers as a stream nothing buffers: event-stream, not cached, not compressed', async () => {
    const ana = await createCustomer(ctx);
    const response = await ctx.request('/my-orders-stream', {
      headers: { ...bearer(ana.token), 'Accept-Encoding': 'gzip' },
    });
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('X-Accel-Buffering')).toBe('no');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    await response.body?.cancel();
  });

  it('resumes after a cut with Last-Event-ID: the missed events once each, then live ones', async () => {
    const ana = await createCustomer(ctx);
    const order = await placeOrder(ctx.db, ana.uid);
    const first = await open('/my-orders-stream', ana.token);
    const seen = [await addEvent(ctx.db, order), await addEvent(ctx.db, order)];
    expect(await first.waitFor(2)).toEqual(seen);
    await first.close();
    const missed = [await addEvent(ctx.db, order), await addEvent(ctx.db, order)];
    const resumed = await open('/my-orders-stream', ana.token, seen[1]);
    expect(await resumed.waitFor(2)).toEqual(missed);
    const live = await addEvent(ctx.db, order);
    expect(await resumed.waitFor(3)).toEqual([...missed, live]);
    await settle();
    expect(resumed.ids()).toEqual([...missed, live]);
    await resumed.close();
  });

  it('loses and repeats nothing when events keep coming while it catches up', async () => {
    const admin = await createAdmin(ctx);
    const ana = await createCustomer(ctx);
    const placed = await Promise.all(Array.from({ length: 5 }, () => placeOrder(ctx.db, ana.uid)));
    const before = await addEvent(ctx.db, placed[0]!);
    const backlog = [];
    for (let i = 0; i < 30; i++) backlog.push(await addEvent(ctx.db, placed[i % 5]!));
    // Writers on five orders at once while the stream subscribes, reads the table and drains.
    const writing = Promise.all(
      placed.map(async (order) => {
        const ids = [];
        for (let i = 0; i < 20; i++) ids.push(await addEvent(ctx.db, order));
        return ids;
      }),
    );
    const stream = await open('/admin-order-stream', admin.token, before);
    const written = (await writing).flat();
    const expected = [...backlog, ...written].sort((x, y) => x - y);
    await stream.waitFor(expected.length);
    await settle();
    expect([...stream.ids()].sort((x, y) => x - y)).toEqual(expected);
    expect(new Set(stream.ids()).size).toBe(stream.ids().length);
    await stream.close();
  });

  it('gives an event its id at commit: a transaction still open holds no other back, and its event comes after', async () => {
    const admin = await createAdmin(ctx);
    const ana = await createCustomer(ctx);
    const [slow, fast] = [await placeOrder(ctx.db, ana.uid), await placeOrder(ctx.db, ana.uid)];
    const stream = await open('/admin-order-stream', admin.token);
    await settle();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowSequence = 0;
    const slowWrite = ctx.db.transaction(async (tx) => {
      slowSequence = await writeEvent(tx as unknown as Database, slow);
      await held;
    });
    await until(
      () => slowSequence,
      (sequence) => sequence > 0,
    );
    // Written after the open one's event, committed before it.
    const fastId = await addEvent(ctx.db, fast);
    expect(await stream.waitFor(1)).toEqual([fastId]);
    release();
    await slowWrite;
    const slowId = await committedId(ctx.db, slow, slowSequence);
    expect(slowId).toBeGreaterThan(fastId);
    expect(await stream.waitFor(2)).toEqual([fastId, slowId]);
    await stream.close();
  });

  it('catches up from the table when its listening connection was lost', async () => {
    const ana = await createCustomer(ctx);
    const order = await placeOrder(ctx.db, ana.uid);
    const stream = await open('/my-orders-stream', ana.token);
    const first = await addEvent(ctx.db, order);
    expect(await stream.waitFor(1)).toEqual([first]);
    await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${ORDER_EVENTS_LISTENER_NAME} and datname = current_database()`,
    );
    // Announced while nobody of this process listens.
    const unheard = await addEvent(ctx.db, order);
    expect(await stream.waitFor(2)).toEqual([first, unheard]);
    const after = await addEvent(ctx.db, order);
    expect(await stream.waitFor(3)).toEqual([first, unheard, after]);
    await stream.close();
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const ana = await createCustomer(ctx);
    const stream = await open('/my-orders-stream', ana.token);
    await until(
      () => stream.comments.filter((text) => text === 'ping').length,
      (pings) => pings >= 3,
      2_000,
    );
    expect(stream.comments.filter((text) => text === 'ping').length).toBeGreaterThanOrEqual(3);
    expect(stream.events).toEqual([]);
    await stream.close();
  });

  it('ends its streams when the app lets go of its listener (shutdown)', async () => {
    const own = await createTestContext();
    const ana = await createCustomer(own);
    const stream = read(await own.request('/my-orders-stream', { headers: bearer(ana.token) }));
    expect(stream.status).toBe(200);
    await own.orderEvents.close();
    expect(await until(stream.ended, (ended) => ended, 2_000)).toBe(true);
    await own.close();
  });
});

describe('two API processes on one database', () => {
  const scratch = sharedScratchDatabase();
  let a: ApiProcess;
  let b: ApiProcess;
  const tokens = createApiTokens(TEST_API_TOKEN_SECRET);
  beforeAll(async () => {
    [a, b] = await Promise.all([startApiProcess(scratch.url), startApiProcess(scratch.url)]);
  }, 60_000);
  afterAll(async () => {
    for (const api of [a, b]) await stopApi(api);
  });

  async function account(role: 'user' | 'admin') {
    const uid = `stream-${role}-${randomInt(1e9)}`;
    await scratch.db.insert(users).values({ uid, email: `${uid}@example.com`, role });
    return { uid, token: (await tokens.issue(uid)).token };
  }

  const open = async (api: ApiProcess, path: string, token: string, lastEventId?: number) =>
    read(
      await fetch(`${api.url}${path}`, {
        headers: {
          ...bearer(token),
          ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }),
        },
      }),
    );

  it('deliver an event to the streams open on each of them', async () => {
    const [ana, admin] = [await account('user'), await account('admin')];
    const order = await placeOrder(scratch.db, ana.uid);
    const onA = await open(a, '/my-orders-stream', ana.token);
    const onB = await open(b, '/admin-order-stream', admin.token);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    const id = await addEvent(scratch.db, order);
    expect(await onA.waitFor(1)).toEqual([id]);
    expect(await onB.waitFor(1)).toEqual([id]);
    await Promise.all([onA.close(), onB.close()]);
  });

  it('resume on one a stream cut from the other: exactly the missed events', async () => {
    const ana = await account('user');
    const order = await placeOrder(scratch.db, ana.uid);
    const onA = await open(a, '/my-orders-stream', ana.token);
    const seen = await addEvent(scratch.db, order);
    expect(await onA.waitFor(1)).toEqual([seen]);
    await onA.close();
    const missed = [await addEvent(scratch.db, order), await addEvent(scratch.db, order)];
    const onB = await open(b, '/my-orders-stream', ana.token, seen);
    expect(await onB.waitFor(2)).toEqual(missed);
    const live = await addEvent(scratch.db, order);
    expect(await onB.waitFor(3)).toEqual([...missed, live]);
    await settle();
    expect(onB.ids()).toEqual([...missed, live]);
    await onB.close();
  });

  it('end their open streams on SIGTERM, well within the shutdown’s grace period', async () => {
    const ana = await account('user');
    const stream = await open(a, '/my-orders-stream', ana.token);
    expect(stream.status).toBe(200);
    const started = Date.now();
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await until(stream.ended, (ended) => ended)).toBe(true);
  });
});
