// The site server's rendered pages, kept by URL for the menu version they show (server/site/index.ts).
import { LRUCache } from 'lru-cache';
import { MENU_BEHIND_HEADER, type MenuVersions } from '../../contract/menu.ts';
import type { ShownVersion } from '../../src/render-page.tsx';
import { type Bytes, bytes, gzip } from '../http/gzip.ts';

/** A page as the site sends it: its HTML, gzipped once, with the headers of both answers. */
export interface BuiltPage {
  status: number;
  body: Bytes;
  gzip: Bytes;
  headers: Record<string, string>;
  gzipHeaders: Record<string, string>;
}

export function buildPage(html: string, status: number, siteHeaders: Record<string, string>): BuiltPage {
  const headers = {
    ...siteHeaders,
    'Content-Type': 'text/html; charset=UTF-8',
    // Always revalidated: a new release (new asset names) must reach the next page load.
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  };
  const body = bytes(Buffer.from(html));
  const zipped = gzip(body);
  // Each answer with its length: sent whole, not in chunks.
  return {
    status,
    body,
    gzip: zipped,
    headers: { ...headers, 'Content-Length': String(body.byteLength) },
    gzipHeaders: { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(zipped.byteLength) },
  };
}

/** What rendering a page gave: the page, the menu version its data showed, and whether to keep it. */
export interface Rendering {
  page: BuiltPage;
  /** The menu version it shows (src/render-page.tsx); undefined when it shows no menu data. */
  menuVersion: ShownVersion | undefined;
  /** False when its data failed or was late: sent unrendered once, never kept. */
  keep: boolean;
}

export interface PageCacheOptions {
  render: (url: string) => Promise<Rendering>;
  /** The current menu versions; undefined while the site is not listening (then nothing is cached). */
  version: () => MenuVersions | undefined;
  maxBytes: number;
}

/**
 * Pages are kept for the menu version they were rendered at and served while it is current: every
 * change to what a page shows moves the version that covers it (the listing's for Home, the Menu and
 * the item pages; the whole menu's for any other page; server/db/menu-version.ts), except an item
 * page's count of stock: a sale leaves the listing as it was, so a rush serves item pages from here.
 * While the menu has moved past the data a kept page shows, it is sent with Server-Timing
 * `menu;desc=behind`, and the item page reads its item again once it is the browser's.
 * A page that showed no menu data is kept whatever the version. A page is kept for the oldest of the
 * version the site knew when it began and the versions its API answers carried, so a render that
 * raced a change (or an API instance a moment behind) is redone on the next request.
 * Concurrent requests for a page share one render; memory is an LRU with a byte budget.
 */

/** A kept page: `shown` undefined, it holds for every version; `behind`, made when first needed. */
interface Kept {
  shown: ShownVersion | undefined;
  page: BuiltPage;
  behind?: BuiltPage;
}

/** The page as sent while the menu has moved past its data: the same bytes, told so. */
function sentBehind(page: BuiltPage): BuiltPage {
  const timing = { 'Server-Timing': MENU_BEHIND_HEADER };
  return {
    ...page,
    headers: { ...page.headers, ...timing },
    gzipHeaders: { ...page.gzipHeaders, ...timing },
  };
}

/** The kept page as it goes out while the menu's versions are `known`. */
function answerOf(kept: Kept, known: MenuVersions): BuiltPage {
  const whole = kept.shown?.whole;
  if (whole === undefined || whole >= known.version) return kept.page;
  kept.behind ??= sentBehind(kept.page);
  return kept.behind;
}

export function createPageCache({ render, version, maxBytes }: PageCacheOptions) {
  const pages = new LRUCache<string, Kept>({
    maxSize: maxBytes,
    sizeCalculation: ({ page }, url) => page.body.length + page.gzip.length + url.length,
  });
  const rendering = new Map<string, Promise<BuiltPage>>();

  async function renderAndKeep(url: string, known: MenuVersions): Promise<BuiltPage> {
    const { page, menuVersion: shown, keep } = await render(url);
    const kept: Kept = {
      shown: shown && { ...shown, version: Math.min(known[shown.part], shown.version) },
      page,
    };
    // A page that showed no menu data (Blog, the error page) holds for every version.
    if (keep) pages.set(url, kept);
    return answerOf(kept, known);
  }

  return {
    /**
     * The page at `url`, from the cache when it is current. A request that names somebody (`personal`:
     * it carries credentials) is rendered for itself and never served a kept page.
     */
    get(url: string, personal = false): Promise<BuiltPage> {
      const known = version();
      if (known === undefined || personal) return render(url).then(({ page }) => page);
      const kept = pages.get(url);
      if (kept && (kept.shown === undefined || kept.shown.version === known[kept.shown.part])) {
        return Promise.resolve(answerOf(kept, known));
      }
      const key = `${known.version} ${url}`;
      let pending = rendering.get(key);
      if (!pending) {
        pending = renderAndKeep(url, known).finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      return pending;
    },
  };
}
