import { type Context, Hono } from 'hono';
import type { MenuAnswer, MenuCache, MenuSnapshot } from '../cache/menu-cache.ts';
import type { MenuVersion } from '../cache/menu-version.ts';
import { type AllItemsQuery, AllItemsQuerySchema } from '../contract/menu.ts';
import { NotFound } from '../domain-errors.ts';
import { accepts } from '../http/gzip.ts';
import { requestHeader } from '../http/request-header.ts';
import type { apiHeaderSets } from '../middleware/api-headers.ts';
import { parseOr400, refuseNulInUrl } from '../middleware/validate.ts';
import { NO_SUCH_ITEM } from '../services/menu.ts';

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
 * included) instead of having each middleware rewrite it. While the version holds, an answer (or a
 * 304) is made from memory without a promise or a read.
 */
const pick = (headers: Readonly<Record<string, string>>, names: string[]) =>
  Object.fromEntries(names.filter((name) => name in headers).map((name) => [name, headers[name]!]));

export function menuRoutes(
  menu: MenuCache,
  versions: Pick<MenuVersion, 'catchUp'>,
  headersFor: ReturnType<typeof apiHeaderSets>,
) {
  // Each answer's headers are made once and reused (a few hundred variants at most: origin, status,
  // encoding, per tag); the map starts again when the menu has moved on.
  const made = new Map<string, Readonly<Record<string, string>>>();
  type Kind = '304' | 'json' | 'gzip';
  const KIND: Record<Kind, Record<string, string>> = {
    '304': {},
    json: { 'Content-Type': 'application/json', Vary: 'Origin, Accept-Encoding' },
    gzip: { 'Content-Type': 'application/json', Vary: 'Origin, Accept-Encoding', 'Content-Encoding': 'gzip' },
  };
  function answer(c: Context, kind: Kind, tag: string) {
    const base = headersFor(c);
    const key = `${base['Access-Control-Allow-Origin'] ?? ''}|${kind}|${tag}`;
    let headers = made.get(key);
    if (!headers) {
      if (made.size >= 512) made.clear();
      headers = Object.freeze({
        // A 304 updates the browser's stored answer, whose other headers stand (RFC 9110 §15.4.5):
        // it carries what validates and may be read cross-origin, not the whole policy again.
        ...(kind === '304'
          ? pick(base, ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers', 'Vary'])
          : base),
        ETag: tag,
        'Cache-Control': MENU_CACHE_CONTROL,
        ...KIND[kind],
      });
      made.set(key, headers);
    }
    return { status: kind === '304' ? 304 : 200, headers };
  }
  const notModified = (c: Context, tag: string) => new Response(null, answer(c, '304', tag));

  /** The menu answer (gzipped when the client takes it), or 304 when the caller holds it. */
  function menuJson(c: Context, { tag, body, gzipped }: MenuAnswer): Response {
    if (matches(requestHeader(c, 'if-none-match'), tag)) return notModified(c, tag);
    return accepts(requestHeader(c, 'accept-encoding'), 'gzip')
      ? new Response(gzipped(), answer(c, 'gzip', tag))
      : new Response(body, answer(c, 'json', tag));
  }

  // The menu is asked for with a handful of queries: each is read once.
  const queries = new Map<string, AllItemsQuery>();
  function menuQuery(c: Context): AllItemsQuery {
    const search = c.req.url.slice(c.req.url.indexOf('?') + 1);
    let query = queries.get(search);
    if (!query) {
      query = parseOr400(AllItemsQuerySchema, c.req.query());
      if (queries.size >= 256) queries.clear();
      queries.set(search, query);
    }
    return query;
  }

  /** A refusal goes through the app's error handler, with the API's headers like any answer. */
  function refused(c: Context, error: unknown): never {
    const headers = headersFor(c);
    for (const name in headers) c.header(name, headers[name]);
    throw error;
  }

  /**
   * Answers from the menu in memory at once (no promise to wait for); reads it first when the version
   * moved. `respond` is made once, not per request: a closure a request makes costs the hot path.
   */
  function fromMenu(
    c: Context,
    respond: (c: Context, menu: MenuSnapshot) => Response | Promise<Response>,
  ): Response | Promise<Response> {
    try {
      refuseNulInUrl(c.req.url);
      const hot = menu.ready();
      if (!hot) {
        return menu
          .snapshot()
          .then((snapshot) => respond(c, snapshot))
          .catch((error: unknown) => refused(c, error));
      }
      const answered = respond(c, hot);
      return answered instanceof Promise ? answered.catch((error: unknown) => refused(c, error)) : answered;
    } catch (error) {
      return refused(c, error);
    }
  }

  const listAnswer = (c: Context, snapshot: MenuSnapshot) => menuJson(c, menu.list(snapshot, menuQuery(c)));
  function itemAnswer(c: Context, snapshot: MenuSnapshot): Response | Promise<Response> {
    const id = c.req.param('id') ?? '';
    const item = menu.item(snapshot, id);
    if (item) return menuJson(c, item);
    // An item just added (on any instance) may be newer than the version this process has heard of:
    // ask the database before saying it does not exist.
    return versions
      .catchUp()
      .then(() => menu.snapshot())
      .then((fresh) => {
        const added = menu.item(fresh, id);
        if (!added) throw new NotFound(NO_SUCH_ITEM);
        return menuJson(c, added);
      });
  }

  return new Hono()
    .get('/all-items', (c) => fromMenu(c, listAnswer))
    .get('/item-detail/:id', (c) => fromMenu(c, itemAnswer));
}
