import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addressKey,
  DEFAULT_RATE_LIMITS,
  describeWait,
  emailKey,
  type Quota,
  type RateLimitedEndpoint,
  type RateLimits,
} from '../../server/api/middleware/rate-limit.ts';
import { bearer, createProviderUser, forgedIdToken } from './support/accounts.ts';
import { databaseFingerprint, placeOrder } from './support/admin.ts';
import {
  addToCart,
  type Customer,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  orderByTransaction,
  ordersOf,
  stockOf,
} from './support/commerce.ts';
import { openDayIn } from './support/dates.ts';
import {
  createTestContext,
  everyLimit,
  fixture,
  SITE_ORIGIN,
  sharedTestContext,
  type TestContext,
} from './support/test-app.ts';

const WINDOW_MS = 60_000;
const quota = (limit: number): Quota => ({ limit, windowMs: WINDOW_MS });
const plenty = quota(1000);
/** Plenty everywhere: a test sets small limits on one endpoint, so it sees exactly the quota it is about. */
const PLENTY = everyLimit(plenty);
const limitsFor = (endpoint: RateLimitedEndpoint, perAddress: Quota, perAccount: Quota): RateLimits => ({
  ...PLENTY,
  [endpoint]: { perAddress, perAccount },
});

/**
 * The limiter reads Date.now (rate-limiter-flexible): tests move the clock instead of waiting. It runs on
 * from the real time, so the identity provider's tokens stay valid.
 */
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
});
afterAll(() => {
  vi.useRealTimers();
});
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

const contexts: TestContext[] = [];
async function appWith(limits: RateLimits, trustProxy = 0): Promise<TestContext> {
  const ctx = await createTestContext({ rateLimits: limits, trustProxy });
  contexts.push(ctx);
  return ctx;
}
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

/** A request as @hono/node-server hands it to the app: with the socket it came in on. */
function from(ctx: TestContext, address: string, path: string, init: RequestInit = {}) {
  return ctx.app.request(path, init, { incoming: { socket: { remoteAddress: address } } });
}

const json = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(token ? bearer(token) : {}), ...headers },
  body: JSON.stringify(body),
});

async function expectTooMany(response: Response, retryAfter: number) {
  expect(response.status).toBe(429);
  expect(response.headers.get('Retry-After')).toBe(String(retryAfter));
  expect(await response.json()).toEqual({ message: expect.stringMatching(/^Too many attempts/) });
}

/** A signed-in caller as the storefront holds it: the ID token for sign-in calls, else the API token. */
const signedInToProvider = async (ctx: TestContext): Promise<Customer> => {
  const user = await createProviderUser(ctx);
  return { uid: user.uid, token: user.idToken };
};

/** The three limited endpoints, each called as the storefront calls it. */
const ENDPOINTS: Array<{
  name: RateLimitedEndpoint;
  path: string;
  caller: (ctx: TestContext) => Promise<Customer>;
  body: (uid: string) => unknown;
}> = [
  { name: 'jwt', path: '/jwt', caller: signedInToProvider, body: (uid) => ({ uid }) },
  {
    name: 'users',
    path: '/users',
    caller: signedInToProvider,
    body: (uid) => ({ uid, displayName: 'Rina', role: 'user' }),
  },
  {
    name: 'createPaymentIntent',
    path: '/create-payment-intent',
    caller: createCustomer,
    // An empty body is refused (400) after the limiter has counted it: refused attempts count too.
    body: () => ({}),
  },
];

