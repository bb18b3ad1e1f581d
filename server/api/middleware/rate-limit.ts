import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/** At most `limit` calls per `windowMs`. */
export interface Quota {
  limit: number;
  windowMs: number;
}

/** A limited endpoint's two quotas: every attempt from one address, and one account's calls. */
export interface EndpointQuotas {
  perAddress: Quota;
  perAccount: Quota;
}

export type RateLimitedEndpoint = 'jwt' | 'users' | 'createPaymentIntent' | 'applyCartPromo';

/** What each limited call may do; the calls nobody signs in to count what they have instead of an account. */
export interface RateLimits extends Record<RateLimitedEndpoint, EndpointQuotas> {
  /** POST /reservations: every attempt from one address, and the bookings made in one e-mail's name. */
  reservations: { perAddress: Quota; perEmail: Quota };
  /** GET and POST /payment/success|fail|cancel: the browser's way back from the gateway. */
  paymentReturn: { perAddress: Quota };
  /** POST /payment/ipn: the gateway's server-to-server notification. */
  paymentNotification: { perAddress: Quota };
}

const perMinute = (limit: number): Quota => ({ limit, windowMs: 60_000 });
const perDay = (limit: number): Quota => ({ limit, windowMs: 86_400_000 });

/**
 * Far above what a person does, low enough to stop a script (docs/decisions/006-security.md). An
 * address can be a whole office or campus behind one NAT, and the browser suite signs in from
 * 127.0.0.1 many times a minute, hence the generous per-address numbers; the per-account ones are what
 * stops one signed-in abuser.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  // Every page load of a signed-in visitor asks for an API token.
  jwt: { perAddress: perMinute(300), perAccount: perMinute(60) },
  // Called once per sign-up (or when a sign-up was interrupted).
  users: { perAddress: perMinute(30), perAccount: perMinute(10) },
  // Each call holds stock, bounded by its customer's behaviour (services/hold-standing.ts), not here. A
  // carrier's NAT puts thousands of customers behind one address: a quota an attack from it could use
  // up would refuse them all, so the address's is only a flood's bound (decision 042).
  createPaymentIntent: { perAddress: perMinute(1_200), perAccount: perMinute(10) },
  // A customer tries a code or two, and retypes one; a script guessing codes tries hundreds a second.
  // A carrier's NAT tries its customers' codes from one address, hence the room per address.
  applyCartPromo: { perAddress: perMinute(600), perAccount: perMinute(10) },
  // Without a sign-in, rows could only pile up. A guest books once or twice a day; the form takes at
  // most 3 persons, so a party of 9 is 3 bookings, and a correction or two is 5. An office, campus or
  // hotel shares one address, and every colleague may book lunch the same day.
  reservations: { perAddress: perDay(20), perEmail: perDay(5) },
  // One per payment from the customer's own address (a reload or the back button doubles it): twice
  // what checkout allows an address.
  paymentReturn: { perAddress: perMinute(120) },
  // The gateway notifies from a few addresses of its own (the built-in sandbox from within the API, with
  // no address at all), so one address carries every customer's notification: the quota is the shop's
  // whole payment rate, sized from the dinner rush's 35 paid orders a second with room for each to be
  // retried twice.
  paymentNotification: { perAddress: perMinute(6_000) },
};

/** Errors of the store that mean "over the quota" carry the wait; any other is the database failing. */
const isRefusal = (outcome: unknown): outcome is RateLimiterRes => outcome instanceof RateLimiterRes;

/**
 * A fixed window per key, counted in PostgreSQL (rate-limiter-flexible's store, table rate_limits) so
 * that every API process spends the same quota: N instances behind a load balancer allow what one does.
 * An endless quota (the tests' default) counts nothing. The seconds to wait when over it, else 0.
 */
function windowsIn(pool: pg.Pool, name: string, quota: Quota): (key: string) => Promise<number> {
  if (!Number.isFinite(quota.limit)) return async () => 0;
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: name,
    points: quota.limit,
    duration: quota.windowMs / 1000,
    // Every process deletes windows over an hour old every five minutes: cheap, and harmless twice.
    clearExpiredByTimeout: true,
  });
  return (key) =>
    limiter.consume(key).then(
      () => 0,
      (outcome: unknown) => {
        if (!isRefusal(outcome)) throw outcome;
        return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
      },
    );
}

/** A wait as a person reads it: a day-long window is '23 hours', not 82 800 seconds. */
export function describeWait(seconds: number): string {
  const [count, unit] =
    seconds <= 90
      ? [seconds, 'second']
      : seconds <= 90 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  if (count === 1) return unit === 'hour' ? 'an hour' : `a ${unit}`;
  return `${count} ${unit}s`;
}

