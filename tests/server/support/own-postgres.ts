import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectDatabase } from '../../../server/db/client.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../../server/db/embedded.ts';
import { migrateDatabase } from '../../../server/db/migrate.ts';
import { seedMenu } from '../../../server/db/seed/menu.ts';

/**
 * An embedded PostgreSQL of one test file's own (not the run's shared one), so that the file can stop
 * it and start it again, on the same port and data folder, under an app that keeps running. It listens
 * on its Unix socket only: a TCP port left free while it is stopped may be taken meanwhile.
 */
export interface OwnPostgres {
  url: (database?: string) => string;
  stop: () => Promise<void>;
  /** Starts it again after stop(), with the same data. */
  restart: () => Promise<void>;
  /** Stops it (if running) and deletes its data. */
  destroy: () => Promise<void>;
}

const SOCKET_ONLY = { tcp: false };

export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'pizzon-fault-pg-'));
  let server: EmbeddedServer | undefined = await startEmbeddedPostgres(dir, port, SOCKET_ONLY);
  const url = server.url;
  const stop = async () => {
    await server?.stop();
    server = undefined;
  };
  return {
    url,
    stop,
    restart: async () => {
      server ??= await startEmbeddedPostgres(dir, port, SOCKET_ONLY);
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
