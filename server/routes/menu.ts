import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { itemKey, listKey, type MenuAnswer, type MenuCache } from '../cache/menu-cache.ts';
import { AllItemsQuerySchema } from '../contract/menu.ts';
import { parseOr400 } from '../middleware/validate.ts';

/**
 * Admins change the menu, and an admin checks an edit by opening the item's page: a cache may keep the
 * menu, but must ask before every use (max-age 0). An unchanged menu then costs a 304 without a body.
 * (docs/decisions/008-performance.md)
 */
export const MENU_CACHE_CONTROL = 'public, no-cache';

/** Whether If-None-Match names `tag`; weak comparison (RFC 9110 §13.1.2), so W/ prefixes are ignored. */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = tag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** 304 when the caller holds `tag` already. */
function notModified(c: Context, tag: string): Response {
  c.header('ETag', tag);
  c.header('Cache-Control', MENU_CACHE_CONTROL);
  return c.body(null, 304);
}

/** The menu answer, or 304 when the caller holds it; tagged with the menu's version. */
function menuJson(c: Context, { tag, body }: MenuAnswer): Response {
  if (matches(c.req.header('If-None-Match'), tag)) return notModified(c, tag);
  c.header('ETag', tag);
  c.header('Cache-Control', MENU_CACHE_CONTROL);
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}

/**
 * The public menu, from the menu cache (server/cache/menu-cache.ts). A revalidation of the current menu
 * is answered before any read, from the version this process knows.
 */
export function menuRoutes(menu: MenuCache) {
  // `*` is left to the full answer: it matches only an item that exists.
  const revalidated = (c: Context, key: string): Response | undefined => {
    const tag = menu.currentTag(key);
    const ifNoneMatch = c.req.header('If-None-Match');
    return tag && ifNoneMatch?.trim() !== '*' && matches(ifNoneMatch, tag) ? notModified(c, tag) : undefined;
  };
  return new Hono()
    .get('/all-items', async (c) => {
      const query = parseOr400(AllItemsQuerySchema, c.req.query());
      return revalidated(c, listKey(query)) ?? menuJson(c, await menu.list(query));
    })
    .get('/item-detail/:id', async (c) => {
      const id = c.req.param('id');
      const cached = revalidated(c, itemKey(id));
      if (cached) return cached;
      const item = await menu.item(id);
      if (!item) throw new HTTPException(404, { message: 'This menu item does not exist' });
      return menuJson(c, item);
    });
}
