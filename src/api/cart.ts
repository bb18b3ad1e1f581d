import * as v from 'valibot';
import {
  type Added,
  AddedSchema,
  type CartLine,
  CartLineListSchema,
  CartLineSchema,
  DeletedSchema,
} from '../../contract/cart.ts';
import { cached, invalidate } from './cache.ts';
import { apiClient } from './http.ts';

/** The spec's cache name for the cart. */
const CART_CACHE = 'add-to-cart';

export function fetchCart(uid: string): Promise<CartLine[]> {
  return cached(`${CART_CACHE}:${uid}`, async () =>
    v.parse(CartLineListSchema, await apiClient.get('add-to-cart', { searchParams: { uid } }).json()),
  );
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

export function addToCart(uid: string, itemId: string, quantity: number): Promise<Added> {
  return changing(async () =>
    v.parse(AddedSchema, await apiClient.post('add-to-cart', { json: { uid, itemId, quantity } }).json()),
  );
}

/** The line as the server now holds it (its price and stock read afresh). */
export function setCartLineQuantity(id: string, quantity: number): Promise<CartLine> {
  return changing(async () =>
    v.parse(
      CartLineSchema,
      await apiClient.patch(`cart-line/${encodeURIComponent(id)}`, { json: { quantity } }).json(),
    ),
  );
}

export function removeCartLine(id: string): Promise<{ deletedCount: number }> {
  return changing(async () =>
    v.parse(DeletedSchema, await apiClient.delete(`remove-cart-item/${encodeURIComponent(id)}`).json()),
  );
}

/** After an order is paid or refused for changed prices, the cached cart is stale. */
export const forgetCart = (): void => invalidate(CART_CACHE);
