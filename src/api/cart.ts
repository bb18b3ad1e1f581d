import type { Added, AddToCartBody, CartLine } from '../../contract/cart.ts';
import type { CartPromo } from '../../contract/promotions.ts';
import { ROUTES } from '../../contract/routes.ts';
import { cached, cacheName, invalidate } from './cache.ts';
import { call } from './call.ts';

/** The spec's cache name for the cart. */
const CART_CACHE = cacheName(ROUTES.cart);

export function fetchCart(uid: string): Promise<CartLine[]> {
  return cached(`${CART_CACHE}:${uid}`, () => call(ROUTES.cart, { query: { uid } }));
}

/**
 * Every answer to a change, a refusal too, says the cached cart may no longer be the server's: a line
 * refused for its stock or gone in another tab is read again afresh, not from the cache.
 */
async function changing<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    invalidate(CART_CACHE);
  }
}

/** Adds the item with its choices (none sent: its defaults); the same addKey again adds nothing. */
export function addToCart(uid: string, addition: AddToCartBody): Promise<Added> {
  return changing(() => call(ROUTES.addToCart, { body: { uid, ...addition } }));
}

/** The line as the server now holds it (its price and stock read afresh). */
export function setCartLineQuantity(id: string, quantity: number): Promise<CartLine> {
  return changing(() => call(ROUTES.setCartLine, { params: { id }, body: { quantity } }));
}

export function removeCartLine(id: string): Promise<{ deletedCount: number }> {
  return changing(() => call(ROUTES.removeCartLine, { params: { id } }));
}

/** The code on the caller's cart, as the server prices it on the cart now (read with every cart read). */
export function fetchCartPromo(uid: string): Promise<CartPromo> {
  return call(ROUTES.cartPromo, { query: { uid } });
}

/** Puts a code on the caller's cart: what it takes off, or why it takes nothing (400: no such code). */
export function applyCartPromo(uid: string, code: string): Promise<CartPromo> {
  return call(ROUTES.applyCartPromo, { query: { uid }, body: { code } });
}

export function removeCartPromo(uid: string): Promise<{ deletedCount: number }> {
  return call(ROUTES.removeCartPromo, { query: { uid } });
}

/** After an order is paid or refused for changed prices, the cached cart is stale. */
export const forgetCart = (): void => invalidate(CART_CACHE);
