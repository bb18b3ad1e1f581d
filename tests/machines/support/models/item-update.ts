import type { ItemUpdate } from '../../../../contract/admin.ts';
import type { MenuItem } from '../../../../contract/menu.ts';
import type { UpdateResult } from '../../../../contract/user.ts';
import { itemUpdateMachine } from '../../../../machines/item-update.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const item: MenuItem = {
  _id: 'i1',
  name: 'Margherita',
  price: 9.5,
  quantity: 12,
  image: '/images/menu/margherita.svg',
  category: 'pizza',
  description: 'Tomato, mozzarella and basil on a thin wood-fired crust.',
};
export const changes: ItemUpdate = { ...item, price: 10, quantity: 20 };
export const input = { id: 'i1' };

const pending = itemUpdateMachine.provide({
  actors: {
    fetchItem: neverAnswers<MenuItem, { id: string }>(),
    saveItem: neverAnswers<UpdateResult, { id: string; changes: ItemUpdate }>(),
  },
});

export const itemUpdateModel = defineModel(pending, [
  {
    input,
    events: (snapshot) =>
      [
        { type: 'item.save', changes },
        { type: 'item.retry' },
        ...(snapshot.matches('loading')
          ? [
              { type: 'xstate.done.actor.fetchItem', output: item },
              { type: 'xstate.error.actor.fetchItem', error: new Error('This menu item does not exist') },
            ]
          : []),
        ...(snapshot.matches('saving')
          ? [
              { type: 'xstate.done.actor.saveItem', output: { matchedCount: 1, modifiedCount: 1 } },
              { type: 'xstate.done.actor.saveItem', output: { matchedCount: 1, modifiedCount: 0 } },
              { type: 'xstate.error.actor.saveItem', error: new Error('Price must be more than 0') },
            ]
          : []),
      ] as never,
  },
]);
