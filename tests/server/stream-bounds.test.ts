import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STREAM_LIMITS } from '../../server/api/live/stream-limits.ts';
import { ACCOUNT_CUT, SIGN_IN_AGAIN } from '../../server/api/middleware/auth.ts';
import { nextCheckIn, STREAM_RETRY_AFTER_S } from '../../server/api/routes/order-stream.ts';
import {
  PROVIDER_CHECK_INTERVAL_MS,
  PROVIDER_CHECK_TIMEOUT_MS,
} from '../../server/api/services/provider-check.ts';
import { createApiTokens } from '../../server/api/tokens.ts';
import { openStreams, users } from '../../server/db/schema.ts';
import { bearer } from './support/accounts.ts';
import { createAdmin } from './support/admin.ts';
import { type ApiProcess, sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import { createCustomer } from './support/commerce.ts';
import { addEvent, placeOrder, type Reading, read } from './support/order-streams.ts';
import { sharedTestContext, TEST_API_TOKEN_SECRET, type TestContext } from './support/test-app.ts';
import { until } from './support/until.ts';

/** Opens a stream as the SPA does, from `from` (the app trusts one proxy's X-Forwarded-For). */
const open = async (ctx: TestContext, path: string, token: string, from = '192.0.2.10'): Promise<Reading> =>
  read(await ctx.request(path, { headers: { ...bearer(token), 'X-Forwarded-For': from } }));

/** The answers of many streams opened at once: the open ones, and the refused ones' bodies. */
async function race(opening: Array<Promise<Reading>>) {
  const readings = await Promise.all(opening);
  return {
    open: readings.filter((reading) => reading.status === 200),
    refused: readings.filter((reading) => reading.status !== 200),
  };
}

const closeAll = (readings: Reading[]) => Promise.all(readings.map((reading) => reading.close()));

describe('the caps on open streams, in one process', () => {
  const ctx = sharedTestContext({ trustProxy: 1, streams: { maxPerAddress: 8 } });

  it('lets one account hold 5 streams: of 12 opened at once, exactly 5 open, the rest 429 with Retry-After', async () => {
    const ana = await createCustomer(ctx);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.request('/my-orders-stream', {
          headers: { ...bearer(ana.token), 'X-Forwarded-For': '192.0.2.1' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    const refusal = responses.find((response) => response.status === 429)!;
    expect(refusal.headers.get('Retry-After')).toBe(String(STREAM_RETRY_AFTER_S));
    expect(await refusal.json()).toEqual({
      message: expect.stringMatching(/^You have 5 live order views open already/),
    });
    await Promise.all(responses.filter((response) => response.ok).map((response) => response.body?.cancel()));
  });

  it('counts the customer’s and the staff stream of one account together', async () => {
    const admin = await createAdmin(ctx);
    const streams = await race([
      ...Array.from({ length: 3 }, () => open(ctx, '/admin-order-stream', admin.token, '192.0.2.2')),
      ...Array.from({ length: 3 }, () => open(ctx, '/my-orders-stream', admin.token, '192.0.2.2')),
    ]);
    expect([streams.open.length, streams.refused.length]).toEqual([DEFAULT_STREAM_LIMITS.maxPerAccount, 1]);
    await closeAll([...streams.open, ...streams.refused]);
  });

  it('frees a place the moment a stream closes', async () => {
    const ana = await createCustomer(ctx);
    const opening = () => open(ctx, '/my-orders-stream', ana.token, '192.0.2.3');
    const held = await race(Array.from({ length: 5 }, opening));
    expect(held.open).toHaveLength(5);
    expect((await opening()).status).toBe(429);
    await held.open[0]!.close();
    const started = Date.now();
    const again = await until(opening, (reading) => reading.status === 200);
    expect(again.status).toBe(200);
    // Not when the closed stream's lease would have lapsed, a minute on.
    expect(Date.now() - started).toBeLessThan(5_000);
    await closeAll([again, ...held.open]);
  });

  it('caps one address over every account (STREAM_MAX_PER_ADDRESS), and no other address', async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(ctx)));
    const office = await race(
      customers.map((customer) => open(ctx, '/my-orders-stream', customer.token, '198.51.100.7')),
    );
    expect([office.open.length, office.refused.length]).toEqual([8, 2]);
    const elsewhere = await open(ctx, '/my-orders-stream', customers[0]!.token, '203.0.113.5');
    expect(elsewhere.status).toBe(200);
    await closeAll([...office.open, ...office.refused, elsewhere]);
  });

  it('counts a place whose lease runs, not one whose process stopped renewing it', async () => {
    const ana = await createCustomer(ctx);
    const rows = (lease: string) =>
      Array.from({ length: 5 }, () => ({
        accountUid: ana.uid,
        address: '192.0.2.99',
        leaseUntil: sql`now() + ${lease}::interval`,
      }));
    // Five places of a process that crashed a minute ago: lapsed.
    await ctx.db.insert(openStreams).values(rows('-1 minute'));
    const opened = await open(ctx, '/my-orders-stream', ana.token, '192.0.2.4');
    expect(opened.status).toBe(200);
    await opened.close();
    // Five of a process still renewing them.
    await until(
      () => ctx.db.select().from(openStreams).where(eq(openStreams.accountUid, ana.uid)),
      (left) => left.length === 0,
    );
    await ctx.db.insert(openStreams).values(rows('1 minute'));
    expect((await open(ctx, '/my-orders-stream', ana.token, '192.0.2.4')).status).toBe(429);
  });
});

describe('the caps over two API processes on one database', () => {
  const scratch = sharedScratchDatabase();
  let a: ApiProcess;
  let b: ApiProcess;
  const tokens = createApiTokens(TEST_API_TOKEN_SECRET);
  beforeAll(async () => {
    const env = { STREAM_MAX_PER_ACCOUNT: '3', STREAM_MAX_PER_ADDRESS: '4', TRUST_PROXY: '1' };
    [a, b] = await Promise.all([startApiProcess(scratch.url, env), startApiProcess(scratch.url, env)]);
  }, 60_000);
  afterAll(async () => {
    for (const api of [a, b]) await stopApi(api);
  });

  async function account() {
    const uid = `bounded-${randomInt(1e9)}`;
    await scratch.db.insert(users).values({ uid, email: `${uid}@example.com`, role: 'user' });
    return (await tokens.issue(uid)).token;
  }

  const openOn = async (api: ApiProcess, token: string, from: string) =>
    read(
      await fetch(`${api.url}/my-orders-stream`, { headers: { ...bearer(token), 'X-Forwarded-For': from } }),
    );

  it('open exactly STREAM_MAX_PER_ACCOUNT of one account’s 10 streams raced over both', async () => {
    const token = await account();
    const streams = await race(
      Array.from({ length: 10 }, (_, i) => openOn(i % 2 ? a : b, token, `192.0.2.${i + 1}`)),
    );
    expect([streams.open.length, streams.refused.length]).toEqual([3, 7]);
    expect(new Set(streams.refused.map((reading) => reading.status))).toEqual(new Set([429]));
    await closeAll(streams.open);
    // Closed on either process, the places are free for either.
    const after = await until(
      () => openOn(b, token, '192.0.2.50'),
      (reading) => reading.status === 200,
      2_000,
    );
    expect(after.status).toBe(200);
    await after.close();
  });

  it('open exactly STREAM_MAX_PER_ADDRESS of one address’s streams, whatever the accounts', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => account()));
    const streams = await race(accounts.map((token, i) => openOn(i % 2 ? a : b, token, '198.51.100.20')));
    expect([streams.open.length, streams.refused.length]).toEqual([4, 4]);
    await closeAll(streams.open);
  });
});

