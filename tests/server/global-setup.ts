import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.ts';
import { API_ENV } from '../../server/api/env.ts';
import { connectDatabase } from '../../server/db/client.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { seedRoom } from '../../server/db/seed/room.ts';
import { readEnv } from '../../server/env.ts';
import { SERVER_TESTS_ENV } from './support/env.ts';

export const TEMPLATE_DATABASE = 'pizzon_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL to a maintenance database on the test server; test files create their own databases. */
    adminDatabaseUrl: string;
    authEmulatorHost: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * One PostgreSQL for the run (embedded, or TEST_DATABASE_URL's server) holding a migrated template
 * database, and one Firebase Auth emulator (unless FIREBASE_AUTH_EMULATOR_HOST names one).
 */
export default async function setup(project: TestProject) {
  const env = readEnv(
    { ...API_ENV, ...SERVER_TESTS_ENV },
    {
      read: ['TEST_DATABASE_URL', 'TEST_PG_PORT', 'TEST_AUTH_EMULATOR_PORT', 'FIREBASE_AUTH_EMULATOR_HOST'],
    },
  );
  const stops: Array<() => Promise<void>> = [];
  let adminUrl = env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'pizzon-test-pg-'));
    const server: EmbeddedServer = await startEmbeddedPostgres(dir, env.TEST_PG_PORT);
    stops.push(async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    adminUrl = server.url();
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = connectDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE), () => {});
  await migrateDatabase(template.db);
  // As the API's start lays it out: every test database has the seed's room to book tables in.
  await seedRoom(template.db);
  await template.close();

  let emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) {
    const workDir = mkdtempSync(join(tmpdir(), 'pizzon-test-auth-'));
    const emulator = await startAuthEmulator({
      port: env.TEST_AUTH_EMULATOR_PORT,
      projectId: 'demo-pizzon-test',
      workDir,
      quiet: true,
    });
    stops.push(emulator.stop);
    emulatorHost = emulator.host;
  }

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('authEmulatorHost', emulatorHost);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
