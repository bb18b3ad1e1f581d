import { and, asc, eq, ne } from 'drizzle-orm';
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

const lineColumns = {
  id: cartLines.id,
  itemId: cartLines.itemId,
  quantity: cartLines.quantity,
  name: menuItems.name,
  priceCents: menuItems.priceCents,
  image: menuItems.image,
  category: menuItems.category,
  stock: menuItems.quantity,
};

type LineRow = { [K in keyof typeof lineColumns]: (typeof lineColumns)[K]['_']['data'] };

const toCartLine = (uid: string, row: LineRow): CartLine => ({
  _id: row.id,
  uid,
  itemId: row.itemId,
  name: row.name,
  price: toMoney(row.priceCents),
  image: row.image,
  category: row.category,
  quantity: row.quantity,
  stock: row.stock,
});

/** The caller's lines, oldest first; name, price, image, category and stock are the menu's current ones. */
export async function listCart(db: Database, uid: string): Promise<CartLine[]> {
  const rows = await db
    .select(lineColumns)
    .from(cartLines)
    .innerJoin(menuItems, eq(menuItems.id, cartLines.itemId))
    .where(eq(cartLines.userUid, uid))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
  return rows.map((row) => toCartLine(uid, row));
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

/**
 * Sets the quantity of one of the caller's own lines, under the same rules as adding it: the line cap
 * and the order cap (400), and the item's stock now (409). Nothing is reserved, so no stock moves and
 * the menu's version stays: checkout checks all of it again when it reserves. Null when no line of the
 * caller's has that id.
 */
export async function setLineQuantity(
  db: Database,
  uid: string,
  id: string,
  quantity: number,
  holds: Holds = DEFAULT_HOLDS,
): Promise<CartLine | null> {
  if (!isUuid(id)) return null;
  const [line] = await db
    .select(lineColumns)
    .from(cartLines)
    .innerJoin(menuItems, eq(menuItems.id, cartLines.itemId))
    .where(and(eq(cartLines.id, id), eq(cartLines.userUid, uid)));
  if (!line) return null;
  assertLineWithinCap(holds, { name: line.name, quantity });
  if (quantity > line.stock) throw new HTTPException(409, { message: stockMessage(line.name, line.stock) });
  const others = await db
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(and(eq(cartLines.userUid, uid), ne(cartLines.id, id)));
  assertOrderWithinCap(holds, [...others, { quantity }]);
  const [updated] = await db
    .update(cartLines)
    .set({ quantity })
    .where(and(eq(cartLines.id, id), eq(cartLines.userUid, uid)))
    .returning({ id: cartLines.id });
  // Removed meanwhile (another tab, or a payment that emptied the cart).
  return updated ? toCartLine(uid, { ...line, quantity }) : null;
}
