import { fromPromise } from 'xstate';
import { type MenuQuery, menuMachine } from '../../machines/menu.machine.ts';
import type { MenuItem } from '../../server/contract/menu.ts';
import { fetchMenu } from '../api/menu.ts';

export const liveMenuMachine = menuMachine.provide({
  actors: {
    fetchMenu: fromPromise<MenuItem[], MenuQuery>(({ input, signal }) =>
      fetchMenu(input.category, input.limit, signal),
    ),
  },
});
