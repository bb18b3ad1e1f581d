import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ItemFilters, ItemUpdate, NewItem } from '../../../contract/admin.ts';
import type { MenuItem } from '../../../contract/menu.ts';
import { toCents } from '../../../contract/money.ts';
import type { Page } from '../../../contract/paging.ts';
import type { Database } from '../../db/client.ts';
import { toMenuItem } from '../../db/rows.ts';
import { itemSearchText, lowStock, menuItems, soldOut } from '../../db/schema.ts';
import { NotFound } from '../domain-errors.ts';
import { isUuid } from './ids.ts';
import { assertPricedAboveZero, loadOptionGroups, replaceItemOptions } from './item-options.ts';
import type { Executor } from './order-stock.ts';
import { afterCursor, containing, cursorAt, newestFirst, type PageRequest, toPage } from './paging.ts';

export const NO_SUCH_ITEM = 'This menu item does not exist';

/** The item with its option groups; undefined when no item has that id (a malformed id included). */
export async function findMenuItem(db: Database, id: string): Promise<MenuItem | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(menuItems).where(eq(menuItems.id, id));
  if (!row) return undefined;
  return { ...toMenuItem(row), options: (await loadOptionGroups(db, [id])).get(id) ?? [] };
}

// The admin's menu: every item, stock 0 included.

/** Adds an item (the price stored in cents) with its option groups, in one transaction; its id. */
export async function createMenuItem(db: Database, item: NewItem): Promise<string> {
  const options = item.options ?? [];
  assertPricedAboveZero(toCents(item.price), options);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(menuItems)
      .values({
        name: item.name,
        priceCents: toCents(item.price),
        quantity: item.quantity,
        image: item.image,
        category: item.category,
        description: item.description,
      })
      .returning({ id: menuItems.id });
    await replaceItemOptions(tx, row!.id, options);
    return row!.id;
  });
}

/** A page of items, newest first, as Manage items filters them. */
export async function listAllMenuItems(
  db: Database,
  { stock, q, limit, cursor }: PageRequest & ItemFilters,
): Promise<Page<MenuItem>> {
  const rows = await db
    .select({ ...getTableColumns(menuItems), cursorAt: cursorAt(menuItems) })
    .from(menuItems)
    .where(
      and(
        stock === 'out' ? soldOut(menuItems) : stock === 'low' ? lowStock(menuItems) : undefined,
        q === undefined ? undefined : sql`${itemSearchText(menuItems)} like ${containing(q)}`,
        afterCursor(menuItems, cursor),
      ),
    )
    .orderBy(...newestFirst(menuItems))
    .limit(limit + 1);
  // The stock Sold out kept, for Back in stock (Manage items only: the public menu's answers never say).
  return toPage(rows, limit, (row) => ({
    ...toMenuItem(row),
    ...(row.restockQuantity !== null && { restock_quantity: row.restockQuantity }),
  }));
}

/**
 * Deletes an item; NotFound when no item has that id. Its cart lines go with it (foreign key cascade);
 * order lines keep their name, category and price, with item_id set to null (foreign key set null).
 */
export async function deleteMenuItem(db: Database, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFound(NO_SUCH_ITEM);
  const deleted = await db.delete(menuItems).where(eq(menuItems.id, id)).returning({ id: menuItems.id });
  if (deleted.length === 0) throw new NotFound(NO_SUCH_ITEM);
}

/**
 * Writes an item's editable fields, and its option groups when sent (replaced whole, in the same
 * transaction): whether anything differed (compared in SQL, so an identical save modifies nothing);
 * NotFound when no item has that id. The price and the groups together must keep every line above 0.
 */
export function updateMenuItem(db: Database, id: string, update: ItemUpdate): Promise<boolean> {
  if (!isUuid(id)) throw new NotFound(NO_SUCH_ITEM);
  return db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(eq(menuItems.id, id))
      .for('update');
    if (!exists) throw new NotFound(NO_SUCH_ITEM);
    const groups = update.options ?? (await loadOptionGroups(tx, [id])).get(id) ?? [];
    assertPricedAboveZero(toCents(update.price), groups);
    const optionsChanged = update.options !== undefined && (await replaceItemOptions(tx, id, update.options));
    return (await updateItemFields(tx, id, update)) || optionsChanged;
  });
}

/** Writes the item's own fields; whether any differed. */
async function updateItemFields(tx: Executor, id: string, update: ItemUpdate): Promise<boolean> {
  const values = {
    name: update.name,
    priceCents: toCents(update.price),
    quantity: update.quantity,
    image: update.image,
    description: update.description,
  };
  const changed = await tx
    .update(menuItems)
    .set(values)
    .where(
      and(
        eq(menuItems.id, id),
        sql`(${menuItems.name}, ${menuItems.priceCents}, ${menuItems.quantity}, ${menuItems.image}, ${menuItems.description})
          is distinct from (${values.name}::text, ${values.priceCents}::integer, ${values.quantity}::integer,
            ${values.image}::text, ${values.description}::text)`,
      ),
    )
    .returning({ id: menuItems.id });
  return changed.length > 0;
}
