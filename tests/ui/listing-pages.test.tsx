// The site server keeps the pages marked `menuShown: 'listing'` through every sale (the listing version
// moves only with what they show besides a count of stock: server/site/page-cache.ts). Home and the Menu
// show no count: rendered with other stock, they must come out the same, except where an item sells
// out. The item page shows its count, which may then be a few sales old: it reads its item again once
// the browser has it (tests/ui/item-stock-read-again.test.tsx).
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../contract/menu.ts';
import { guestContext, testActors } from './support/actors.tsx';
import { menuItem } from './support/fixtures.ts';

const server = vi.hoisted(() => ({ menu: [] as MenuItem[] }));
vi.mock('../../src/api/menu.ts', () => ({
  fetchMenu: async () => server.menu,
  fetchFullMenu: async () => server.menu,
  fetchMenuItem: async (id: string) => server.menu.find((item) => item._id === id),
}));

const { App } = await import('../../src/app.tsx');
const { createAppRouter } = await import('../../src/router.tsx');

/** The page at `url` as the site server renders it, with each item's stock given. */
async function rendered(url: string, stock: number[]): Promise<string> {
  server.menu = stock.map((quantity, n) =>
    menuItem(n, quantity, `A pizza numbered ${n}, with a description long enough to be cut on its card.`),
  );
  const router = createAppRouter(guestContext, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  return renderToString(<App router={router} actors={testActors()} />);
}

const listingPages = () =>
  Object.values(createAppRouter(guestContext).routesById)
    .filter((route) => route.options.staticData?.menuShown === 'listing')
    .map((route) => route.fullPath as string);

/** The one kept page that shows a count of stock, read again in the browser. */
const ITEM_PAGE = '/item-detail/$id';

describe('pages kept through sales (menuShown: listing)', () => {
  it('are Home, the Menu and the item pages', () => {
    expect(listingPages().sort()).toEqual(['/', ITEM_PAGE, '/menu']);
  });

  it.each(
    listingPages().filter((url) => url !== ITEM_PAGE),
  )('%s shows no stock count: another stock renders the same HTML', async (url) => {
    const before = await rendered(url, [40, 3, 17]);
    expect(await rendered(url, [39, 1, 2])).toBe(before);
  });

  it('the Menu shows an item selling out (the listing version moves then)', async () => {
    const before = await rendered('/menu', [40, 3, 17]);
    expect(before).toContain('Pizza 1');
    expect(await rendered('/menu', [40, 0, 17])).not.toBe(before);
  });

  it('an item page shows its stock, so a kept one may be behind: the browser reads it again', async () => {
    expect(await rendered('/item-detail/item-1', [40, 3, 17])).not.toBe(
      await rendered('/item-detail/item-1', [40, 2, 17]),
    );
  });
});
