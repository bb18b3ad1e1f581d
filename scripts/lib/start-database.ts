// The database `npm start` uses, for commands run beside it (admin:grant, seed:volume): DATABASE_URL
// when set; otherwise the embedded one, started for the command when `npm start` is not running.
import { existsSync } from 'node:fs';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { embeddedPostgresUrl, startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { type EnvSource, readEnv, SERVERS_ENV } from '../../server/env.ts';
import { COMMANDS_ENV } from './env.ts';

/** The database `npm start` keeps its data in, on the embedded server. */
export const START_DATABASE = 'pizzon';

/**
 * The database could not be opened: the message says what to do, in a newcomer's words. Commands exit
 * with their own code for it, apart from "refused" (README).
 */
export class DatabaseUnavailable extends Error {}

/** The exit code of a command whose database could not be opened (1 is its own refusal or failure). */
export const DATABASE_UNAVAILABLE_EXIT = 3;

/**
 * Nothing listens: a TCP port refuses (ECONNREFUSED), or a Unix socket's file is gone (ENOENT, what a
 * stopped embedded server leaves, since we reach it by its socket) or left by a server that died.
 */
const NOT_LISTENING = new Set(['ECONNREFUSED', 'ENOENT']);

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Where a connection string points, without its password: what an operator checks. */
function whereOf(url: string): string {
  try {
    const parsed = new URL(url);
    const socketDir = parsed.searchParams.get('host');
    const database = parsed.pathname.replace(/^\//, '') || '(default)';
    return socketDir
      ? `the socket in ${socketDir} (port ${parsed.port || 5432}), database ${database}`
      : `${parsed.hostname}:${parsed.port || 5432}, database ${database}`;
  } catch {
    return 'the address DATABASE_URL gives';
  }
}

/** Why nothing could be opened at `url`, or undefined when a server accepts the connection. */
async function connectionError(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Says why the database DATABASE_URL names could not be opened, and what to try. */
function unavailable(url: string, error: unknown): DatabaseUnavailable {
  const code = codeOf(error);
  const hint = NOT_LISTENING.has(code ?? '')
    ? 'Nothing answers there: start that PostgreSQL server, or fix the host and port in DATABASE_URL.'
    : code === '3D000'
      ? 'The server answers but has no such database: create it, or fix its name in DATABASE_URL.'
      : code === '28P01'
        ? 'The server refused the user name or password in DATABASE_URL.'
        : 'Check that DATABASE_URL names a PostgreSQL server this machine can reach.';
  return new DatabaseUnavailable(
    `Could not open the database at ${whereOf(url)}: ${messageOf(error)}\n${hint}`,
    { cause: error },
  );
}

/** Creates `name` on the server at `adminUrl` unless it is there: `npm start`'s first run does this. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** Starts the embedded server of `npm start` for this command; its stop, or an error that says why not. */
async function startStoppedEmbedded(dir: string, port: number): Promise<() => Promise<void>> {
  if (!existsSync(`${dir}/PG_VERSION`)) {
    throw new DatabaseUnavailable(
      `No database in ${dir}: run \`npm start\` once first, or set DATABASE_URL.`,
    );
  }
  try {
    const server = await startEmbeddedPostgres(dir, port);
    try {
      // `npm start` may have stopped between making the server and its database.
      await ensureDatabase(server.url(), START_DATABASE);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server.stop;
  } catch (error) {
    throw new DatabaseUnavailable(
      `The embedded PostgreSQL in ${dir} (PG_PORT ${port}) is not running, and starting it failed: ` +
        `${messageOf(error)}\n` +
        'If another program holds that port, stop it or set PG_PORT (as for `npm start`).',
      { cause: error },
    );
  }
}

/**
 * Opens that database, whether `npm start` is running, stopped or never ran (then a DatabaseUnavailable
 * saying so); close() also stops the embedded server if this call started it.
 */
export async function openStartDatabase(source?: EnvSource): Promise<DatabaseHandle> {
  const env = readEnv(
    { ...SERVERS_ENV, ...COMMANDS_ENV },
    { read: ['DATABASE_URL', 'PG_PORT', 'PIZZON_DATA_DIR'] },
    source,
  );
  let url = env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (url) {
    const error = await connectionError(url);
    if (error) throw unavailable(url, error);
  } else {
    url = embeddedPostgresUrl(env.PG_PORT, START_DATABASE);
    const error = await connectionError(url);
    if (error && !NOT_LISTENING.has(codeOf(error) ?? '')) {
      throw new DatabaseUnavailable(
        `The embedded PostgreSQL on PG_PORT ${env.PG_PORT} answers but: ${messageOf(error)}`,
        {
          cause: error,
        },
      );
    }
    if (error) stopEmbedded = await startStoppedEmbedded(`${env.PIZZON_DATA_DIR}/postgres`, env.PG_PORT);
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
