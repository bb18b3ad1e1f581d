import type { CartLine } from '../../../contract/cart.ts';
import type { MenuItem } from '../../../contract/menu.ts';

/** Cart line `n` of customer u1: Pizza n at 10 + n. */
export const cartLine = (n: number, quantity: number, stock = 20): CartLine => ({
  _id: `line-${n}`,
  uid: 'u1',
  itemId: `item-${n}`,
  name: `Pizza ${n}`,
  price: 10 + n,
  image: `/images/menu/${n}.webp`,
  category: 'pizza',
  quantity,
  stock,
});

/** Menu item `n`, the one cart line `n` holds. */
export const menuItem = (n: number, quantity: number, description = `A pizza numbered ${n}.`): MenuItem => ({
  _id: `item-${n}`,
  name: `Pizza ${n}`,
  price: 10 + n,
  quantity,
  image: `/images/menu/${n}.webp`,
  category: 'pizza',
  description,
});

/** A session store as the selectors read it: signed in with a role, or signed out. */
export function sessionOf(role: 'user' | 'admin' | null) {
  const snapshot = {
    matches: (state: string) => state === (role ? 'signedIn' : 'signedOut'),
    context: { role, user: role ? { uid: 'u1', displayName: 'Ayesha' } : null },
  };
  return { getSnapshot: () => snapshot, subscribe: () => ({ unsubscribe() {} }) };
}
