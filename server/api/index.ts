import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { connectDatabase } from '../db/client.ts';
import { listenMenuVersion } from '../db/menu-version.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedDemoAccounts } from '../db/seed/demo-accounts.ts';
import { seedItemOptions } from '../db/seed/item-options.ts';
import { seedMenu } from '../db/seed/menu.ts';
import { seedRoom } from '../db/seed/room.ts';
import { EnvError } from '../env.ts';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';
import { createIdentity } from './identity.ts';
import { listenOrderEvents } from './live/order-events.ts';
import { createLogger } from './logger.ts';
import { startMailWorker } from './mail/outbox-worker.ts';
import { createSmtpSender, redactUrl } from './mail/smtp-sender.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import { notifyApp, SandboxGateway } from './payments/sandbox.ts';
import { SslcommerzGateway } from './payments/sslcommerz.ts';
import { createBookingLinks } from './services/booking-links.ts';
import { queueDueReminders } from './services/booking-reminders.ts';
import { releaseExpiredReservations } from './services/expiry.ts';
import { createApiTokens } from './tokens.ts';

// Wires the API together. Its settings come from server/api/config.ts, which reads the variables of
// server/api/env.ts and server/env.ts (every variable is documented in .env.example).
function readSettings(): ReturnType<typeof readConfig> {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    // Every problem in one go, whatever LOG_LEVEL says (it may be one of them).
    const logger = createLogger();
    for (const { variable, message } of error.problems) logger.fatal({ variable }, message);
    logger.fatal(`The API did not start: ${error.problems.length} problem(s) with its environment, above`);
    process.exit(1);
  }
}
const { config, warnings } = readSettings();
const logger = createLogger(config.logLevel);
for (const warning of warnings) logger.warn(warning);

function createGateway(): PaymentGateway {
  const { gateway, apiPublicUrl } = config;
  if (gateway.kind === 'sslcommerz') {
    const { storeId, storePassword, baseUrl } = gateway;
    logger.info(`payments: SSLCommerz at ${baseUrl}`);
    return new SslcommerzGateway({ storeId, storePassword, baseUrl, apiPublicUrl });
  }
  logger.info(`payments: built-in sandbox at ${apiPublicUrl}/sandbox-pay`);
  // Its notifications go to this process's own app (called only once the app below exists).
  return new SandboxGateway({
    secret: gateway.secret,
    apiPublicUrl,
    notify: notifyApp((path, init) => app.request(path, init)),
  });
}
const gateway = createGateway();

const identity = createIdentity(config.firebaseProjectId);
const onLost = (error: Error) => logger.warn({ err: error }, 'idle database client lost');

// Before any request, on a connection of their own without the requests' statement timeout: a migration
// may rightly take longer than any request should (an index built over a year of orders).
const setup = connectDatabase(config.databaseUrl, onLost, {
  maxConnections: 1,
  connectTimeoutMs: config.pool.connectTimeoutMs,
});
try {
  await migrateDatabase(setup.db);
  const seeded = await seedMenu(setup.db);
  if (seeded) logger.info(`seeded ${seeded} menu items`);
  const configurable = await seedItemOptions(setup.db);
  if (configurable) logger.info(`seeded the options of ${configurable} menu items`);
  const tables = await seedRoom(setup.db);
  if (tables) logger.info(`seeded a room of ${tables} tables`);
  // Only when asked (`npm start` asks for its own embedded database): never into a database that merely
  // happens to be reachable while the emulator runs.
  if (config.seedDemoAccounts) {
    await seedDemoAccounts(setup.db, identity.auth);
    logger.info('seeded the demo accounts (SEED_DEMO_ACCOUNTS)');
  }
} finally {
  await setup.close();
}

const database = connectDatabase(config.databaseUrl, onLost, config.pool);
const menuVersion = await listenMenuVersion({
  url: config.databaseUrl,
  db: database.db,
  onError: (error) => logger.warn({ err: error }, 'menu version listener lost its connection; reconnecting'),
});
const orderEvents = await listenOrderEvents({
  url: config.databaseUrl,
  db: database.db,
  onError: (error) => logger.warn({ err: error }, 'order events listener: lost its connection or a read'),
});

