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

export type RateLimitedEndpoint = 'jwt' | 'users' | 'createPaymentIntent';
export type RateLimits = Record<RateLimitedEndpoint, EndpointQuotas>;

const perMinute = (limit: number): Quota => ({ limit, windowMs: 60_000 });

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
  // Each call reserves stock for 30 minutes: the one that can hurt other customers.
  createPaymentIntent: { perAddress: perMinute(60), perAccount: perMinute(10) },
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

function tooMany(c: Context, retryAfter: number): Response {
  const wait = retryAfter === 1 ? 'a second' : `${retryAfter} seconds`;
  return c.json({ message: `Too many attempts. Please wait ${wait} and try again.` }, 429, {
    'Retry-After': String(retryAfter),
  });
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

/** The limited endpoints' limiters, their counts shared by every API process on the database. */
export function createRateLimiter({
  pool,
  limits,
  addressOf,
}: RateLimiterOptions): Record<RateLimitedEndpoint, EndpointLimiter> {
  const limiter = (endpoint: RateLimitedEndpoint): EndpointLimiter => {
    const { perAddress, perAccount } = limits[endpoint];
    const addresses = windowsIn(pool, `${endpoint}:address`, perAddress);
    const accounts = windowsIn(pool, `${endpoint}:account`, perAccount);
    return {
      byAddress: createMiddleware(async (c, next) => {
        const retryAfter = await addresses(addressOf(c));
        if (retryAfter) return tooMany(c, retryAfter);
        await next();
      }),
      byAccount: <E extends Env>(uidOf: (c: Context<E>) => string) =>
        createMiddleware<E>(async (c, next) => {
          const retryAfter = await accounts(uidOf(c));
          if (retryAfter) return tooMany(c, retryAfter);
          await next();
        }),
    };
  };
  return {
    jwt: limiter('jwt'),
    users: limiter('users'),
    createPaymentIntent: limiter('createPaymentIntent'),
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
 * The caller's address: the socket's peer, or, behind a reverse proxy we trust (TRUST_PROXY), the
 * address that proxy appended to X-Forwarded-For (the last one: earlier entries are whatever the
 * client sent). 'unknown' when the request did not come through a socket (in-process calls).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
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
