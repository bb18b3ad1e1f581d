import type { MenuItem } from '../../../../contract/menu.ts';
import { type MenuQuery, menuMachine } from '../../../../machines/menu.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const pizza: MenuItem = {
  _id: 'p1',
  name: 'Pepperoni Classic',
  price: 12.5,
  quantity: 4,
  image: '/images/menu/pepperoni-classic.svg',
  category: 'pizza',
  description: 'x'.repeat(90),
};

const pending = menuMachine.provide({
  actors: { fetchMenu: neverAnswers<MenuItem[], MenuQuery>() },
});

// An invoked actor can only answer while its state is active.
const events = (snapshot: { matches: (state: 'loading') => boolean }) =>
  [
    { type: 'menu.select', category: 'pizza' },
    { type: 'menu.retry' },
    ...(snapshot.matches('loading')
      ? [
          { type: 'xstate.done.actor.fetchMenu', output: [pizza] },
          { type: 'xstate.error.actor.fetchMenu', error: 'offline' },
        ]
      : []),
  ] as never;

export const menuModel = defineModel(pending, [
  { input: { category: 'all', limit: 8 }, events },
  // The menu a server-rendered page was rendered with.
  { input: { category: 'all', limit: 0, items: [pizza] }, events },
]);
