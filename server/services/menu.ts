import { and, asc, eq } from 'drizzle-orm';
import type { AllItemsQuery, MenuItem } from '../contract/menu.ts';
import type { Database } from '../db/client.ts';
import { toMenuItem } from '../db/rows.ts';
import { menuItems } from '../db/schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);

export async function listMenuItems(db: Database, query: AllItemsQuery): Promise<MenuItem[]> {
  const where = query.category === 'all' ? undefined : eq(menuItems.category, query.category);
  const base = db
    .select()
    .from(menuItems)
    .where(and(where))
    .orderBy(asc(menuItems.createdAt), asc(menuItems.name));
  const rows = query.limit === 0 ? await base : await base.limit(query.limit);
  return rows.map(toMenuItem);
}

/** undefined when no item has that id (a malformed id included). */
export async function findMenuItem(db: Database, id: string): Promise<MenuItem | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(menuItems).where(eq(menuItems.id, id));
  return row && toMenuItem(row);
}
