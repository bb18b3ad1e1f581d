import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AllItemsQuerySchema } from '../contract/menu.ts';
import type { Database } from '../db/client.ts';
import { parseOr400 } from '../middleware/validate.ts';
import { findMenuItem, listMenuItems } from '../services/menu.ts';

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

/**
 * The menu as JSON with a weak ETag (the same menu, not necessarily the same bytes), or 304 when the
 * caller already holds it. Hashed here, from the string about to be sent, rather than by hono/etag,
 * which clones and rereads the response stream on every request.
 */
function menuJson(c: Context, data: unknown): Response {
  const body = JSON.stringify(data);
  const tag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  c.header('ETag', tag);
  c.header('Cache-Control', MENU_CACHE_CONTROL);
  if (matches(c.req.header('If-None-Match'), tag)) return c.body(null, 304);
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}

export function menuRoutes(db: Database) {
  return new Hono()
    .get('/all-items', async (c) => {
      const query = parseOr400(AllItemsQuerySchema, c.req.query());
      return menuJson(c, await listMenuItems(db, query));
    })
    .get('/item-detail/:id', async (c) => {
      const item = await findMenuItem(db, c.req.param('id'));
      if (!item) throw new HTTPException(404, { message: 'This menu item does not exist' });
      return menuJson(c, item);
    });
}
