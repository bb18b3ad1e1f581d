import { fromPromise } from 'xstate';
import type { MenuItem } from '../../contract/menu.ts';
import { type MenuQuery, menuMachine } from '../../machines/menu.machine.ts';
import { fetchMenu } from '../api/menu.ts';
import { standalone, useLogic } from './context.tsx';

export const menuLogic = standalone(() => ({
  menu: menuMachine.provide({
    actors: {
      fetchMenu: fromPromise<MenuItem[], MenuQuery>(({ input, signal }) =>
        fetchMenu(input.category, input.limit, signal),
      ),
    },
  }),
}));

/** The menu's tabs and lists: nobody's in particular, so a page renders them before the registry is there. */
export const useMenuLogic = () => useLogic(menuLogic);
