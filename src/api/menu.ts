import * as v from 'valibot';
import {
  FULL_VIEW,
  type MenuItem,
  MenuItemListSchema,
  MenuItemSchema,
  type MenuTab,
} from '../../contract/menu.ts';
import { cached } from './cache.ts';
import { directClient } from './http.ts';

export function fetchMenu(category: MenuTab, limit: number, signal?: AbortSignal): Promise<MenuItem[]> {
  return cached(`all-items:${category}:${limit}`, async () =>
    v.parse(
      MenuItemListSchema,
      await directClient.get('all-items', { searchParams: { category, limit }, signal }).json(),
    ),
  );
}

/** What the Menu page opens with: every category, in full. */
export const fetchFullMenu = (): Promise<MenuItem[]> => fetchMenu('all', FULL_VIEW);

export async function fetchMenuItem(id: string): Promise<MenuItem> {
  return v.parse(MenuItemSchema, await directClient.get(`item-detail/${encodeURIComponent(id)}`).json());
}
