// The code on a customer's cart, priced as the cart stands now: what My cart and checkout show beside
// it (the discount, or why it takes nothing off). The lines priced are those the stock can fill, as the
// browser's totals take them (contract/cart.ts, splitSellable), so the two agree to the cent.
import { asc, eq } from 'drizzle-orm';
import { splitSellable } from '../../../contract/cart.ts';
import { type CartPromo, NO_CART_PROMO, toCartPromo } from '../../../contract/promotions.ts';
import type { Database } from '../../db/client.ts';
import { cartLines } from '../../db/schema.ts';
import { withOwnHolds } from './cart.ts';
import { priceCart, withCartPromo } from './pricing.ts';
import { removeCartPromotion, setCartPromotion } from './promotions.ts';

/** The caller's code and what it does to their cart now (none on it: the empty answer). */
export async function cartPromoOf(db: Database, uid: string): Promise<CartPromo> {
  const cart = await priceCart(db, eq(cartLines.userUid, uid), asc(cartLines.createdAt), asc(cartLines.id));
  const { sellable } = splitSellable(await withOwnHolds(db, uid, cart.lines));
  const { promo } = await withCartPromo(db, uid, sellable);
  return promo ? toCartPromo(promo) : NO_CART_PROMO;
}

/** Puts a code on the caller's cart (one that does not exist: 400) and prices it there. */
export async function applyCartPromo(db: Database, uid: string, code: string): Promise<CartPromo> {
  await setCartPromotion(db, uid, code);
  return cartPromoOf(db, uid);
}

/** Takes the code off the caller's cart. */
export async function clearCartPromo(db: Database, uid: string): Promise<{ deletedCount: number }> {
  return { deletedCount: await removeCartPromotion(db, uid) };
}