const tokens = createApiTokens(config.apiTokenSecret);
// Every instance signs and accepts the same booking links: their key comes from the shared secret.
const bookings = {
  timeZone: config.shopTimeZone,
  links: createBookingLinks(config.apiTokenSecret, config.siteOrigins[0]),
};
const app = createApp({
  db: database.db,
  menuVersion,
  logger,
  siteOrigins: config.siteOrigins,
  identity,
  tokens,
  gateway,
  trustProxy: config.trustProxy,
  metricsToken: config.metricsToken,
  streams: config.streams,
  holds: config.holds,
  admission: config.admission,
  orderEvents,
  bookings,
});
// A plain HTTP server; API_PORT=0 takes any free port, so the log names the real one. Its timeouts close
// a connection whose request trickles in (headers, then the whole request) and one left idle between
// requests: slow clients cannot hold the server's sockets. The menu's reads are answered from memory
// before @hono/node-server makes a web Request of them (server/api/http/menu-front.ts); the app answers the rest.
const answerWithApp = getRequestListener(app.fetch, { hostname: config.host });
const server: Server = createServer(
  {
    headersTimeout: config.http.headersTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionsCheckingInterval: config.http.checkIntervalMs,
  },
  (request, response) => {
    if (!app.menuFront(request, response)) void answerWithApp(request, response);
  },
);
server.listen(config.port, config.host, () => {
  logger.info(`API listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
server.on('error', (error: NodeJS.ErrnoException) => {
  logger.fatal(
    error.code === 'EADDRINUSE' ? `Port ${config.port} is taken: set API_PORT to a free port` : error,
  );
  process.exit(1);
});

// Unpaid orders give their stock back after HOLD_MINUTES (and at a checkout that needs it). Every
// instance runs the sweep; the database lets one at a time do the work (releaseExpiredReservations).
async function sweepReservations() {
  try {
    const released = await releaseExpiredReservations(database.db, config.holds.holdMinutes);
    if (released) logger.info(`released the stock of ${released} unpaid order(s) whose reservation expired`);
  } catch (error) {
    logger.warn({ err: error }, 'reservation sweep failed');
  }
}
const sweeper = setInterval(() => void sweepReservations(), config.expirySweepMs);
void sweepReservations();

// A booked guest's reminder goes into the outbox once, whichever instance's sweep finds it due
// (services/booking-reminders.ts); every instance looks as often as it sweeps the stock holds.
async function sweepReminders() {
  try {
    const queued = await queueDueReminders(database.db, bookings.links, new Date());
    if (queued) logger.info(`queued ${queued} booking reminder(s)`);
  } catch (error) {
    logger.warn({ err: error }, 'booking reminder sweep failed');
  }
}
const reminderSweeper = setInterval(() => void sweepReminders(), config.expirySweepMs);
void sweepReminders();

// The outbox's mail goes out from every instance; a claim keeps each mail to one sender. A mail server
// that is down only delays it (services/mail-outbox.ts).
const mailer = createSmtpSender({ url: config.mail.smtpUrl, from: config.mail.from });
logger.info(`mail: sending through ${redactUrl(config.mail.smtpUrl)} as ${config.mail.from}`);
const mailWorker = startMailWorker({
  db: database.db,
  send: mailer.send,
  pollMs: config.mail.pollMs,
  onAttempt: ({ id, outcome, attempts, error }) => {
    if (outcome === 'sent') logger.debug({ mail: id, attempts }, 'mail sent');
    else if (outcome === 'retry') logger.warn({ mail: id, attempts, error }, 'mail not sent; will retry');
    else logger.error({ mail: id, attempts, error }, 'mail not sent; giving up (state failed)');
  },
  onError: (error) => logger.warn({ err: error }, 'mail outbox round failed; next round retries'),
});

/** How long a shutdown waits for in-flight requests before cutting them off (under `docker stop`'s 10 s). */
const SHUTDOWN_GRACE_MS = 8_000;

let stopping = false;
// The answers still to be sent: a shutdown lets them finish, on connections that then close.
const inFlight = new Set<ServerResponse>();
// close() ends only the connections idle at that moment: one whose answer is under way would otherwise
// stay open for its keep-alive timeout once it is sent.
const closeWhenSent = (response: ServerResponse) =>
  response.once('finish', () => server.closeIdleConnections());
server.on('request', (_request, response: ServerResponse) => {
  inFlight.add(response);
  response.once('close', () => inFlight.delete(response));
  if (!stopping) return;
  response.setHeader('Connection', 'close');
  closeWhenSent(response);
});

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  clearInterval(sweeper);
  clearInterval(reminderSweeper);
  // No new round; the mail being sent, if any, is recorded before the pool closes.
  const mailStopped = mailWorker.stop().finally(() => mailer.close());
  // Stops accepting connections and closes the idle ones; calls on the others get their answers with
  // `Connection: close`, and close() resolves once the last is sent.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Open order streams never finish on their own: end them now (their clients resume elsewhere with
  // Last-Event-ID), so they do not hold the shutdown to its deadline.
  const listenerClosed = orderEvents.close();
  for (const response of inFlight) {
    if (!response.headersSent) response.setHeader('Connection', 'close');
    closeWhenSent(response);
  }
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
  await mailStopped;
  await Promise.allSettled([listenerClosed, menuVersion.close(), database.close(), identity.close()]);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
