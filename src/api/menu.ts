import { FULL_VIEW, type MenuItem, type MenuTab } from '../../contract/menu.ts';
import { ROUTES } from '../../contract/routes.ts';
import { cached, cacheName } from './cache.ts';
import { call } from './call.ts';

export function fetchMenu(category: MenuTab, limit: number, signal?: AbortSignal): Promise<MenuItem[]> {
  return cached(`${cacheName(ROUTES.allItems)}:${category}:${limit}`, () =>
    call(ROUTES.allItems, { query: { category, limit } }, { signal }),
  );
}

/** What the Menu page opens with: every category, in full. */
export const fetchFullMenu = (): Promise<MenuItem[]> => fetchMenu('all', FULL_VIEW);

export const fetchMenuItem = (id: string): Promise<MenuItem> => call(ROUTES.itemDetail, { params: { id } });
