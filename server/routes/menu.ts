import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { itemKey, listKey, type MenuAnswer, type MenuCache } from '../cache/menu-cache.ts';
import { AllItemsQuerySchema } from '../contract/menu.ts';
import { acceptsGzip } from '../http/gzip.ts';
import { requestHeader } from '../http/request-header.ts';
import type { apiHeaderSets } from '../middleware/api-headers.ts';
import { parseOr400, refuseNulInUrl } from '../middleware/validate.ts';

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
 * The public menu, from the menu cache (server/cache/menu-cache.ts): the hottest reads of a rush, so
 * they are mounted before the app's middleware and build their whole answer at once (the API's headers
 * included) instead of having each middleware rewrite it. A revalidation of the current menu is
 * answered before any read, from the version this process knows.
 */
export function menuRoutes(menu: MenuCache, headersFor: ReturnType<typeof apiHeaderSets>) {
  const answer = (c: Context, status: 200 | 304, tag: string, extra: Record<string, string> = {}) => ({
    status,
    headers: { ...headersFor(c), ETag: tag, 'Cache-Control': MENU_CACHE_CONTROL, ...extra },
  });
  const notModified = (c: Context, tag: string) => new Response(null, answer(c, 304, tag));

  /** The menu answer (gzipped when the client takes it), or 304 when the caller holds it. */
  function menuJson(c: Context, { tag, body, gzipped }: MenuAnswer): Response {
    if (matches(requestHeader(c, 'if-none-match'), tag)) return notModified(c, tag);
    const json = { 'Content-Type': 'application/json', Vary: 'Origin, Accept-Encoding' };
    return acceptsGzip(requestHeader(c, 'accept-encoding'))
      ? new Response(gzipped(), answer(c, 200, tag, { ...json, 'Content-Encoding': 'gzip' }))
      : new Response(body, answer(c, 200, tag, json));
  }

  // `*` is left to the full answer: it matches only an item that exists.
  const revalidated = (c: Context, key: string): Response | undefined => {
    const tag = menu.currentTag(key);
    const ifNoneMatch = requestHeader(c, 'if-none-match');
    return tag && ifNoneMatch?.trim() !== '*' && matches(ifNoneMatch, tag) ? notModified(c, tag) : undefined;
  };

  /** A refusal goes through the app's error handler, with the API's headers like any answer. */
  const withHeadersOnError = (c: Context, handle: () => Promise<Response>) =>
    Promise.resolve()
      .then(() => {
        refuseNulInUrl(c.req.url);
        return handle();
      })
      .catch((error: unknown) => {
        const headers = headersFor(c);
        for (const name in headers) c.header(name, headers[name]);
        throw error;
      });

  return new Hono()
    .get('/all-items', (c) =>
      withHeadersOnError(c, async () => {
        const query = parseOr400(AllItemsQuerySchema, c.req.query());
        return revalidated(c, listKey(query)) ?? menuJson(c, await menu.list(query));
      }),
    )
    .get('/item-detail/:id', (c) =>
      withHeadersOnError(c, async () => {
        const id = c.req.param('id');
        const cached = revalidated(c, itemKey(id));
        if (cached) return cached;
        const item = await menu.item(id);
        if (!item) throw new HTTPException(404, { message: 'This menu item does not exist' });
        return menuJson(c, item);
      }),
    );
}
