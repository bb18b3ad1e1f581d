import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { MenuVersion } from '../db/menu-version.ts';
import { menuAnswers } from './cache/menu-answers.ts';
import { createMenuCache } from './cache/menu-cache.ts';
import { errorHandler } from './http/error-handler.ts';
import { menuFront, routeMenuReads } from './http/menu-front.ts';
import type { Identity } from './identity.ts';
import type { OrderEventFeed } from './live/order-events.ts';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './live/stream-limits.ts';
import { createMetrics } from './metrics.ts';
import { type AdmissionOptions, createAdmission } from './middleware/admission.ts';
import { apiHeaderSets, apiHeaders } from './middleware/api-headers.ts';
import { provideProviderCheck } from './middleware/auth.ts';
import {
  clientAddress,
  createRateLimiter,
  DEFAULT_RATE_LIMITS,
  type RateLimits,
} from './middleware/rate-limit.ts';
import { requestIdScope, withRequestId } from './middleware/request-id.ts';
import { requestLog } from './middleware/request-log.ts';
import { requestMetrics } from './middleware/request-metrics.ts';
import { refuseNulInUrl } from './middleware/validate.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { renderSandboxPage, SandboxGateway } from './payments/sandbox.ts';
import { adminRoutes } from './routes/admin.ts';
import { apiDocsRoutes } from './routes/api-docs.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { cartRoutes } from './routes/cart.ts';
import { healthRoutes } from './routes/health.ts';
import { menuRoutes } from './routes/menu.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { orderStreamRoutes } from './routes/order-stream.ts';
import { orderingRoutes } from './routes/ordering.ts';
import { orderRoutes } from './routes/orders.ts';
import { ownerRoutes } from './routes/owner.ts';
import { paymentRoutes } from './routes/payments.ts';
import { phoneOrderRoutes } from './routes/phone-orders.ts';
import { profileRoutes } from './routes/profile.ts';
import { promotionRoutes } from './routes/promotions.ts';
import { reorderRoutes } from './routes/reorders.ts';
import { reservationRoutes } from './routes/reservations.ts';
import { roomRoutes } from './routes/room.ts';
import { sandboxPayRoutes } from './routes/sandbox-pay.ts';
import { sessionRoutes } from './routes/session.ts';
import { shopRoutes } from './routes/shop.ts';
import { routeTable } from './routes/table.ts';
import type { BookingDeps } from './services/availability.ts';
import { type BookingLinks, createBookingLinks } from './services/booking-links.ts';
import { type HoldOptions, resolveHolds } from './services/holds.ts';
import { createProviderCheck } from './services/provider-check.ts';
import { DEFAULT_SHOP_TIME_ZONE, shopClock } from './services/shop-clock.ts';
import type { ApiTokens } from './tokens.ts';

