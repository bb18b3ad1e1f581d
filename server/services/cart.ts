import { and, asc, eq } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import type { AddToCart, CartLine } from '../contract/cart.ts';
import type { Database } from '../db/client.ts';
import { toMoney } from '../db/rows.ts';
import { cartLines, menuItems } from '../db/schema.ts';
import { assertLineWithinCap, assertOrderWithinCap, DEFAULT_HOLDS, type Holds } from './holds.ts';
import { isUuid } from './ids.ts';

/** 'Only 2 Margherita left in stock', or 'Margherita is no longer in stock'. */
export function stockMessage(name: string, stock: number): string {
  return stock > 0 ? `Only ${stock} ${name} left in stock` : `${name} is no longer in stock`;
}

/** The caller's lines, oldest first; name, price, image and category are the menu's current ones. */
export async function listCart(db: Database, uid: string): Promise<CartLine[]> {
  const rows = await db
    .select({
      id: cartLines.id,
      itemId: cartLines.itemId,
      quantity: cartLines.quantity,
      name: menuItems.name,
      priceCents: menuItems.priceCents,
      image: menuItems.image,
      category: menuItems.category,
    })
    .from(cartLines)
    .innerJoin(menuItems, eq(menuItems.id, cartLines.itemId))
    .where(eq(cartLines.userUid, uid))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
  return rows.map((row) => ({
    _id: row.id,
    uid,
    itemId: row.itemId,
    name: row.name,
    price: toMoney(row.priceCents),
    image: row.image,
    category: row.category,
    quantity: row.quantity,
  }));
}

export interface AddResult {
  /** null when the item was already in this customer's cart (the line is left as it was). */
  insertedId: string | null;
  name: string;
}

/**
 * Puts an item in the caller's cart, once per item. The stock and the caps on what one customer may hold
 * (services/holds.ts) are checked now for the customer's sake; checkout checks the caps again (two adds
 * at once could pass this check together) and only then reserves the stock.
 */
export async function addToCart(
  db: Database,
  uid: string,
  input: AddToCart,
  holds: Holds = DEFAULT_HOLDS,
): Promise<AddResult> {
  const [item] = await db
    .select({ id: menuItems.id, name: menuItems.name, stock: menuItems.quantity })
    .from(menuItems)
    .where(eq(menuItems.id, input.itemId));
  if (!item) throw new HTTPException(404, { message: 'This menu item does not exist' });
  assertLineWithinCap(holds, { name: item.name, quantity: input.quantity });
  if (input.quantity > item.stock) {
    throw new HTTPException(409, { message: stockMessage(item.name, item.stock) });
  }
  const cart = await db
    .select({ itemId: cartLines.itemId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userUid, uid));
  // An item already in the cart leaves the cart as it is ('already added' below): nothing to cap.
  if (!cart.some((line) => line.itemId === item.id)) assertOrderWithinCap(holds, [...cart, input]);
  const [row] = await db
    .insert(cartLines)
    .values({ userUid: uid, itemId: item.id, quantity: input.quantity })
    .onConflictDoNothing({ target: [cartLines.userUid, cartLines.itemId] })
    .returning({ id: cartLines.id });
  return { insertedId: row?.id ?? null, name: item.name };
}

/** Removes one of the caller's own lines; false when no line of theirs has that id. */
export async function removeCartLine(db: Database, uid: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, id), eq(cartLines.userUid, uid)))
    .returning({ id: cartLines.id });
  return deleted.length > 0;
}
