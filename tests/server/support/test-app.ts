import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { connectDatabase, type Database } from '../../../server/db/client.ts';

export const SITE_ORIGIN = 'http://localhost:5173';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestContext {
  db: Database;
  app: ReturnType<typeof createApp>;
  /** Sends a request to the app the way a browser on the storefront would. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
}

/** A fresh, migrated database of this file's own (a copy of the run's template) and an app on it. */
export async function createTestContext(): Promise<TestContext> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template pizzon_template`);
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), () => {});
  const app = createApp({ db: handle.db, logger: pino({ level: 'silent' }), siteOrigin: SITE_ORIGIN });
  return {
    db: handle.db,
    app,
    request: (path, init) => Promise.resolve(app.request(path, init)),
    close: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
