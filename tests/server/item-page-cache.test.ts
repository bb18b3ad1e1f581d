// An item page kept by the site server through a rush: the page rendered by the storefront's own
// renderer (src/render-page.tsx) from this API, kept by the site's page cache (server/site/page-cache.ts)
// for the menu versions this database announces. A sale moves the whole menu's version but not the
// listing's, which covers item pages: the page stays kept, sent with `Server-Timing: menu;desc=behind`
// (the browser reads its stock again). An edit of its name or price moves the listing: rendered again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_BEHIND_HEADER } from '../../contract/menu.ts';
import { menuItems } from '../../server/db/schema.ts';
import { buildPage, createPageCache, type Rendering } from '../../server/site/page-cache.ts';
import { insertMenuItem, setStock } from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';
import { until } from './support/until.ts';

const ctx = sharedTestContext();
let api: Server;
const renders: string[] = [];
let pages: ReturnType<typeof createPageCache>;

beforeAll(async () => {
  api = createServer(getRequestListener(ctx.app.fetch));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  // The renderer calls the API where the site server reaches it, read when it is first imported.
  process.env.API_INTERNAL_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const { renderPage } = await import('../../src/render-page.tsx');
  // As server/site/index.ts renders, without the built index.html around the page.
  const render = async (url: string): Promise<Rendering> => {
    renders.push(url);
    const answer = await renderPage(url);
    if (answer?.kind !== 'rendered') throw new Error(`${url} was not rendered: ${answer?.kind}`);
    return { page: buildPage(answer.html, answer.status, {}), menuVersion: answer.menuVersion, keep: true };
  };
  pages = createPageCache({ render, version: () => ctx.menuVersion.current(), maxBytes: 1_000_000 });
});
afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
});

/** The page as the site sends it now: its HTML, the stock its HTML shows, and its headers. */
async function itemPage(id: string) {
  const page = await pages.get(`/item-detail/${id}`);
  const html = Buffer.from(page.body).toString();
  // React puts a comment between the count and its unit.
  const stock = /<dd>(\d+)(?:<!-- -->)? \(items\)<\/dd>/.exec(html)?.[1];
  return { html, stock: Number(stock), headers: page.headers };
}

/** Waits until this process has heard of the database's next menu version. */
async function afterChange(change: () => Promise<unknown>) {
  const before = ctx.menuVersion.current()!;
  await change();
  const after = await until(
    () => ctx.menuVersion.current(),
    (known) => known !== undefined && known.version > before.version,
  );
  expect(after!.version).toBeGreaterThan(before.version);
  return { before, after: after! };
}

describe('an item page in the site’s cache', () => {
  it('stays kept through sales, sent as behind on stock, and is rendered again when its name or price changes', async () => {
    let item!: Awaited<ReturnType<typeof insertMenuItem>>;
    await afterChange(async () => {
      item = await insertMenuItem(ctx, { name: 'Kept Calzone', priceCents: 1_250, quantity: 40 });
    });
    const url = `/item-detail/${item.id}`;
    const first = await itemPage(item.id);
    expect(first.html).toContain('Kept Calzone');
    expect(first.stock).toBe(40);
    expect(first.headers['Server-Timing']).toBeUndefined();

    // A sale: the stock moves, the listing does not.
    const sale = await afterChange(() => setStock(ctx, item.id, 39));
    expect(sale.after.listing).toBe(sale.before.listing);
    const kept = await itemPage(item.id);
    expect(renders.filter((rendered) => rendered === url)).toHaveLength(1);
    expect(kept.html).toBe(first.html);
    expect(kept.headers['Server-Timing']).toBe(MENU_BEHIND_HEADER);

    // A new price: rendered again, current.
    await afterChange(() =>
      ctx.db.update(menuItems).set({ priceCents: 1_400 }).where(eq(menuItems.id, item.id)),
    );
    const repriced = await itemPage(item.id);
    expect(renders.filter((rendered) => rendered === url)).toHaveLength(2);
    expect(repriced.html).toContain('$14.00');
    expect(repriced.stock).toBe(39);
    expect(repriced.headers['Server-Timing']).toBeUndefined();

    // A new name, the same.
    await afterChange(() =>
      ctx.db.update(menuItems).set({ name: 'Calzone Kept' }).where(eq(menuItems.id, item.id)),
    );
    expect((await itemPage(item.id)).html).toContain('Calzone Kept');
    expect(renders.filter((rendered) => rendered === url)).toHaveLength(3);
  });
});