export interface AppDeps {
  db: Database;
  /** The menu's version as this process knows it: the public menu is cached by it. */
  menuVersion: MenuVersion;
  logger: Logger;
  /**
   * The storefront's origins (every address it answers at): the only ones allowed to call the API from
   * a browser. The first is where a payment returns when nothing names another.
   */
  siteOrigins: readonly string[];
  /**
   * The identity provider: verifies its ID tokens (sign-in and sign-up calls) and deletes its accounts
   * (an admin's DELETE /delete-user), and tells whether an account is still usable (asked at most once a
   * minute per account by signed-in calls: services/provider-check.ts).
   */
  identity: Pick<Identity, 'verifyIdToken' | 'deleteAccount' | 'accountStatus'>;
  /** Issues and verifies our own API tokens (every other signed-in call). */
  tokens: ApiTokens;
  /**
   * Opens payment pages and vouches for payment notifications. The sandbox gateway also serves its own
   * payment page from this app (`/sandbox-pay/…`).
   */
  gateway: PaymentGateway;
  /** How long checkout waits for the gateway's payment page (default GATEWAY_TIMEOUT_MS, 10 s). */
  paymentTimeoutMs?: number;
  /**
   * Calls allowed to POST /jwt, /users, /create-payment-intent and /reservations, and to the payment
   * returns and notifications (default DEFAULT_RATE_LIMITS).
   */
  rateLimits?: RateLimits;
  /**
   * How many reverse proxies of ours are in front (default 0): the caller's address is then the
   * X-Forwarded-For entry the outermost one appended instead of the socket's peer (which would be a
   * proxy). Never set it without such proxies: anyone could then pick their own address.
   */
  trustProxy?: number;
  /** The clock in epoch milliseconds (default Date.now): when the provider's word on an account is stale. */
  now?: () => number;
  /**
   * Lets a scraper that is not on this machine read GET /metrics with `Authorization: Bearer <token>`
   * (METRICS_TOKEN); without it, only a direct loopback caller may (routes/metrics.ts).
   */
  metricsToken?: string;
  /**
   * What one customer can hold of the stock, and for how long (default DEFAULT_HOLDS in
   * services/holds.ts: 10 units of an item per cart line, 20 units per order, 10 minutes for a customer
   * who has paid before, two for one who has not, none under lapse pressure). Each field stands for one
   * environment variable: cartLineMaxUnits CART_LINE_MAX_UNITS, orderMaxUnits ORDER_MAX_UNITS,
   * holdMinutes HOLD_MINUTES, newCustomerHoldSeconds NEW_CUSTOMER_HOLD_SECONDS, lapsePressurePercent
   * LAPSE_PRESSURE_PERCENT. The expiry sweep (releaseExpiredReservations) runs outside the app: give it the
   * same holdMinutes.
   */
  holds?: HoldOptions;
  /**
   * How many of the expensive calls (the route table's `admission`) this process runs at once, how
   * many wait and how long, before it refuses the rest with 503 (default DEFAULT_ADMISSION; env
   * ADMISSION_*); `onShed` is told of each refusal.
   */
  admission?: AdmissionOptions;
  /**
   * This process's one LISTEN on the database's order events, fanned out to the open order streams
   * (server/api/live/order-events.ts); closing it ends them (the shutdown does, before its grace period).
   */
  orderEvents: OrderEventFeed;
  /** How often an open order stream sends a `: ping` comment (default 15 s; tests shorten it). */
  orderStreamHeartbeatMs?: number;
  /**
   * Open order streams per account and per address, and how often an open one re-checks its account
   * (default DEFAULT_STREAM_LIMITS in live/stream-limits.ts: 5, 50, 60 s). Each field stands for one
   * environment variable: maxPerAccount STREAM_MAX_PER_ACCOUNT, maxPerAddress STREAM_MAX_PER_ADDRESS,
   * recheckMs STREAM_RECHECK_MS.
   */
  streams?: Partial<StreamLimits>;
  /**
   * Table bookings: the shop's time zone (SHOP_TIME_ZONE, default DEFAULT_SHOP_TIME_ZONE), which says when
   * a cut-off has passed or a reminder is due, and the signer of the bookings' links (server/api/index.ts
   * derives it from API_TOKEN_SECRET, so every instance accepts every link; without it, a random key of
   * this app's own).
   */
  bookings?: { timeZone?: string; links?: BookingLinks };
}

/** Larger than any form or cart the storefront sends; a bigger body is refused before it is read. */
export const MAX_BODY_BYTES = 100 * 1024;

/**
 * The sandbox payment page is HTML from this API: its one inline <style> is allowed by hash, no script
 * at all, and its form may post only here and be redirected back to the storefront.
 */
