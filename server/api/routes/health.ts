import { sql } from 'drizzle-orm';
import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import type { RegisterRoute } from './table.ts';

export function healthRoutes(on: RegisterRoute, db: Database) {
  on(ROUTES.health, async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' } as const;
  });
}