function tooMany(c: Context, retryAfter: number): Response {
  return c.json(
    { message: `Too many attempts. Please wait ${describeWait(retryAfter)} and try again.` },
    429,
    { 'Retry-After': String(retryAfter) },
  );
}

/** Refuses the call with 429 once the key its caller gets has used the quota. */
type Keyed = <E extends Env>(keyOf: (c: Context<E>) => string) => MiddlewareHandler<E>;

function keyedBy(spend: (key: string) => Promise<number>): Keyed {
  return <E extends Env>(keyOf: (c: Context<E>) => string) =>
    createMiddleware<E>(async (c, next) => {
      const retryAfter = await spend(keyOf(c));
      if (retryAfter) return tooMany(c, retryAfter);
      await next();
    });
}

/**
 * One mailbox however it is spelt: lower case, without a '+tag', dots or hyphens before the '@'
 * (nadia+1@…, na.dia@… and na-dia@… reach the same person at the providers that ignore them), as the
 * booking mail's cap counts in the database (recipientMailbox in server/db/schema.ts).
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.indexOf('@');
  const [local, domain] =
    at < 0 ? [address, ''] : [address.slice(0, at), address.slice(address.lastIndexOf('@'))];
  return `${local.split('+')[0]!.replace(/[.-]/g, '')}${domain}`;
}

/** One key per mailbox (mailboxOf), hashed, so the counts' table holds no addresses. */
export function emailKey(email: string): string {
  return createHash('sha256').update(mailboxOf(email)).digest('base64url');
}

export interface EndpointLimiter {
  /** Goes before authentication: counts every attempt from the caller's address, bad tokens included. */
  byAddress: MiddlewareHandler;
  /**
   * Goes after authentication: counts the verified account's calls from any address. (Keyed by a
   * verified uid only, so nobody can spend another account's quota.)
   */
  byAccount: <E extends Env>(uidOf: (c: Context<E>) => string) => MiddlewareHandler<E>;
}

export interface RateLimiterOptions {
  /** The database the counts live in (its pg pool). */
  pool: pg.Pool;
  limits: RateLimits;
  /** The caller's address (see clientAddress). */
  addressOf: (c: Context) => string;
}

/** Limits a call nobody signs in to by its caller's address only. */
export interface AddressLimiter {
  byAddress: MiddlewareHandler;
}

/** POST /reservations' limiters. */
export interface BookingLimiter extends AddressLimiter {
  /** Goes after validation: counts the bookings made in the e-mail's name, from any address. */
  byEmail: <E extends Env>(emailOf: (c: Context<E>) => string) => MiddlewareHandler<E>;
}

export type RateLimiter = Record<RateLimitedEndpoint, EndpointLimiter> & {
  reservations: BookingLimiter;
  paymentReturn: AddressLimiter;
  paymentNotification: AddressLimiter;
};

/** The limited endpoints' limiters, their counts shared by every API process on the database. */
export function createRateLimiter({ pool, limits, addressOf }: RateLimiterOptions): RateLimiter {
  const counted = (name: string, quota: Quota): Keyed => keyedBy(windowsIn(pool, name, quota));
  const byAddress = (endpoint: keyof RateLimits): MiddlewareHandler =>
    counted(`${endpoint}:address`, limits[endpoint].perAddress)(addressOf);
  const limiter = (endpoint: RateLimitedEndpoint): EndpointLimiter => ({
    byAddress: byAddress(endpoint),
    byAccount: counted(`${endpoint}:account`, limits[endpoint].perAccount),
  });
  const byEmail = counted('reservations:email', limits.reservations.perEmail);
  return {
    jwt: limiter('jwt'),
    users: limiter('users'),
    createPaymentIntent: limiter('createPaymentIntent'),
    applyCartPromo: limiter('applyCartPromo'),
    reservations: {
      byAddress: byAddress('reservations'),
      byEmail: <E extends Env>(emailOf: (c: Context<E>) => string) => byEmail<E>((c) => emailKey(emailOf(c))),
    },
    paymentReturn: { byAddress: byAddress('paymentReturn') },
    paymentNotification: { byAddress: byAddress('paymentNotification') },
  };
}

/**
 * One key per client: an IPv4 address, or the /64 network of an IPv6 address (a single customer line
 * gets a whole /64, so counting its addresses one by one would let it rotate through them).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The caller's address: the socket's peer, or, behind `proxies` reverse proxies we trust
 * (TRUST_PROXY), the address the outermost of them appended to X-Forwarded-For: counted from the end,
 * as each proxy appends its own peer; earlier entries are whatever the client sent. 'unknown' when the
 * request did not come through a socket (in-process calls).
 */
export function clientAddress(c: Context, proxies: number): string {
  if (proxies > 0) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-proxies)?.trim();
    if (forwarded) return addressKey(forwarded);
  }
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind this request (app.request in tests, or another runtime).
  }
  return address ? addressKey(address) : 'unknown';
}
