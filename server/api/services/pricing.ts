// The server's prices: the contract's one rule (contract/pricing.ts) over cart lines read with their
// menu items as they are now, so a price never comes from the client. What the cart answers, what
// checkout charges and the gateway is asked for, and so what the mail tells, are all priced here.
import { eq, type SQL } from 'drizzle-orm';
import { type OrderPrice, priceOrder } from '../../../contract/pricing.ts';
import { cartLines, menuItems } from '../../db/schema.ts';
import type { Executor } from './order-stock.ts';

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

/** A cart line with its menu item as it is now (name, price, image, category, stock). */
export type CartLineRow = { [K in keyof typeof lineColumns]: (typeof lineColumns)[K]['_']['data'] };

export type PricedCart = OrderPrice<CartLineRow>;

/** The cart lines `where` picks, in `order`, priced: each line, then the order they would make. */
export async function priceCart(db: Executor, where: SQL | undefined, ...order: SQL[]): Promise<PricedCart> {
  const rows = await db
    .select(lineColumns)
    .from(cartLines)
    .innerJoin(menuItems, eq(menuItems.id, cartLines.itemId))
    .where(where)
    .orderBy(...order);
  return priceOrder(rows);
}