describe.each(ENDPOINTS)('POST $path', (endpoint) => {
  const limited = endpoint.name;

  it('answers 429 with a message and Retry-After once an address has used its quota', async () => {
    const ctx = await appWith(limitsFor(limited, quota(2), plenty));
    const callers = [await endpoint.caller(ctx), await endpoint.caller(ctx), await endpoint.caller(ctx)];
    for (const caller of callers.slice(0, 2)) {
      const response = await from(
        ctx,
        '203.0.113.7',
        endpoint.path,
        json(caller.token, endpoint.body(caller.uid)),
      );
      expect(response.status).not.toBe(429);
    }
    advance(15_000);
    const third = callers[2]!;
    await expectTooMany(
      await from(ctx, '203.0.113.7', endpoint.path, json(third.token, endpoint.body(third.uid))),
      45,
    );
    // Another address has a quota of its own.
    const elsewhere = await from(
      ctx,
      '198.51.100.4',
      endpoint.path,
      json(third.token, endpoint.body(third.uid)),
    );
    expect(elsewhere.status).not.toBe(429);
    // When the window has passed, the address may try again.
    advance(45_000);
    const later = await from(ctx, '203.0.113.7', endpoint.path, json(third.token, endpoint.body(third.uid)));
    expect(later.status).not.toBe(429);
  });

  it('answers 429 once an account has used its quota, from any address', async () => {
    const ctx = await appWith(limitsFor(limited, plenty, quota(2)));
    const caller = await endpoint.caller(ctx);
    const other = await endpoint.caller(ctx);
    const call = (address: string, who: typeof caller) =>
      from(ctx, address, endpoint.path, json(who.token, endpoint.body(who.uid)));
    expect((await call('203.0.113.7', caller)).status).not.toBe(429);
    expect((await call('198.51.100.4', caller)).status).not.toBe(429);
    await expectTooMany(await call('192.0.2.99', caller), 60);
    // Another account at the same address is not held back.
    expect((await call('203.0.113.7', other)).status).not.toBe(429);
  });
});

describe('what counts', () => {
  it('counts attempts with a bad token against the address, so guessing is limited too', async () => {
    const ctx = await appWith(limitsFor('jwt', quota(3), plenty));
    const user = await createProviderUser(ctx);
    const forged = await forgedIdToken(user.idToken);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await from(ctx, '203.0.113.7', '/jwt', json(forged, { uid: user.uid }))).status).toBe(401);
    }
    await expectTooMany(await from(ctx, '203.0.113.7', '/jwt', json(user.idToken, { uid: user.uid })), 60);
  });

  it('never lets a bad token spend the quota of the account it names', async () => {
    const ctx = await appWith(limitsFor('jwt', plenty, quota(1)));
    const victim = await createProviderUser(ctx);
    const forged = await forgedIdToken(victim.idToken);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await from(ctx, '203.0.113.7', '/jwt', json(forged, { uid: victim.uid }))).status).toBe(401);
    }
    const own = await from(ctx, '198.51.100.4', '/jwt', json(victim.idToken, { uid: victim.uid }));
    expect(own.status).toBe(200);
  });

  it('keeps the endpoints’ counts apart and leaves other endpoints alone', async () => {
    const limits = limitsFor('jwt', quota(1), quota(1));
    const ctx = await appWith({ ...limits, users: { perAddress: quota(1), perAccount: quota(1) } });
    const user = await createProviderUser(ctx);
    expect((await from(ctx, '203.0.113.7', '/jwt', json(user.idToken, { uid: user.uid }))).status).toBe(200);
    expect((await from(ctx, '203.0.113.7', '/users', json(user.idToken, { uid: user.uid }))).status).toBe(
      201,
    );
    for (let attempt = 0; attempt < 5; attempt++) {
      const menu = await from(ctx, '203.0.113.7', '/all-items?category=all&limit=1');
      expect(menu.status).toBe(200);
    }
  });

  it('refuses a checkout over the quota before anything is written', async () => {
    const ctx = await appWith(limitsFor('createPaymentIntent', plenty, quota(1)));
    const customer: Customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx);
    await addToCart(ctx, customer, item, 1);
    const body = checkoutBody([{ item, quantity: 1 }]);
    const path = `/create-payment-intent?uid=${customer.uid}`;
    expect((await from(ctx, '203.0.113.7', path, json(customer.token, body))).status).toBe(200);
    const before = await databaseFingerprint(ctx);
    await expectTooMany(await from(ctx, '203.0.113.7', path, json(customer.token, body)), 60);
    expect(await databaseFingerprint(ctx)).toEqual(before);
    expect(await ordersOf(ctx, customer.uid)).toHaveLength(1);
  });

  it('counts in an unlogged table: a count writes no WAL, so its commit waits for no disk flush', async () => {
    const ctx = await appWith(limitsFor('jwt', quota(3), plenty));
    const { rows } = await ctx.db.execute<{ relpersistence: string }>(
      sql`select relpersistence from pg_class where relname = 'rate_limits'`,
    );
    expect(rows[0]?.relpersistence).toBe('u');
  });

  it('lets the storefront read the refusal: CORS headers and Retry-After exposed', async () => {
    const ctx = await appWith(limitsFor('jwt', quota(0), plenty));
    const response = await from(ctx, '203.0.113.7', '/jwt', json(undefined, {}, { Origin: SITE_ORIGIN }));
    expect(response.status).toBe(429);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(SITE_ORIGIN);
    expect(response.headers.get('Access-Control-Expose-Headers')?.split(',')).toContain('Retry-After');
  });
});

