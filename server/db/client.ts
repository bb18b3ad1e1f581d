import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = ReturnType<typeof drizzle<typeof schema>>;

export interface DatabaseHandle {
  db: Database;
  close: () => Promise<void>;
}

export function connectDatabase(url: string, onError: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // Without a listener, an idle client's lost connection (e.g. a database restart) kills the process.
  pool.on('error', onError);
  return { db: drizzle(pool, { schema }), close: () => pool.end() };
}
