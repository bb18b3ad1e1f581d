import { assign, setup } from 'xstate';
import type { MenuItem, MenuTab } from '../contract/menu.ts';
import { providedLater } from './provided.ts';

export interface MenuQuery {
  category: MenuTab;
  limit: number;
}

/**
 * A menu list with category tabs. Selecting a tab re-enters `loading`, which cancels the previous
 * request, so a slow answer for an old tab can never replace the current tab's items. A list given
 * with the input (the menu a server-rendered page was rendered with) opens `loaded` without asking.
 */
export const menuMachine = setup({
  types: {
    context: {} as MenuQuery & { items: MenuItem[] },
    input: {} as MenuQuery & { items?: MenuItem[] },
    events: {} as { type: 'menu.select'; category: MenuTab } | { type: 'menu.retry' },
  },
  actors: {
    fetchMenu: providedLater<MenuItem[], MenuQuery>('fetchMenu'),
  },
  guards: {
    isOtherTab: ({ context, event }) => event.type === 'menu.select' && event.category !== context.category,
    hasItems: ({ context }) => context.items.length > 0,
  },
}).createMachine({
  id: 'menu',
  context: ({ input }) => ({ category: input.category, limit: input.limit, items: input.items ?? [] }),
  initial: 'opening',
  on: {
    'menu.select': {
      guard: 'isOtherTab',
      target: '.loading',
      reenter: true,
      actions: assign({ category: ({ event }) => event.category, items: [] }),
    },
  },
  states: {
    opening: {
      always: [{ guard: 'hasItems', target: 'loaded' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'fetchMenu',
        src: 'fetchMenu',
        input: ({ context }) => ({ category: context.category, limit: context.limit }),
        onDone: { target: 'loaded', actions: assign({ items: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    loaded: {},
    failed: { on: { 'menu.retry': 'loading' } },
  },
});
