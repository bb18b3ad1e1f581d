import { count } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { menuItems } from '../schema.ts';
import { SEED_MENU_ITEMS } from '../seed-data.ts';

/** Fills an empty menu; a menu the restaurant has edited is never touched. */
export async function seedMenu(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(menuItems);
  if (row && row.n > 0) return 0;
  // Stagger creation times so the menu keeps the seed's order.
  const start = Date.now() - SEED_MENU_ITEMS.length * 1000;
  await db
    .insert(menuItems)
    .values(SEED_MENU_ITEMS.map((item, i) => ({ ...item, createdAt: new Date(start + i * 1000) })));
  return SEED_MENU_ITEMS.length;
}
