import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Database, Transaction } from '../client.ts';
import { menuItems, optionChoices, optionGroups, seedRuns } from '../schema.ts';
import { SEED_MENU_ITEMS, SEED_OPTIONS_BY_CATEGORY, type SeedOptionGroup } from '../seed-data.ts';

/** The seed's name in seed_runs. */
export const ITEM_OPTIONS_SEED = 'item_options';

/** Gives an item these groups, in their order; the ids of their choices, by 'Group/Choice'. */
export async function insertOptionGroups(
  db: Database | Transaction,
  itemId: string,
  groups: readonly SeedOptionGroup[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [position, { choices, ...group }] of groups.entries()) {
    const [row] = await db
      .insert(optionGroups)
      .values({ itemId, ...group, position })
      .returning({ id: optionGroups.id });
    const made = await db
      .insert(optionChoices)
      .values(choices.map((choice, order) => ({ groupId: row!.id, ...choice, position: order })))
      .returning({ id: optionChoices.id, name: optionChoices.name });
    for (const choice of made) ids.set(`${group.name}/${choice.name}`, choice.id);
  }
  return ids;
}

/**
 * Gives the seeded items (found by name, in a menu seeded before options existed too) their category's
 * option groups, once in a database's life: the run is claimed in seed_runs, so of two API processes
 * starting together one seeds, and groups an owner has since removed stay removed. An item that has
 * groups already keeps them. The number of items given groups.
 */
export async function seedItemOptions(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(seedRuns)
      .values({ name: ITEM_OPTIONS_SEED })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (!claimed) return 0;
    const items = await tx
      .select({ id: menuItems.id, category: menuItems.category })
      .from(menuItems)
      .where(
        and(
          inArray(
            menuItems.name,
            SEED_MENU_ITEMS.map((item) => item.name),
          ),
          notExists(tx.select().from(optionGroups).where(eq(optionGroups.itemId, menuItems.id))),
        ),
      );
    for (const item of items) await insertOptionGroups(tx, item.id, SEED_OPTIONS_BY_CATEGORY[item.category]);
    return items.length;
  });
}
