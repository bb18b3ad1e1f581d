import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { menuItems, optionChoices, optionGroups, seedRuns } from '../schema.ts';
import { SEED_MENU_ITEMS, SEED_OPTIONS_BY_CATEGORY } from '../seed-data.ts';

/** The seed's name in seed_runs. */
export const ITEM_OPTIONS_SEED = 'item_options';

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
    for (const item of items) {
      for (const [position, { choices, ...group }] of SEED_OPTIONS_BY_CATEGORY[item.category].entries()) {
        const [row] = await tx
          .insert(optionGroups)
          .values({ itemId: item.id, ...group, position })
          .returning({ id: optionGroups.id });
        await tx
          .insert(optionChoices)
          .values(choices.map((choice, order) => ({ groupId: row!.id, ...choice, position: order })));
      }
    }
    return items.length;
  });
}
