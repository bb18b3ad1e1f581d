// The database `npm start` uses, for commands run beside it (admin:grant, seed:volume): DATABASE_URL
// when set; otherwise the embedded one, started for the command when `npm start` is not running.
import { existsSync } from 'node:fs';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { embeddedPostgresUrl, startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { type EnvSource, readEnv, SERVERS_ENV } from '../../server/env.ts';
import { COMMANDS_ENV } from './env.ts';

/** True when a server accepts connections at `url`; false when nothing listens on its port. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return false;
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Opens that database; close() also stops the embedded server if this call started it. */
export async function openStartDatabase(source?: EnvSource): Promise<DatabaseHandle> {
  const env = readEnv(
    { ...SERVERS_ENV, ...COMMANDS_ENV },
    { read: ['DATABASE_URL', 'PG_PORT', 'PIZZON_DATA_DIR'] },
    source,
  );
  let url = env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const pgPort = env.PG_PORT;
    url = embeddedPostgresUrl(pgPort, 'pizzon');
    if (!(await answers(url))) {
      const dir = `${env.PIZZON_DATA_DIR}/postgres`;
      if (!existsSync(`${dir}/PG_VERSION`)) {
        throw new Error(`No database in ${dir}: run \`npm start\` once first, or set DATABASE_URL.`);
      }
      stopEmbedded = (await startEmbeddedPostgres(dir, pgPort)).stop;
    }
  }
  const database = connectDatabase(url, () => {});
  return {
    db: database.db,
    close: async () => {
      await database.close();
      await stopEmbedded?.();
    },
  };
}
