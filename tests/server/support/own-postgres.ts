import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { connectDatabase } from '../../../server/db/client.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../../server/db/embedded.ts';
import { migrateDatabase } from '../../../server/db/migrate.ts';
import { SandboxGateway } from '../../../server/payments/sandbox.ts';
import { seedMenu } from '../../../server/seed/menu.ts';
import { createApiTokens } from '../../../server/tokens.ts';
import {
  API_PUBLIC_URL,
  NO_RATE_LIMITS,
  SITE_ORIGIN,
  TEST_API_TOKEN_SECRET,
  TEST_SANDBOX_SECRET,
  type TestContext,
} from './test-app.ts';

/**
 * An embedded PostgreSQL of one test file's own (not the run's shared one), so that the file can stop
 * it and start it again, on the same port and data folder, under an app that keeps running.
 */
export interface OwnPostgres {
  url: (database?: string) => string;
  stop: () => Promise<void>;
  /** Starts it again after stop(), with the same data. */
  restart: () => Promise<void>;
  /** Stops it (if running) and deletes its data. */
  destroy: () => Promise<void>;
}

export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'pizzon-fault-pg-'));
  let server: EmbeddedServer | undefined = await startEmbeddedPostgres(dir, port);
  const url = server.url;
  const stop = async () => {
    await server?.stop();
    server = undefined;
  };
  return {
    url,
    stop,
    restart: async () => {
      server ??= await startEmbeddedPostgres(dir, port);
    },
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates `database` on the server, migrated and with the seed menu, as the API's start leaves it. */
export async function createPizzonDatabase(own: OwnPostgres, database: string): Promise<string> {
  const admin = new pg.Client({ connectionString: own.url() });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = own.url(database);
  const handle = connectDatabase(url, () => {});
  await migrateDatabase(handle.db);
  await seedMenu(handle.db);
  await handle.close();
  return url;
}

/**
 * The app wired as createTestContext wires it (the run's Auth emulator, the in-process sandbox), but on
 * a database of the caller's choice. The caller owns that database: close() only lets go of it.
 */
export async function createContextOn(databaseUrl: string): Promise<TestContext> {
  const handle = connectDatabase(databaseUrl, () => {});
  // firebase-admin talks to the emulator only when this is set before it starts.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost');
  const { createIdentity } = await import('../../../server/identity.ts');
  const identity = createIdentity('demo-pizzon-test');
  const tokens = createApiTokens(TEST_API_TOKEN_SECRET);
  const sandbox = new SandboxGateway({
    secret: TEST_SANDBOX_SECRET,
    apiPublicUrl: API_PUBLIC_URL,
    notify: async (fields) => {
      const response = await app.request('/payment/ipn', {
        method: 'POST',
        body: new URLSearchParams(fields),
      });
      if (!response.ok) throw new Error(`The IPN endpoint answered ${response.status}`);
    },
  });
  const app = createApp({
    db: handle.db,
    logger: pino({ level: 'silent' }),
    siteOrigin: SITE_ORIGIN,
    identity,
    tokens,
    gateway: sandbox,
    rateLimits: NO_RATE_LIMITS,
  });
  return {
    db: handle.db,
    app,
    identity,
    tokens,
    sandbox,
    gateway: sandbox,
    request: (path, init) => Promise.resolve(app.request(path, init)),
    close: async () => {
      await identity.close();
      await handle.close();
    },
  };
}
