import { assign, setup } from 'xstate';
import type { MenuItem, MenuTab } from '../server/contract/menu.ts';
import { providedLater } from './provided.ts';

export interface MenuQuery {
  category: MenuTab;
  limit: number;
}

/**
 * A menu list with category tabs. Selecting a tab re-enters `loading`, which cancels the previous
 * request, so a slow answer for an old tab can never replace the current tab's items.
 */
export const menuMachine = setup({
  types: {
    context: {} as MenuQuery & { items: MenuItem[] },
    input: {} as MenuQuery,
    events: {} as { type: 'menu.select'; category: MenuTab } | { type: 'menu.retry' },
  },
  actors: {
    fetchMenu: providedLater<MenuItem[], MenuQuery>('fetchMenu'),
  },
  guards: {
    isOtherTab: ({ context, event }) => event.type === 'menu.select' && event.category !== context.category,
  },
}).createMachine({
  id: 'menu',
  context: ({ input }) => ({ ...input, items: [] }),
  initial: 'loading',
  on: {
    'menu.select': {
      guard: 'isOtherTab',
      target: '.loading',
      reenter: true,
      actions: assign({ category: ({ event }) => event.category, items: [] }),
    },
  },
  states: {
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
