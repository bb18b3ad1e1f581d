import * as v from 'valibot';
import {
  type Added,
  AddedSchema,
  type CartLine,
  CartLineListSchema,
  CartLineSchema,
  DeletedSchema,
} from '../../server/contract/cart.ts';
import { cached, invalidate } from './cache.ts';
import { apiClient } from './http.ts';

/** The spec's cache name for the cart. */
const CART_CACHE = 'add-to-cart';

export function fetchCart(uid: string): Promise<CartLine[]> {
  return cached(`${CART_CACHE}:${uid}`, async () =>
    v.parse(CartLineListSchema, await apiClient.get('add-to-cart', { searchParams: { uid } }).json()),
  );
}

export async function addToCart(uid: string, itemId: string, quantity: number): Promise<Added> {
  const added = v.parse(
    AddedSchema,
    await apiClient.post('add-to-cart', { json: { uid, itemId, quantity } }).json(),
  );
  invalidate(CART_CACHE);
  return added;
}

/** The line as the server now holds it (its price and stock read afresh). */
export async function setCartLineQuantity(id: string, quantity: number): Promise<CartLine> {
  const line = v.parse(
    CartLineSchema,
    await apiClient.patch(`cart-line/${encodeURIComponent(id)}`, { json: { quantity } }).json(),
  );
  invalidate(CART_CACHE);
  return line;
}

export async function removeCartLine(id: string): Promise<{ deletedCount: number }> {
  const removed = v.parse(
    DeletedSchema,
    await apiClient.delete(`remove-cart-item/${encodeURIComponent(id)}`).json(),
  );
  invalidate(CART_CACHE);
  return removed;
}

/** After an order is paid or refused for changed prices, the cached cart is stale. */
export const forgetCart = (): void => invalidate(CART_CACHE);
