import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = ReturnType<typeof drizzle<typeof schema>>;
/** The handle a `db.transaction` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  close: () => Promise<void>;
}

const isBegin = (query: unknown): boolean => {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
};

/**
 * drizzle-orm's transaction() sends BEGIN before the try/finally that gives its client back
 * (drizzle-orm#6241, open in 0.45): when BEGIN fails, because the connection was lost just after
 * checkout (a database restart), the client never comes back, and after `max` of those every call
 * waits for a connection that is never free. So the first query of each checkout is watched, and a
 * BEGIN that fails gives its client back with the error, which makes the pool discard it. Only
 * drizzle's transactions start a checkout with BEGIN here. Once drizzle releases the client itself
 * (tests/server/fault-database.test.ts then sees 500s instead of 503s), remove this.
 */
function releaseOnFailedBegin(client: pg.PoolClient): void {
  Reflect.deleteProperty(client, 'query'); // a watch left by a checkout that never queried
  Object.defineProperty(client, 'query', {
    configurable: true,
    writable: true,
    value: (...args: unknown[]): unknown => {
      Reflect.deleteProperty(client, 'query'); // the checkout's other queries go straight to pg
      const result: unknown = Reflect.apply(client.query, client, args);
      if (isBegin(args[0]) && result instanceof Promise) {
        result.catch((error: Error) => client.release(error));
      }
      return result;
    },
  });
}

/** How a process holds its connections, and how long one statement may run. */
export interface PoolSettings {
  /** Connections this process may hold at once; every process on the database adds its own. */
  maxConnections: number;
  /** How long a query waits for a free (or new) connection before it fails, in ms. */
  connectTimeoutMs: number;
  /** How long an unused connection stays open, in ms. */
  idleTimeoutMs: number;
  /**
   * PostgreSQL's statement_timeout for every statement of the pool, in ms (waiting on a lock included);
   * undefined: none. The API sets one so that a slow query fails its request instead of holding a
   * connection while the caller has long given up; migrations and seeds run without.
   */
  statementTimeoutMs?: number;
}

/**
 * pg's own pool size, the connect timeout the API always had, and pg's idle timeout: the API's defaults
 * (server/api/env.ts), without its statement timeout, as migrations and seeds take longer.
 */
export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  maxConnections: 10,
  connectTimeoutMs: 5_000,
  idleTimeoutMs: 10_000,
};

export function connectDatabase(
  url: string,
  onError: (error: Error) => void,
  settings: Partial<PoolSettings> = {},
): DatabaseHandle {
  const { maxConnections, connectTimeoutMs, idleTimeoutMs, statementTimeoutMs } = {
    ...DEFAULT_POOL_SETTINGS,
    ...settings,
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: idleTimeoutMs,
    // Sent when each connection opens, so it holds for every query without a round trip of its own.
    ...(statementTimeoutMs === undefined ? {} : { statement_timeout: statementTimeoutMs }),
  });
  // Without a listener, an idle client's lost connection (e.g. a database restart) kills the process.
  pool.on('error', onError);
  // The pool listens only to idle clients. A client checked out for a transaction also emits 'error'
  // when the server goes away between or after its queries, and that too would kill the process. The
  // transaction's own query rejects (the request answers 503) and the pool drops the broken client.
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('acquire', releaseOnFailedBegin);
  return { db: drizzle(pool, { schema }), close: () => pool.end() };
}