describe('the caller’s address', () => {
  const ctx = sharedTestContext({ rateLimits: limitsFor('jwt', quota(1), plenty), trustProxy: 0 });
  const user = fixture(() => createProviderUser(ctx));

  it('is the socket’s peer: a made-up X-Forwarded-For changes nothing without TRUST_PROXY', async () => {
    const spoof = (n: number) => ({ 'X-Forwarded-For': `10.0.0.${n}` });
    expect(
      (await from(ctx, '203.0.113.7', '/jwt', json(user.idToken, { uid: user.uid }, spoof(1)))).status,
    ).toBe(200);
    await expectTooMany(
      await from(ctx, '203.0.113.7', '/jwt', json(user.idToken, { uid: user.uid }, spoof(2))),
      60,
    );
  });

  it('behind a trusted proxy, is the last X-Forwarded-For entry (the one the proxy added)', async () => {
    const proxied = await appWith(limitsFor('jwt', quota(1), plenty), 1);
    const via = (chain: string) => json(user.idToken, { uid: user.uid }, { 'X-Forwarded-For': chain });
    // The proxy is one socket address for everyone; the clients differ.
    expect((await from(proxied, '10.1.1.1', '/jwt', via('1.1.1.1, 203.0.113.7'))).status).toBe(200);
    expect((await from(proxied, '10.1.1.1', '/jwt', via('198.51.100.4'))).status).toBe(200);
    // A client that writes its own first entry is still counted by the entry the proxy added.
    await expectTooMany(await from(proxied, '10.1.1.1', '/jwt', via('9.9.9.9, 203.0.113.7')), 60);
  });

  it('behind two proxies of ours (nginx, then the site server), is the entry the outer one added', async () => {
    const proxied = await appWith(limitsFor('jwt', quota(1), plenty), 2);
    const via = (chain: string) => json(user.idToken, { uid: user.uid }, { 'X-Forwarded-For': chain });
    // nginx appends the visitor, the site server appends nginx (10.0.0.2).
    expect((await from(proxied, '127.0.0.1', '/jwt', via('203.0.113.7, 10.0.0.2'))).status).toBe(200);
    expect((await from(proxied, '127.0.0.1', '/jwt', via('198.51.100.4, 10.0.0.2'))).status).toBe(200);
    await expectTooMany(await from(proxied, '127.0.0.1', '/jwt', via('9.9.9.9, 203.0.113.7, 10.0.0.2')), 60);
  });

  it('comes from the real socket when served by @hono/node-server', async () => {
    const served = await appWith(limitsFor('jwt', quota(1), plenty));
    const server = serve({ fetch: served.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const post = (forwardedFor: string) =>
        fetch(
          `http://127.0.0.1:${port}/jwt`,
          json(user.idToken, { uid: user.uid }, { 'X-Forwarded-For': forwardedFor }),
        );
      expect((await post('10.0.0.1')).status).toBe(200);
      await expectTooMany(await post('10.0.0.2'), 60);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:1:8a2e:370:7334:1', '2001:db8:85a3:1::/64'],
    ['2001:db8:85a3:1::99', '2001:db8:85a3:1::/64'],
    ['2001:DB8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('keys %s as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

it('registers nobody when a sign-up is refused for its rate', async () => {
  const ctx = await appWith(limitsFor('users', quota(0), plenty));
  const user = await createProviderUser(ctx);
  const before = await databaseFingerprint(ctx);
  await expectTooMany(await from(ctx, '203.0.113.7', '/users', json(user.idToken, { uid: user.uid })), 60);
  expect(await databaseFingerprint(ctx)).toEqual(before);
});

const DAY_MS = 86_400_000;
const perDay = (limit: number): Quota => ({ limit, windowMs: DAY_MS });
const booking = (email: string) => ({
  name: 'Nadia Rahman',
  email,
  persons: 2,
  date: openDayIn(3),
  time: '19:30',
});
const book = (ctx: TestContext, address: string, body: unknown) =>
  from(ctx, address, '/reservations', json(undefined, body));

describe('POST /reservations', () => {
  it('answers 429 once an address has used its day’s quota, refused attempts included, and stores nothing', async () => {
    const ctx = await appWith({ ...PLENTY, reservations: { perAddress: perDay(3), perEmail: plenty } });
    expect((await book(ctx, '203.0.113.7', booking('a@example.com'))).status).toBe(201);
    expect((await book(ctx, '203.0.113.7', { ...booking('b@example.com'), persons: 13 })).status).toBe(400);
    expect((await book(ctx, '203.0.113.7', booking('c@example.com'))).status).toBe(201);
    advance(3 * 3_600_000);
    const before = await databaseFingerprint(ctx);
    const refused = await book(ctx, '203.0.113.7', booking('d@example.com'));
    await expectTooMany(refused, 21 * 3600);
    expect(await databaseFingerprint(ctx)).toEqual(before);
    // An office next door has a day of its own; the address books again once its day is over.
    expect((await book(ctx, '198.51.100.4', booking('d@example.com'))).status).toBe(201);
    advance(21 * 3_600_000);
    expect((await book(ctx, '203.0.113.7', booking('d@example.com'))).status).toBe(201);
  });

  it('answers 429 once an e-mail has made its day’s bookings, from any address', async () => {
    const ctx = await appWith({ ...PLENTY, reservations: { perAddress: plenty, perEmail: perDay(2) } });
    expect((await book(ctx, '203.0.113.7', booking('nadia@example.com'))).status).toBe(201);
    // A refused booking names nobody: it spends no e-mail's quota.
    expect((await book(ctx, '192.0.2.1', { ...booking('nadia@example.com'), date: 'soon' })).status).toBe(
      400,
    );
    // The same mailbox in capitals, with spaces around it.
    expect((await book(ctx, '198.51.100.4', booking(' Nadia@Example.COM '))).status).toBe(201);
    const before = await databaseFingerprint(ctx);
    // A '+tag' reaches the same person.
    await expectTooMany(await book(ctx, '192.0.2.99', booking('nadia+again@example.com')), 24 * 3600);
    expect(await databaseFingerprint(ctx)).toEqual(before);
    // Another guest at that address is not held back.
    expect((await book(ctx, '192.0.2.99', booking('rina@example.com'))).status).toBe(201);
  });
});

describe('the payment gateway’s calls', () => {
  /** An unpaid order (3 of 5 in stock left) and the sandbox's signed failure for it. */
  async function unpaidOrder(ctx: TestContext) {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { order } = await placeOrder(ctx, [{ item, quantity: 2 }]);
    const failure = ctx.sandbox.notificationFields(order.transactionId, 'failed', order.totalCents);
    return { item, order, failure };
  }
  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    body: new URLSearchParams(fields),
  });

  it('answers 429 once an address has used its quota of notifications, and applies nothing', async () => {
    const ctx = await appWith({ ...PLENTY, paymentNotification: { perAddress: quota(2) } });
    const { item, order, failure } = await unpaidOrder(ctx);
    // Forged notifications are refused, and count.
    for (const status of ['FAILED', 'CANCELLED']) {
      const forged = await from(
        ctx,
        '203.0.113.7',
        '/payment/ipn',
        form({ status, tran_id: order.transactionId }),
      );
      expect(forged.status).toBe(400);
    }
    const before = await databaseFingerprint(ctx);
    await expectTooMany(await from(ctx, '203.0.113.7', '/payment/ipn', form(failure)), 60);
    expect(await databaseFingerprint(ctx)).toEqual(before);
    expect(await stockOf(ctx, item.id)).toBe(3);
    // The gateway's own address is not held back by someone else's.
    expect((await from(ctx, '198.51.100.4', '/payment/ipn', form(failure))).status).toBe(200);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({ stockReleased: true });
  });

  it('counts the six return routes together per address, and a refused return applies nothing', async () => {
    const ctx = await appWith({ ...PLENTY, paymentReturn: { perAddress: quota(6) } });
    const { item, order, failure } = await unpaidOrder(ctx);
    const tranId = encodeURIComponent(order.transactionId);
    for (const kind of ['success', 'fail', 'cancel']) {
      const viaGet = await from(ctx, '203.0.113.7', `/payment/${kind}?tran_id=${tranId}`);
      expect(viaGet.status).toBe(303);
      const viaPost = await from(
        ctx,
        '203.0.113.7',
        `/payment/${kind}`,
        form({ tran_id: order.transactionId }),
      );
      expect(viaPost.status).toBe(303);
    }
    advance(20_000);
    const before = await databaseFingerprint(ctx);
    await expectTooMany(await from(ctx, '203.0.113.7', '/payment/fail', form(failure)), 40);
    expect(await databaseFingerprint(ctx)).toEqual(before);
    expect(await stockOf(ctx, item.id)).toBe(3);
    // The same return from the customer's own address is applied.
    expect((await from(ctx, '198.51.100.4', '/payment/fail', form(failure))).status).toBe(303);
    expect(await stockOf(ctx, item.id)).toBe(5);
  });
});

describe('describeWait', () => {
  it.each([
    [1, 'a second'],
    [45, '45 seconds'],
    [90, '90 seconds'],
    [91, '2 minutes'],
    [3600, '60 minutes'],
    [5401, '2 hours'],
    [86_400, '24 hours'],
  ])('says %i seconds as %s', (seconds, words) => {
    expect(describeWait(seconds)).toBe(words);
  });
});

describe('emailKey', () => {
  it('keys one mailbox once, whatever its case, +tag, dots or hyphens, and never as the address itself', () => {
    const key = emailKey('nadia@example.com');
    expect(emailKey(' Nadia+Lunch@EXAMPLE.com ')).toBe(key);
    expect(emailKey('na.di-a@example.com')).toBe(key);
    expect(emailKey('nadia@example.org')).not.toBe(key);
    expect(emailKey('nadia.r@example.com')).not.toBe(key);
    expect(key).not.toContain('nadia');
  });
});

describe('PUT /cart-promo', () => {
  it('answers 429 once an account has tried the default number of codes; a neighbour at its address goes on', async () => {
    const ctx = await appWith(DEFAULT_RATE_LIMITS);
    const guesser = await createCustomer(ctx);
    const neighbour = await createCustomer(ctx);
    const tryCode = (who: Customer, code: string) =>
      from(ctx, '203.0.113.7', `/cart-promo?uid=${who.uid}`, { ...json(who.token, { code }), method: 'PUT' });
    const { limit } = DEFAULT_RATE_LIMITS.applyCartPromo.perAccount;
    for (let n = 0; n < limit; n++) expect((await tryCode(guesser, `GUESS${n}`)).status).not.toBe(429);
    await expectTooMany(await tryCode(guesser, `GUESS${limit}`), 60);
    expect((await tryCode(neighbour, 'WELCOME')).status).not.toBe(429);
  });
});
