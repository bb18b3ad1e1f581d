import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { AddToCart, CartLine } from '../../../contract/cart.ts';
import { toTaka } from '../../../contract/money.ts';
import { defaultChoices, selectionProblem } from '../../../contract/options.ts';
import type { PricedLine } from '../../../contract/pricing.ts';
import type { Database } from '../../db/client.ts';
import { cartAdds, cartLines, menuItems, orderLines, orders, users } from '../../db/schema.ts';
import { Conflict, InvalidInput, NotFound } from '../domain-errors.ts';
import { assertLineWithinCap, assertOrderWithinCap, DEFAULT_HOLDS, type Holds } from './holds.ts';
import { isUuid } from './ids.ts';
import { loadOptionGroups } from './item-options.ts';
import { NO_SUCH_ITEM } from './menu.ts';
import type { Executor } from './order-stock.ts';
import { type CartLineRow, priceCart } from './pricing.ts';

const NOT_IN_CART = 'This item is not in your cart';

/** A line asks for more than the stock left: the one refusal that lapsed holds may lift. */
export class OutOfStock extends Conflict {}

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
  options: row.choices.map(({ priceDeltaCents, ...choice }) => ({
    ...choice,
    priceDelta: toTaka(priceDeltaCents),
  })),
  instructions: row.instructions,
});

/** How long a keyed addition is remembered: longer than any page stays on its way to being reloaded. */
const ADD_KEY_DAYS = 1;

/**
 * Takes the customer's row lock (NO KEY UPDATE, as checkout does), so that one customer's changes to
 * their cart, and their checkout, run one at a time: the caps counted over the cart hold however many
 * tabs and API processes add at once.
 */
async function lockCustomer(tx: Executor, uid: string): Promise<void> {
  await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('no key update');
}

/** The units of `itemId` in these lines, but for the line `except`. */
const unitsOf = (
  lines: ReadonlyArray<{ id: string; itemId: string; quantity: number }>,
  itemId: string,
  except?: string,
) =>
  lines.reduce((sum, line) => (line.itemId === itemId && line.id !== except ? sum + line.quantity : sum), 0);

/**
 * These lines with the stock the customer may count on: the menu's, and what their own unpaid order
 * holds of the item, which their next checkout gives back before it takes its own (services/checkout.ts).
 * So a cart whose unpaid order took the last units is not shown sold out to its own customer.
 */
export async function withOwnHolds<L extends { itemId: string; stock: number }>(
  db: Executor,
  uid: string,
  lines: readonly L[],
): Promise<L[]> {
  const held = await db
    .select({ itemId: orderLines.itemId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userUid, uid), eq(orders.state, 'awaiting_payment')))
    .groupBy(orderLines.itemId);
  return withHolds(lines, new Map(held.map((row) => [row.itemId, row.units])));
}

/** The lines with the units `held` of each item (by the customer's own unpaid orders) counted as stock. */
export const withHolds = <L extends { itemId: string; stock: number }>(
  lines: readonly L[],
  held: ReadonlyMap<string | null, number>,
): L[] => lines.map((line) => ({ ...line, stock: line.stock + (held.get(line.itemId) ?? 0) }));

/**
 * The caller's lines, oldest first; name, price, image and category are the menu's current ones, the
 * stock what the customer may count on (withOwnHolds).
 */
export async function listCart(db: Database, uid: string): Promise<CartLine[]> {
  const { lines } = await priceCart(
    db,
    eq(cartLines.userUid, uid),
    asc(cartLines.createdAt),
    asc(cartLines.id),
  );
  return (await withOwnHolds(db, uid, lines)).map((line) => toCartLine(uid, line));
}

export type AddResult =
  | { name: string; line: { id: string; quantity: number; inserted: boolean } }
  /** The addition's key was used before: nothing was added again. */
  | { name: string; line: null };

