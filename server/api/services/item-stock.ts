// Manage items' Sold out / Back in stock toggle: one conditional UPDATE each way, so the count Sold out
// replaced is kept on the row (restock_quantity) and Back in stock puts it back, however many admins
// press at once. Stock held by unpaid orders was taken off the count at checkout, so it is not in what
// is kept; their release later adds to whatever the stock is then.
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { ItemStock } from '../../../contract/admin.ts';
import type { Database } from '../../db/client.ts';
import { menuItems } from '../../db/schema.ts';
import { Conflict, InvalidInput, NotFound } from '../domain-errors.ts';
import { isUuid } from './ids.ts';
import { NO_SUCH_ITEM } from './menu.ts';

export const ALREADY_SOLD_OUT = 'This item is already sold out';
export const ALREADY_IN_STOCK = 'This item is already in stock';
export const HOW_MANY_BACK = 'How many are back in stock? Enter the quantity.';

export interface ItemStockNow {
  quantity: number;
  restock_quantity: number | null;
}

const returned = { quantity: menuItems.quantity, restock_quantity: menuItems.restockQuantity };

/** Sold out (the stock kept to put back), or back in stock (the quantity sent, else the one kept). */
export async function setItemStock(db: Database, id: string, change: ItemStock): Promise<ItemStockNow> {
  if (!isUuid(id)) throw new NotFound(NO_SUCH_ITEM);
  const [moved] = change.soldOut
    ? await db
        .update(menuItems)
        .set({ restockQuantity: sql`${menuItems.quantity}`, quantity: 0 })
        .where(and(eq(menuItems.id, id), gt(menuItems.quantity, 0)))
        .returning(returned)
    : await db
        .update(menuItems)
        .set({
          quantity:
            change.quantity === undefined ? sql`${menuItems.restockQuantity}` : sql`${change.quantity}::int`,
          restockQuantity: null,
        })
        .where(
          and(
            eq(menuItems.id, id),
            eq(menuItems.quantity, 0),
            change.quantity === undefined ? isNotNull(menuItems.restockQuantity) : undefined,
          ),
        )
        .returning(returned);
  if (moved) return moved;
  const [item] = await db
    .select({ quantity: menuItems.quantity })
    .from(menuItems)
    .where(eq(menuItems.id, id));
  if (!item) throw new NotFound(NO_SUCH_ITEM);
  if (change.soldOut) throw new Conflict(ALREADY_SOLD_OUT);
  if (item.quantity > 0) throw new Conflict(ALREADY_IN_STOCK);
  throw new InvalidInput(HOW_MANY_BACK);
}
