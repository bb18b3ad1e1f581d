import { randomBytes } from 'node:crypto';
import type { Server, ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { createApp } from './app.ts';
import { listenMenuVersion } from './cache/menu-version.ts';
import { connectDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createIdentity } from './identity.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { SandboxGateway } from './payments/sandbox.ts';
import { SSLCOMMERZ_LIVE_URL, SSLCOMMERZ_SANDBOX_URL, SslcommerzGateway } from './payments/sslcommerz.ts';
import { seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedMenu } from './seed/menu.ts';
import { releaseExpiredReservations } from './services/orders.ts';
import { createApiTokens, MIN_SECRET_LENGTH } from './tokens.ts';

// The only file that reads the environment; every variable is documented in .env.example.
const env = process.env;
const logger = pino({ level: env.LOG_LEVEL ?? 'info' });
const databaseUrl = env.DATABASE_URL;
if (!databaseUrl) {
  logger.fatal('DATABASE_URL is not set. Start everything with `npm start`, or point it at a PostgreSQL.');
  process.exit(1);
}
const port = Number(env.API_PORT ?? 5000);
const siteOrigin = env.SITE_ORIGIN ?? 'http://localhost:5173';
const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-pizzon';
const apiTokenSecret = env.API_TOKEN_SECRET || randomBytes(32).toString('base64url');
if (!env.API_TOKEN_SECRET) {
  logger.warn('API_TOKEN_SECRET is not set: using a random one, so API tokens will not survive a restart');
}
if (apiTokenSecret.length < MIN_SECRET_LENGTH) {
  logger.fatal(`API_TOKEN_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
  process.exit(1);
}

// Where browsers and payment gateways reach this API (payment pages, return and IPN URLs).
const apiPublicUrl = (env.API_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');

function createGateway(): PaymentGateway {
  const choice = env.PAYMENT_GATEWAY || 'sandbox';
  if (choice === 'sslcommerz') {
    const storeId = env.SSLCOMMERZ_STORE_ID;
    const storePassword = env.SSLCOMMERZ_STORE_PASSWORD;
    if (!storeId || !storePassword) {
      logger.fatal('PAYMENT_GATEWAY=sslcommerz needs SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD');
      process.exit(1);
    }
    const baseUrl =
      env.SSLCOMMERZ_BASE_URL ||
      (env.SSLCOMMERZ_LIVE === 'true' ? SSLCOMMERZ_LIVE_URL : SSLCOMMERZ_SANDBOX_URL);
    logger.info(`payments: SSLCommerz at ${baseUrl}`);
    return new SslcommerzGateway({ storeId, storePassword, baseUrl, apiPublicUrl });
  }
  if (choice !== 'sandbox') {
    logger.fatal(`PAYMENT_GATEWAY must be sandbox or sslcommerz, not '${choice}'`);
    process.exit(1);
  }
  const secret = env.SANDBOX_PAYMENT_SECRET || randomBytes(32).toString('base64url');
  if (!env.SANDBOX_PAYMENT_SECRET) {
    logger.warn(
      'SANDBOX_PAYMENT_SECRET is not set: using a random one, so open payment pages die with a restart',
    );
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    logger.fatal(`SANDBOX_PAYMENT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
    process.exit(1);
  }
  logger.info(`payments: built-in sandbox at ${apiPublicUrl}/sandbox-pay`);
  return new SandboxGateway({ secret, apiPublicUrl });
}
const gateway = createGateway();

const database = connectDatabase(databaseUrl, (error) =>
  logger.warn({ err: error }, 'idle database client lost'),
);
await migrateDatabase(database.db);
const seeded = await seedMenu(database.db);
if (seeded) logger.info(`seeded ${seeded} menu items`);

const menuVersion = await listenMenuVersion({
  url: databaseUrl,
  db: database.db,
  onError: (error) => logger.warn({ err: error }, 'menu version listener lost its connection; reconnecting'),
});

const identity = createIdentity(projectId);
if (env.FIREBASE_AUTH_EMULATOR_HOST) await seedDemoAccounts(database.db, identity.auth);

const tokens = createApiTokens(apiTokenSecret);
const app = createApp({
  db: database.db,
  menuVersion,
  logger,
  siteOrigin,
  identity,
  tokens,
  gateway,
  trustProxy: env.TRUST_PROXY === 'true',
});
// A plain HTTP server (serve's default); API_PORT=0 takes any free port, so the log names the real one.
const server = serve({ fetch: app.fetch, port, hostname: env.API_HOST ?? '127.0.0.1' }, (info) =>
  logger.info(`API listening on http://localhost:${info.port}`),
) as Server;
server.on('error', (error: NodeJS.ErrnoException) => {
  logger.fatal(error.code === 'EADDRINUSE' ? `Port ${port} is taken: set API_PORT to a free port` : error);
  process.exit(1);
});

// Unpaid orders give their stock back after RESERVATION_MINUTES (and at a checkout that needs it). Every
// instance runs the sweep; the database lets one at a time do the work (releaseExpiredReservations).
const sweepEveryMs = Number(env.EXPIRY_SWEEP_MS ?? 60_000);
async function sweepReservations() {
  try {
    const released = await releaseExpiredReservations(database.db);
    if (released) logger.info(`released the stock of ${released} unpaid order(s) whose reservation expired`);
  } catch (error) {
    logger.warn({ err: error }, 'reservation sweep failed');
  }
}
const sweeper = setInterval(() => void sweepReservations(), sweepEveryMs);
void sweepReservations();

/** How long a shutdown waits for in-flight requests before cutting them off (under `docker stop`'s 10 s). */
const SHUTDOWN_GRACE_MS = 8_000;

let stopping = false;
// The answers still to be sent: a shutdown lets them finish, on connections that then close.
const inFlight = new Set<ServerResponse>();
server.on('request', (_request, response: ServerResponse) => {
  inFlight.add(response);
  response.on('close', () => inFlight.delete(response));
  if (stopping) response.setHeader('Connection', 'close');
  // close() ends only the connections idle at that moment: one whose answer was already under way
  // would otherwise stay open for its keep-alive timeout.
  response.on('finish', () => {
    if (stopping) server.closeIdleConnections();
  });
});

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  clearInterval(sweeper);
  // Stops accepting connections and closes the idle ones; calls on the others get their answers with
  // `Connection: close`, and close() resolves once the last is sent.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
  logger.info(`${signal}: no new connections; finishing ${inFlight.size} in-flight request(s)`);
  // The deadline covers closing the pool too: whatever hangs, the process ends on its own terms.
  setTimeout(() => {
    logger.error(
      `shutdown unfinished after ${SHUTDOWN_GRACE_MS} ms, ${inFlight.size} request(s) still running: cutting them off`,
    );
    server.closeAllConnections();
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  await closed;
  await Promise.allSettled([menuVersion.close(), database.close(), identity.close()]);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
