// The commands beside `npm start` (admin:grant, seed:volume) open "the database npm start uses" whether
// its embedded server is running, stopped or was never started, and say in words when it can't be had.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_UNAVAILABLE_EXIT,
  ensureDatabase,
  START_DATABASE,
} from '../../scripts/lib/start-database.ts';
import { connectDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { type EmbeddedServer, embeddedSocketPath, startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { orders, users } from '../../server/db/schema.ts';
import { uniqueEmail } from './support/accounts.ts';
import { freePort } from './support/free-port.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where `npm start` would keep its data, and the port of its embedded server: this file's own. */
let dataDir: string;
let pgPort: number;

/** `npm run <script> -- …args` as an operator runs it, with no DATABASE_URL unless `env` gives one. */
function command(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  // An empty variable is an unset one (server/env.ts).
  const environment = {
    ...process.env,
    DATABASE_URL: '',
    PIZZON_DATA_DIR: dataDir,
    PG_PORT: String(pgPort),
    ...env,
  };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      {
        env: environment,
        timeout: 120_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
const adminGrant = (...args: string[]) => command('scripts/admin-grant.ts', args);
const seedVolume = (env: Record<string, string> = {}) =>
  command('scripts/seed-volume.ts', [], { SEED_VOLUME_ORDERS: '20', ...env });

const postgresDir = () => `${dataDir}/postgres`;

/** `npm start`'s first run, as far as the database goes: the server, its database, the API's tables. */
async function startAsNpmStartDoes(options?: { tcp?: boolean }): Promise<EmbeddedServer> {
  const server = await startEmbeddedPostgres(postgresDir(), pgPort, options);
  await ensureDatabase(server.url(), START_DATABASE);
  return server;
}

/** Opens the database for a look, runs `look`, and closes it: the server must be running. */
async function inDatabase<T>(look: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
  const database = connectDatabase(
    `postgres://postgres:pizzon@localhost:${pgPort}/${START_DATABASE}?host=/tmp`,
    () => {},
  );
  try {
    return await look(database.db);
  } finally {
    await database.close();
  }
}

const newUser = (db: DatabaseHandle['db']) =>
  db
    .insert(users)
    .values({ uid: `uid-${Date.now()}-${Math.random()}`, email: uniqueEmail(), displayName: 'Test User' })
    .returning()
    .then(([row]) => row!);
const roleOf = (db: DatabaseHandle['db'], uid: string) =>
  db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.uid, uid))
    .then(([row]) => row?.role);
const orderCount = (db: DatabaseHandle['db']) =>
  db
    .select({ n: count() })
    .from(orders)
    .then(([row]) => row!.n);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pizzon-start-db-'));
  pgPort = await freePort();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('never started', () => {
  it.each([
    ['admin:grant', () => adminGrant('someone@pizzon.test')],
    ['seed:volume', () => seedVolume()],
  ])('%s says to run npm start once first, with its own exit code', async (_, run) => {
    const result = await run();
    expect(result.code).toBe(DATABASE_UNAVAILABLE_EXIT);
    expect(result.stderr).toContain(`No database in ${postgresDir()}: run \`npm start\` once first`);
  });
});

describe('running, then stopped', () => {
  let server: EmbeddedServer | undefined;
  beforeAll(async () => {
    server = await startAsNpmStartDoes();
    await inDatabase(migrateDatabase);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('running: both commands use it and leave it running', async () => {
    const user = await inDatabase(newUser);
    const granted = await adminGrant(user.uid);
    expect(granted).toMatchObject({ code: 0, stdout: expect.stringContaining('is now an admin') });
    const seeded = await seedVolume();
    expect(seeded).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Added 20 orders, 4 customers'),
    });

    expect(existsSync(embeddedSocketPath(pgPort))).toBe(true);
    expect(await inDatabase((db) => roleOf(db, user.uid))).toBe('admin');
    expect(await inDatabase(orderCount)).toBe(20);
  }, 120_000);

  it('stopped: each command starts it, does its work and stops it again', async () => {
    const user = await inDatabase(newUser);
    await server!.stop();
    server = undefined;
    // What a stopped embedded server leaves: no socket file, so a connection fails with ENOENT.
    expect(existsSync(embeddedSocketPath(pgPort))).toBe(false);

    const granted = await adminGrant(user.email, '--unverified');
    expect(granted).toMatchObject({ code: 0, stdout: expect.stringContaining('is now an admin') });
    expect(existsSync(embeddedSocketPath(pgPort))).toBe(false);
    const seeded = await seedVolume();
    expect(seeded).toMatchObject({ code: 0, stdout: expect.stringContaining('Added 20 orders') });
    expect(existsSync(embeddedSocketPath(pgPort))).toBe(false);
    const refused = await adminGrant('no-account-has-this-uid');
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('No account has the uid') });

    server = await startAsNpmStartDoes();
    expect(await inDatabase((db) => roleOf(db, user.uid))).toBe('admin');
    expect(await inDatabase(orderCount)).toBe(40);
  }, 120_000);
});

describe('DATABASE_URL, over TCP', () => {
  it('a server that answers is used as it is', async () => {
    const server = await startAsNpmStartDoes({ tcp: true });
    try {
      const user = await inDatabase(newUser);
      const url = `postgres://postgres:pizzon@127.0.0.1:${pgPort}/${START_DATABASE}`;
      const granted = await command('scripts/admin-grant.ts', [user.uid], { DATABASE_URL: url });
      expect(granted.code).toBe(0);
      expect(await inDatabase((db) => roleOf(db, user.uid))).toBe('admin');

      const noSuchDatabase = await command('scripts/admin-grant.ts', [user.uid], {
        DATABASE_URL: `postgres://postgres:pizzon@127.0.0.1:${pgPort}/no_such_database`,
      });
      expect(noSuchDatabase.code).toBe(DATABASE_UNAVAILABLE_EXIT);
      expect(noSuchDatabase.stderr).toContain('has no such database');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it.each([
    ['admin:grant', 'scripts/admin-grant.ts', ['someone@pizzon.test']],
    ['seed:volume', 'scripts/seed-volume.ts', []],
  ])('%s: a server that is not there is named, with what to do', async (_, script, args) => {
    const closed = await freePort();
    const run = await command(script, args, {
      DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${closed}/pizzon`,
      SEED_VOLUME_ORDERS: '20',
    });
    expect(run.code).toBe(DATABASE_UNAVAILABLE_EXIT);
    expect(run.stderr).toContain(`Could not open the database at 127.0.0.1:${closed}, database pizzon`);
    expect(run.stderr).toContain('Nothing answers there');
    expect(run.stderr).not.toContain('secret');
  });
});