/**
 * Puts an item with its chosen options (the item's defaults when none are sent) into the caller's cart:
 * a line of its own, or the same choices' line raised. The choices are checked against the item's
 * groups (InvalidInput, naming the group); the caps on what one customer may hold (services/holds.ts),
 * counted over all of the item's lines, and the stock are checked under the customer's lock, so
 * concurrent additions can not pass them together. Checkout checks again and only then reserves stock.
 */
export function addToCart(
  db: Database,
  uid: string,
  input: AddToCart,
  holds: Holds = DEFAULT_HOLDS,
): Promise<AddResult> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, uid);
    const [item] = await tx
      .select({ id: menuItems.id, name: menuItems.name, stock: menuItems.quantity })
      .from(menuItems)
      .where(eq(menuItems.id, input.itemId));
    if (!item) throw new NotFound(NO_SUCH_ITEM);
    const groups = (await loadOptionGroups(tx, [item.id])).get(item.id) ?? [];
    const chosen = input.choices ?? defaultChoices(groups);
    const problem = selectionProblem(groups, chosen);
    if (problem) throw new InvalidInput(problem);

    if (input.addKey) {
      await tx
        .delete(cartAdds)
        .where(
          and(
            eq(cartAdds.userUid, uid),
            lt(cartAdds.createdAt, sql`now() - make_interval(days => ${ADD_KEY_DAYS})`),
          ),
        );
      const [fresh] = await tx
        .insert(cartAdds)
        .values({ userUid: uid, key: input.addKey })
        .onConflictDoNothing()
        .returning({ key: cartAdds.key });
      if (!fresh) return { name: item.name, line: null };
    }

    const cart = await tx
      .select({ id: cartLines.id, itemId: cartLines.itemId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.userUid, uid));
    const units = unitsOf(cart, item.id) + input.quantity;
    assertLineWithinCap(holds, { name: item.name, quantity: units });
    if (units > item.stock) throw new OutOfStock(stockMessage(item.name, item.stock));
    assertOrderWithinCap(holds, [...cart, input]);
    const [line] = await tx
      .insert(cartLines)
      .values({
        userUid: uid,
        itemId: item.id,
        quantity: input.quantity,
        choiceIds: [...chosen].sort(),
        instructions: input.instructions,
      })
      .onConflictDoUpdate({
        target: [cartLines.userUid, cartLines.itemId, cartLines.choiceIds, cartLines.instructions],
        set: { quantity: sql`${cartLines.quantity} + excluded.quantity` },
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated (PostgreSQL's own tell).
      .returning({ id: cartLines.id, quantity: cartLines.quantity, inserted: sql<boolean>`xmax = 0` });
    return { name: item.name, line: line! };
  });
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
 * Sets the quantity of one of the caller's own lines, under the same rules as adding it, under the same
 * lock: the item cap over all its lines and the order cap (InvalidInput), and the item's stock now
 * (Conflict). Nothing is reserved, so no stock moves and the menu's version stays: checkout checks all
 * of it again when it reserves. NotFound when no line of the caller's has that id (or it went meanwhile).
 */
export async function setLineQuantity(
  db: Database,
  uid: string,
  id: string,
  quantity: number,
  holds: Holds = DEFAULT_HOLDS,
): Promise<CartLine> {
  if (!isUuid(id)) throw new NotFound(NOT_IN_CART);
  return db.transaction(async (tx) => {
    await lockCustomer(tx, uid);
    const {
      lines: [line],
    } = await priceCart(tx, and(eq(cartLines.id, id), eq(cartLines.userUid, uid)));
    // Removed meanwhile (another tab, or a payment that emptied the cart).
    if (!line) throw new NotFound(NOT_IN_CART);
    const cart = await tx
      .select({ id: cartLines.id, itemId: cartLines.itemId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.userUid, uid));
    const units = unitsOf(cart, line.itemId, id) + quantity;
    assertLineWithinCap(holds, { name: line.name, quantity: units });
    if (units > line.stock) throw new OutOfStock(stockMessage(line.name, line.stock));
    assertOrderWithinCap(holds, [...cart.filter((other) => other.id !== id), { quantity }]);
    await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, id));
    return toCartLine(uid, { ...line, quantity });
  });
}
