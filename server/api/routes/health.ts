import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../../db/client.ts';

export function healthRoutes(db: Database) {
  return new Hono().get('/health', async (c) => {
    await db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  });
}