describe('an open stream, checked again while it is open', () => {
  let clock = Date.now();
  const RECHECK_MS = 200;
  const ctx = sharedTestContext({ now: () => clock, streams: { recheckMs: RECHECK_MS } });

  /** Within the re-check interval, the provider's answer and a busy machine's slack. */
  const ends = (stream: Reading) => until(stream.ended, (ended) => ended, RECHECK_MS + 2_000);

  it('ends with `event: end` once the provider disables its account, and its reconnect gets 401', async () => {
    const ana = await createCustomer(ctx);
    clock = Date.now();
    const stream = await open(ctx, '/my-orders-stream', ana.token);
    expect(stream.status).toBe(200);
    await ctx.identity.auth.updateUser(ana.uid, { disabled: true });
    // The provider's word on the account is due again (PROVIDER_CHECK_INTERVAL_MS): the next check asks.
    clock += PROVIDER_CHECK_INTERVAL_MS;
    expect(await ends(stream)).toBe(true);
    expect(stream.ends).toEqual([{ reason: 'unauthenticated', message: ACCOUNT_CUT }]);
    const again = await ctx.request('/my-orders-stream', { headers: bearer(ana.token) });
    expect(again.status).toBe(401);
  });

  it('keeps going while the account still qualifies', async () => {
    const ana = await createCustomer(ctx);
    clock = Date.now();
    const stream = await open(ctx, '/my-orders-stream', ana.token);
    clock += PROVIDER_CHECK_INTERVAL_MS;
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS * 4));
    expect(stream.ended()).toBe(false);
    const order = await placeOrder(ctx.db, ana.uid);
    const id = await addEvent(ctx.db, order);
    expect(await stream.waitFor(1)).toEqual([id]);
    await stream.close();
  });

  it('ends the staff stream once the role is set back to user, and its reconnect gets 403', async () => {
    const admin = await createAdmin(ctx);
    const stream = await open(ctx, '/admin-order-stream', admin.token);
    expect(stream.status).toBe(200);
    await ctx.db.update(users).set({ role: 'user' }).where(eq(users.uid, admin.uid));
    expect(await ends(stream)).toBe(true);
    expect(stream.ends).toEqual([{ reason: 'forbidden', message: 'Only an admin can do this' }]);
    const again = await ctx.request('/admin-order-stream', { headers: bearer(admin.token) });
    expect(again.status).toBe(403);
  });

  it('ends when its account’s record is deleted', async () => {
    const ana = await createCustomer(ctx);
    const stream = await open(ctx, '/my-orders-stream', ana.token);
    await ctx.db.delete(users).where(eq(users.uid, ana.uid));
    expect(await ends(stream)).toBe(true);
    expect(stream.ends).toEqual([
      { reason: 'unauthenticated', message: 'No account is registered for this user' },
    ]);
  });

  it('ends at its API token’s expiry, and the same token is then refused', async () => {
    const ana = await createCustomer(ctx);
    const shortLived = (await createApiTokens(TEST_API_TOKEN_SECRET, 2).issue(ana.uid)).token;
    const stream = await open(ctx, '/my-orders-stream', shortLived);
    expect(stream.status).toBe(200);
    expect(await until(stream.ended, (ended) => ended, 4_000)).toBe(true);
    expect(stream.ends).toEqual([{ reason: 'expired', message: SIGN_IN_AGAIN }]);
    const again = await ctx.request('/my-orders-stream', { headers: bearer(shortLived) });
    expect(again.status).toBe(401);
  });
});