function sandboxPageCsp(gateway: SandboxGateway, siteOrigins: readonly string[]): string {
  const style = /<style>([\s\S]*?)<\/style>/.exec(renderSandboxPage({ state: 'missing' }))?.[1] ?? '';
  const hash = createHash('sha256').update(style).digest('base64');
  const formTargets = new Set([
    "'self'",
    new URL(gateway.apiPublicUrl).origin,
    ...siteOrigins.map((origin) => new URL(origin).origin),
  ]);
  return [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    `form-action ${[...formTargets].join(' ')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function createApp(deps: AppDeps) {
  const { db, siteOrigins, identity, tokens, gateway, paymentTimeoutMs } = deps;
  // Every line logged while a request is served names it, as its X-Request-Id answer does.
  const logger = withRequestId(deps.logger);
  const holds = resolveHolds(deps.holds);
  const addressOf = (c: Context) => clientAddress(c, deps.trustProxy ?? 0);
  const limits = createRateLimiter({
    pool: db.$client,
    limits: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
    addressOf,
  });
  const app = new Hono();
  const headersFor = apiHeaderSets(siteOrigins);
  const metrics = createMetrics({ db, feed: deps.orderEvents, logger, now: deps.now ?? Date.now });
  // Before every middleware: the public menu answers whole (server/api/routes/menu.ts).
  const menuCache = createMenuCache(db, deps.menuVersion);
  const answers = menuAnswers(menuCache, headersFor);
  const menu = menuRoutes(menuCache, answers, deps.menuVersion, headersFor);
  app.route('/', menu);
  app.use(requestIdScope());
  app.use(requestMetrics(metrics));
  app.use(requestLog(logger));
  app.use(apiHeaders(headersFor));
  app.use(async (c, next) => {
    refuseNulInUrl(c.req.url);
    await next();
  });
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      c.json({ message: `The request body is too large (at most ${MAX_BODY_BYTES} bytes)` }, 413),
  });
  // Only where a body may come: looking for one turns the request into a full web Request, costly on
  // the public reads.
  app.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  const admission = createAdmission(
    {
      ...deps.admission,
      onShed: (route) => {
        metrics.recordShed(route);
        deps.admission?.onShed?.(route);
      },
    },
    logger,
  );

  // Every route below is registered against its entry in the route table (contract/routes.ts), which
  // says which are admitted and which move the menu (routes/table.ts).
  const on = routeTable(app, { db, tokens, identity, admission, menuVersion: deps.menuVersion });
  healthRoutes(on, db);
  metricsRoutes(on, { metrics, token: deps.metricsToken });
  apiDocsRoutes(on);
  const bookings: BookingDeps = {
    clock: shopClock(deps.bookings?.timeZone ?? DEFAULT_SHOP_TIME_ZONE, deps.now),
    links: deps.bookings?.links ?? createBookingLinks(undefined, siteOrigins[0]),
  };
  reservationRoutes(on, db, limits, bookings);
  bookingRoutes(on, db, bookings);
  const now = deps.now ?? (() => Date.now());
  app.use(
    provideProviderCheck(createProviderCheck({ db, accountStatus: identity.accountStatus, now, logger })),
  );
  sessionRoutes(on, db, tokens, limits, now);
  profileRoutes(on, db);
  cartRoutes(on, db, holds);
  const orderDeps = {
    db,
    gateway,
    logger,
    paymentTimeoutMs,
    limits,
    siteOrigins,
    holds,
    addressOf,
    clock: bookings.clock,
  };
  orderRoutes(on, orderDeps);
  reorderRoutes(on, orderDeps);
  phoneOrderRoutes(on, orderDeps);
  promotionRoutes(on, db, limits);
  ownerRoutes(on, db, bookings.clock);
  paymentRoutes(on, { db, gateway, logger, siteOrigins, holdMinutes: holds.holdMinutes, limits, admission });
  adminRoutes(on, { db, identity, logger, clock: bookings.clock });
  shopRoutes(on, db, bookings.clock);
  orderingRoutes(on, db, bookings.clock);
  roomRoutes(on, db, bookings);
  // Nothing here compresses or buffers answers, so the streams' events leave as they are written.
  const heartbeatMs = deps.orderStreamHeartbeatMs;
  orderStreamRoutes(on, {
    db,
    feed: deps.orderEvents,
    logger,
    heartbeatMs,
    limits: { ...DEFAULT_STREAM_LIMITS, ...deps.streams },
    addressOf,
    now,
  });
  if (gateway instanceof SandboxGateway) {
    const pageCsp = sandboxPageCsp(gateway, siteOrigins);
    app.use('/sandbox-pay/*', async (c, next) => {
      await next();
      c.header('Content-Security-Policy', pageCsp);
    });
    sandboxPayRoutes(on, db, gateway, logger);
  }

  app.notFound((c) => c.json({ message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError(errorHandler(logger));

  routeMenuReads(app, menu, { metrics, logger });
  // And Node's server (server/api/index.ts) may answer them before a web Request is made of them.
  return Object.assign(app, { menuFront: menuFront(menuCache, answers, metrics), metrics });
}

export type App = ReturnType<typeof createApp>;
