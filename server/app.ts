import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { Database } from './db/client.ts';
import type { Identity } from './identity.ts';
import { requestLog } from './middleware/request-log.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { SandboxGateway } from './payments/sandbox.ts';
import { adminRoutes } from './routes/admin.ts';
import { cartRoutes } from './routes/cart.ts';
import { healthRoutes } from './routes/health.ts';
import { menuRoutes } from './routes/menu.ts';
import { orderRoutes } from './routes/orders.ts';
import { paymentRoutes } from './routes/payments.ts';
import { profileRoutes } from './routes/profile.ts';
import { reservationRoutes } from './routes/reservations.ts';
import { sandboxPayRoutes } from './routes/sandbox-pay.ts';
import { sessionRoutes } from './routes/session.ts';
import type { ApiTokens } from './tokens.ts';

export interface AppDeps {
  db: Database;
  logger: Logger;
  /** The storefront's origin: the only one allowed to call the API from a browser. */
  siteOrigin: string;
  /**
   * The identity provider: verifies its ID tokens (sign-in and sign-up calls) and deletes its accounts
   * (an admin's DELETE /delete-user).
   */
  identity: Pick<Identity, 'verifyIdToken' | 'deleteAccount'>;
  /** Issues and verifies our own API tokens (every other signed-in call). */
  tokens: ApiTokens;
  /**
   * Opens payment pages and vouches for payment notifications. The sandbox gateway also serves its own
   * payment page from this app (`/sandbox-pay/…`).
   */
  gateway: PaymentGateway;
  /** How long checkout waits for the gateway's payment page (default GATEWAY_TIMEOUT_MS, 10 s). */
  paymentTimeoutMs?: number;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08001',
  '08006',
]);

/** True when an error (or one it wraps) says the database cannot be reached. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect/i.test(e.message)) return true;
  }
  return false;
}

export function createApp(deps: AppDeps) {
  const { db, logger, siteOrigin, identity, tokens, gateway, paymentTimeoutMs } = deps;
  const app = new Hono();
  app.use(requestLog(logger));
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-site' }));
  app.use(cors({ origin: siteOrigin, allowHeaders: ['Authorization', 'Content-Type'], maxAge: 600 }));

  app.route('/', healthRoutes(db));
  app.route('/', menuRoutes(db));
  app.route('/', reservationRoutes(db));
  app.route('/', sessionRoutes(db, identity, tokens));
  app.route('/', profileRoutes(db, tokens));
  app.route('/', cartRoutes(db, tokens));
  app.route('/', orderRoutes({ db, tokens, gateway, logger, paymentTimeoutMs }));
  app.route('/', paymentRoutes({ db, gateway, logger, siteOrigin }));
  app.route('/', adminRoutes({ db, tokens, identity, logger }));
  if (gateway instanceof SandboxGateway) app.route('/', sandboxPayRoutes(db, gateway, logger));

  app.notFound((c) => c.json({ message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json({ message: error.message }, error.status as ContentfulStatusCode);
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error }, 'database unavailable');
      return c.json({ message: 'The kitchen is briefly offline. Please try again in a moment.' }, 503);
    }
    logger.error({ err: error }, 'unhandled error');
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