describe('when an open stream looks at its account again, at the default STREAM_RECHECK_MS', () => {
  const recheckMs = DEFAULT_STREAM_LIMITS.recheckMs;

  /**
   * The provider's word on the account is asked for at 0 and the account disabled just after. The stream
   * last looked at `first` (ms); another process asks at `other`, or nobody else does. Answers when the
   * stream learns of the cut: a look that finds the word stale asks and hears within the provider's
   * timeout; a look after another process's answer was recorded (its timeout and a write) sees it.
   */
  function learnsAt(first: number, other: number | undefined): number {
    let asked = 0;
    let at = first;
    for (let looks = 0; looks < 100; looks++) {
      if (other !== undefined && other <= at && asked < other) asked = other;
      if (asked > 0 && at >= asked + PROVIDER_CHECK_TIMEOUT_MS + 1_000) return at;
      if (at - asked >= PROVIDER_CHECK_INTERVAL_MS) return at + PROVIDER_CHECK_TIMEOUT_MS;
      at += nextCheckIn(at - asked, recheckMs);
    }
    throw new Error('never learns');
  }

  it('learns of a disabled account within 60 s, whoever asks the provider', () => {
    let worst = 0;
    for (let first = 0; first < PROVIDER_CHECK_INTERVAL_MS; first += 250) {
      worst = Math.max(worst, learnsAt(first, undefined));
      for (let other = PROVIDER_CHECK_INTERVAL_MS; other < PROVIDER_CHECK_INTERVAL_MS + 5_000; other += 250)
        worst = Math.max(worst, learnsAt(first, other));
    }
    expect(worst).toBeLessThan(60_000);
  });

  it('looks at most every STREAM_RECHECK_MS and at least a second apart', () => {
    const waits = Array.from({ length: 240 }, (_, i) => nextCheckIn(i * 250, 10_000));
    expect(Math.max(...waits)).toBeLessThanOrEqual(10_000);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1_000);
    expect(nextCheckIn(0, 200)).toBe(200);
  });
});

describe('who moved an order, as a customer reads it', () => {
  const ctx = sharedTestContext();

  it('names no staff uid on the customer’s stream and timeline; staff still see it', async () => {
    const [ana, admin] = [await createCustomer(ctx), await createAdmin(ctx)];
    const mine = await open(ctx, '/my-orders-stream', ana.token);
    const staff = await open(ctx, '/admin-order-stream', admin.token);
    const order = await placeOrder(ctx.db, ana.uid);
    await addEvent(ctx.db, order);
    const moved = await addEvent(ctx.db, order, admin.uid);
    expect(await mine.waitFor(2)).toContain(moved);
    expect(await staff.waitFor(2)).toContain(moved);
    const byStaff = (events: Array<{ id: number; by: unknown }>) =>
      events.find((event) => event.id === moved)?.by;
    expect(byStaff(mine.events)).toEqual({ actor: 'staff', uid: null });
    expect(byStaff(staff.events)).toEqual({ actor: 'staff', uid: admin.uid });

    const timeline = await ctx.request(`/my-orders/${order.id}/events`, { headers: bearer(ana.token) });
    expect(byStaff(await timeline.json())).toEqual({ actor: 'staff', uid: null });
    const staffTimeline = await ctx.request(`/admin-order/${order.id}/events?uid=${admin.uid}`, {
      headers: bearer(admin.token),
    });
    expect(byStaff(await staffTimeline.json())).toEqual({ actor: 'staff', uid: admin.uid });
    expect(
      JSON.stringify(await (await ctx.request('/my-orders', { headers: bearer(ana.token) })).json()),
    ).not.toContain(admin.uid);
    await closeAll([mine, staff]);
  });
});
