import type { APIRequestContext } from '@playwright/test';
import type { MenuItem } from '../../contract/menu.ts';
import { E2E } from '../../playwright.config.ts';

export async function menu(request: APIRequestContext): Promise<MenuItem[]> {
  const response = await request.get(`${E2E.apiURL}/all-items?category=all&limit=0`);
  return (await response.json()) as MenuItem[];
}

export async function findItem(
  request: APIRequestContext,
  match: (item: MenuItem) => boolean,
): Promise<MenuItem> {
  const item = (await menu(request)).find(match);
  if (!item) throw new Error('The seeded menu has no such item');
  return item;
}
