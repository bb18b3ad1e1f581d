import type { AllItemsQuery } from '../../../contract/menu.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { accepts, type Bytes } from '../../http/gzip.ts';
import type { apiHeaderSets } from '../middleware/api-headers.ts';
import { parseOr400 } from '../middleware/validate.ts';
import type { MenuAnswer, MenuCache, MenuSnapshot } from './menu-cache.ts';

/**
 * Admins change the menu, and an admin checks an edit by opening the item's page: a cache may keep the
 * menu, but must ask before every use (max-age 0). An unchanged menu then costs a 304 without a body.
 * (docs/decisions/008-performance.md)
 */
export const MENU_CACHE_CONTROL = 'public, no-cache';

/** Whether If-None-Match names `tag`; weak comparison (RFC 9110 §13.1.2), so W/ prefixes are ignored. */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  // What a browser sends back: the tag it was given.
  if (ifNoneMatch === tag) return true;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = tag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** A menu read as it arrived, by Hono's context (routes/menu.ts) or by Node's own request (http/menu-front.ts). */
export interface MenuRead {
  /** The path and query as sent (a whole URL from Hono: only the query is read from it). */
  url: string;
  /** A request header, by its lower-case name. */
  header(name: string): string | undefined;
}

/** A menu read's answer, made from memory: what Hono's Response and Node's writeHead both take. */
export interface MenuReply {
  status: 200 | 304;
  headers: Readonly<Record<string, string>>;
  body: string | Bytes | null;
}

/** The query's parameters, each by its first value. */
function queryOf(search: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) if (!(name in params)) params[name] = value;
  return params;
}

const pick = (headers: Readonly<Record<string, string>>, names: string[]) =>
  Object.fromEntries(names.filter((name) => name in headers).map((name) => [name, headers[name]!]));

/**
 * The public menu's answers, made from the menu cache: the hottest reads of a rush. While the version
 * holds, an answer (or a 304) is made from memory without a promise or a read, its whole set of headers
 * (the API's included) made once per variant. Two ways in give the same answers: the Hono routes
 * (routes/menu.ts) and Node's front (http/menu-front.ts).
 */
export function menuAnswers(menu: MenuCache, headersFor: ReturnType<typeof apiHeaderSets>) {
  // Each answer's headers are made once and reused (a few hundred variants at most: origin, status,
  // encoding, per tag); the map starts again when the menu has moved on.
  const made = new Map<string, Readonly<Record<string, string>>>();
  type Kind = '304' | 'json' | 'gzip';
  const KIND: Record<Kind, Record<string, string>> = {
    '304': {},
    json: { 'Content-Type': 'application/json', Vary: 'Origin, Accept-Encoding' },
    gzip: { 'Content-Type': 'application/json', Vary: 'Origin, Accept-Encoding', 'Content-Encoding': 'gzip' },
  };
  /** An answer's headers; its length is one per tag and kind, so it is kept with them. */
  function headersOf(read: MenuRead, kind: Kind, tag: string, body: string | Bytes | null) {
    const origin = read.header('origin');
    const key = `${origin ?? ''}|${kind}|${tag}`;
    let headers = made.get(key);
    if (!headers) {
      if (made.size >= 512) made.clear();
      const base = headersFor(origin);
      headers = Object.freeze({
        // A 304 updates the browser's stored answer, whose other headers stand (RFC 9110 §15.4.5):
        // it carries what validates and may be read cross-origin, not the whole policy again.
        ...(kind === '304'
          ? pick(base, ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers', 'Vary'])
          : base),
        ETag: tag,
        'Cache-Control': MENU_CACHE_CONTROL,
        ...KIND[kind],
        // Sent whole, not in chunks (as @hono/node-server sends an answer it holds whole).
        ...(body === null
          ? {}
          : {
              'Content-Length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength),
            }),
      });
      made.set(key, headers);
    }
    return headers;
  }

  /** The menu answer (gzipped when the client takes it), or 304 when the caller holds it. */
  function reply(read: MenuRead, { tag, body, gzipped }: MenuAnswer): MenuReply {
    if (matches(read.header('if-none-match'), tag)) {
      return { status: 304, headers: headersOf(read, '304', tag, null), body: null };
    }
    if (!accepts(read.header('accept-encoding'), 'gzip')) {
      return { status: 200, headers: headersOf(read, 'json', tag, body), body };
    }
    const zipped = gzipped();
    return { status: 200, headers: headersOf(read, 'gzip', tag, zipped), body: zipped };
  }

  // The menu is asked for with a handful of queries: each is read once.
  const queries = new Map<string, AllItemsQuery>();
  function menuQuery(url: string): AllItemsQuery {
    const at = url.indexOf('?');
    const search = at === -1 ? '' : url.slice(at + 1);
    let query = queries.get(search);
    if (!query) {
      query = parseOr400(ROUTES.allItems.query, queryOf(search));
      if (queries.size >= 256) queries.clear();
      queries.set(search, query);
    }
    return query;
  }

  return {
    /** The menu, or one category of it (a query it refuses throws the 400). */
    list: (read: MenuRead, snapshot: MenuSnapshot): MenuReply =>
      reply(read, menu.list(snapshot, menuQuery(read.url))),
    /** One item; undefined when this snapshot does not hold it. */
    item(read: MenuRead, snapshot: MenuSnapshot, id: string): MenuReply | undefined {
      const item = menu.item(snapshot, id);
      return item && reply(read, item);
    },
  };
}

export type MenuAnswers = ReturnType<typeof menuAnswers>;
