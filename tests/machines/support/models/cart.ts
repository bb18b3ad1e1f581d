import type { Added, CartLine } from '../../../../contract/cart.ts';
import { type CartPromo, NO_CART_PROMO } from '../../../../contract/promotions.ts';
import {
  type CartAddition,
  type CartRead,
  cartMachine,
  type QuantityChange,
} from '../../../../machines/cart.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const line = (id: string, price: number, quantity: number, stock = 10): CartLine => ({
  _id: id,
  uid: 'u1',
  itemId: `item-${id}`,
  name: `Dish ${id}`,
  price,
  image: '/images/menu/x.svg',
  category: 'pizza',
  quantity,
  stock,
});
/** A read of the cart as the server answers it: its lines, and the code on it (none unless given). */
export const readOf = (lines: CartLine[], promo: CartPromo = NO_CART_PROMO): CartRead => ({ lines, promo });
export const tenOff: CartPromo = { code: 'TENOFF', discount: 1, refusal: null };

export const margherita: CartAddition = { itemId: 'item-m', quantity: 2, name: 'Margherita' };

const pending = cartMachine.provide({
  actors: {
    fetchCart: neverAnswers<CartRead>(),
    applyPromo: neverAnswers<CartPromo, { code: string }>(),
    removePromo: neverAnswers<{ deletedCount: number }>(),
    addLine: neverAnswers<Added, CartAddition>(),
    removeLine: neverAnswers<{ deletedCount: number }, { id: string }>(),
    saveQuantity: neverAnswers<CartLine, QuantityChange>(),
  },
});

export const cartModel = defineModel(pending, [
  {
    events: (snapshot) =>
      [
        { type: 'cart.load' },
        { type: 'cart.clear' },
        { type: 'cart.refresh' },
        { type: 'cart.add', ...margherita },
        { type: 'cart.remove', id: 'a' },
        // Two quantities of the one line: a second click while the first is saved, and a click back.
        { type: 'cart.setQuantity', id: 'a', quantity: 2 },
        { type: 'cart.setQuantity', id: 'a', quantity: 3 },
        // A code typed (and a blank field, which sends nothing), and the code taken off.
        { type: 'cart.applyPromo', code: 'tenoff' },
        { type: 'cart.applyPromo', code: '  ' },
        { type: 'cart.removePromo' },
        ...(snapshot.matches('loading')
          ? [
              { type: 'xstate.done.actor.fetchCart', output: readOf([line('a', 10, 1)]) },
              { type: 'xstate.done.actor.fetchCart', output: readOf([line('a', 10, 1)], tenOff) },
              { type: 'xstate.error.actor.fetchCart', error: new Error('offline') },
            ]
          : []),
        ...(snapshot.matches('adding')
          ? [
              { type: 'xstate.done.actor.addLine', output: { insertedId: 'a', message: '' } },
              { type: 'xstate.done.actor.addLine', output: { insertedId: null, message: '' } },
              { type: 'xstate.error.actor.addLine', error: new Error('Only 1 Margherita left in stock') },
            ]
          : []),
        ...(snapshot.matches('saving')
          ? [
              {
                type: 'xstate.done.actor.saveQuantity',
                output: line('a', 10, snapshot.context.saving!.quantity),
              },
              { type: 'xstate.error.actor.saveQuantity', error: new Error('Only 2 Dish a left in stock') },
            ]
          : []),
        ...(snapshot.matches('applyingPromo')
          ? [
              { type: 'xstate.done.actor.applyPromo', output: tenOff },
              { type: 'xstate.error.actor.applyPromo', error: new Error('There is no promo code TENOFF') },
            ]
          : []),
        ...(snapshot.matches('removingPromo')
          ? [
              { type: 'xstate.done.actor.removePromo', output: { deletedCount: 1 } },
              { type: 'xstate.error.actor.removePromo', error: new Error('offline') },
            ]
          : []),
        ...(snapshot.matches('removing')
          ? [
              { type: 'xstate.done.actor.removeLine', output: { deletedCount: 1 } },
              { type: 'xstate.error.actor.removeLine', error: new Error('offline') },
            ]
          : []),
      ] as never,
  },
]);
