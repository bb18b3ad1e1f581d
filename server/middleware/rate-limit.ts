import { isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';

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

/** A fixed window per key: the first call opens it, `limit` calls fit in it. */
class FixedWindows {
  readonly #windows = new Map<string, { endsAt: number; count: number }>();
  #nextSweep = 0;

  constructor(
    readonly quota: Quota,
    readonly now: () => number,
  ) {}

  /** Counts a call; answers the seconds to wait when it is over the quota, else 0. */
  hit(key: string): number {
    const now = this.now();
    this.#sweep(now);
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { endsAt: now + this.quota.windowMs, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.quota.limit) return 0;
    return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
  }

  /** Forgets ended windows once per window length, so memory follows the callers of the last window. */
  #sweep(now: number): void {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + this.quota.windowMs;
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
  }
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
  limits: RateLimits;
  /** The caller's address (see clientAddress). */
  addressOf: (c: Context) => string;
  /** The clock (tests move it instead of waiting). */
  now?: () => number;
}

/** In-memory limiters for one API process (counts are not shared between processes). */
export function createRateLimiter({
  limits,
  addressOf,
  now = Date.now,
}: RateLimiterOptions): Record<RateLimitedEndpoint, EndpointLimiter> {
  const limiter = ({ perAddress, perAccount }: EndpointQuotas): EndpointLimiter => {
    const addresses = new FixedWindows(perAddress, now);
    const accounts = new FixedWindows(perAccount, now);
    return {
      byAddress: createMiddleware(async (c, next) => {
        const retryAfter = addresses.hit(addressOf(c));
        if (retryAfter) return tooMany(c, retryAfter);
        await next();
      }),
      byAccount: <E extends Env>(uidOf: (c: Context<E>) => string) =>
        createMiddleware<E>(async (c, next) => {
          const retryAfter = accounts.hit(uidOf(c));
          if (retryAfter) return tooMany(c, retryAfter);
          await next();
        }),
    };
  };
  return {
    jwt: limiter(limits.jwt),
    users: limiter(limits.users),
    createPaymentIntent: limiter(limits.createPaymentIntent),
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
