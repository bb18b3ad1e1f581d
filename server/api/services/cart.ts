import { and, asc, eq, ne } from 'drizzle-orm';
import type { AddToCart, CartLine } from '../../../contract/cart.ts';
import { toTaka } from '../../../contract/money.ts';
import type { PricedLine } from '../../../contract/pricing.ts';
import type { Database } from '../../db/client.ts';
import { cartLines, menuItems } from '../../db/schema.ts';
import { Conflict, NotFound } from '../domain-errors.ts';
import { assertLineWithinCap, assertOrderWithinCap, DEFAULT_HOLDS, type Holds } from './holds.ts';
import { isUuid } from './ids.ts';
import { NO_SUCH_ITEM } from './menu.ts';
import { type CartLineRow, priceCart } from './pricing.ts';

const NOT_IN_CART = 'This item is not in your cart';

/** 'Only 2 Margherita left in stock', or 'Margherita is no longer in stock'. */
export function stockMessage(name: string, stock: number): string {
  return stock > 0 ? `Only ${stock} ${name} left in stock` : `${name} is no longer in stock`;
}

const toCartLine = (uid: string, row: CartLineRow & PricedLine): CartLine => ({
  _id: row.id,
  uid,
  itemId: row.itemId,
  name: row.name,
  price: toTaka(row.unitCents),
  image: row.image,
  category: row.category,
  quantity: row.quantity,
  stock: row.stock,
});

/** The caller's lines, oldest first; name, price, image, category and stock are the menu's current ones. */
export async function listCart(db: Database, uid: string): Promise<CartLine[]> {
  const { lines } = await priceCart(
    db,
    eq(cartLines.userUid, uid),
    asc(cartLines.createdAt),
    asc(cartLines.id),
  );
  return lines.map((line) => toCartLine(uid, line));
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
  if (!item) throw new NotFound(NO_SUCH_ITEM);
  assertLineWithinCap(holds, { name: item.name, quantity: input.quantity });
  if (input.quantity > item.stock) throw new Conflict(stockMessage(item.name, item.stock));
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

/** Removes one of the caller's own lines; NotFound when no line of theirs has that id. */
export async function removeCartLine(db: Database, uid: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFound(NOT_IN_CART);
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, id), eq(cartLines.userUid, uid)))
    .returning({ id: cartLines.id });
  if (deleted.length === 0) throw new NotFound(NOT_IN_CART);
}

/**
 * Sets the quantity of one of the caller's own lines, under the same rules as adding it: the line cap
 * and the order cap (InvalidInput), and the item's stock now (Conflict). Nothing is reserved, so no
 * stock moves and the menu's version stays: checkout checks all of it again when it reserves. NotFound
 * when no line of the caller's has that id (or it went meanwhile).
 */
export async function setLineQuantity(
  db: Database,
  uid: string,
  id: string,
  quantity: number,
  holds: Holds = DEFAULT_HOLDS,
): Promise<CartLine> {
  if (!isUuid(id)) throw new NotFound(NOT_IN_CART);
  const {
    lines: [line],
  } = await priceCart(db, and(eq(cartLines.id, id), eq(cartLines.userUid, uid)));
  if (!line) throw new NotFound(NOT_IN_CART);
  assertLineWithinCap(holds, { name: line.name, quantity });
  if (quantity > line.stock) throw new Conflict(stockMessage(line.name, line.stock));
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
  if (!updated) throw new NotFound(NOT_IN_CART);
  return toCartLine(uid, { ...line, quantity });
}
