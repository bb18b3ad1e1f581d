import { serve } from '@hono/node-server';
import pino from 'pino';
import { createApp } from './app.ts';
import { connectDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createIdentity } from './identity.ts';
import { seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedMenu } from './seed/menu.ts';

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

const database = connectDatabase(databaseUrl, (error) =>
  logger.warn({ err: error }, 'idle database client lost'),
);
await migrateDatabase(database.db);
const seeded = await seedMenu(database.db);
if (seeded) logger.info(`seeded ${seeded} menu items`);

const identity = createIdentity(projectId);
if (env.FIREBASE_AUTH_EMULATOR_HOST) await seedDemoAccounts(database.db, identity.auth);

const app = createApp({ db: database.db, logger, siteOrigin });
const server = serve({ fetch: app.fetch, port, hostname: env.API_HOST ?? '127.0.0.1' }, () =>
  logger.info(`API listening on http://localhost:${port}`),
);
server.on('error', (error: NodeJS.ErrnoException) => {
  logger.fatal(error.code === 'EADDRINUSE' ? `Port ${port} is taken: set API_PORT to a free port` : error);
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: finishing in-flight requests`);
  // close() stops accepting connections and resolves once in-flight requests have been answered.
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.allSettled([database.close(), identity.close()]);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
