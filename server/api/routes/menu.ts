import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Context, Hono } from 'hono';
import { type AllItemsQuery, AllItemsQuerySchema } from '../../../contract/menu.ts';
import type { MenuVersion } from '../../db/menu-version.ts';
import { accepts, type Bytes } from '../../http/gzip.ts';
import type { MenuAnswer, MenuCache, MenuSnapshot } from '../cache/menu-cache.ts';
import { NotFound } from '../domain-errors.ts';
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
  // What a browser sends back: the tag it was given.
  if (ifNoneMatch === tag) return true;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = tag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** A menu read as it arrived, by Hono's context or by Node's own request (the front below). */
interface MenuRead {
  /** The path and query as sent (a whole URL from Hono: only the query is read from it). */
  url: string;
  /** A request header, by its lower-case name. */
  header(name: string): string | undefined;
}

/** A menu read's answer, made from memory: what Hono's Response and Node's writeHead both take. */
interface MenuReply {
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

/** A menu item's id as the front takes it from a path: plain ids only, no encoding to undo. */
const PLAIN_ID = /^[\w-]+$/;
const ITEM_PATH = '/item-detail/';

const pick = (headers: Readonly<Record<string, string>>, names: string[]) =>
  Object.fromEntries(names.filter((name) => name in headers).map((name) => [name, headers[name]!]));

/**
 * The public menu, from the menu cache (server/api/cache/menu-cache.ts): the hottest reads of a rush. While
 * the version holds, an answer (or a 304) is made from memory without a promise or a read, its whole
 * set of headers (the API's included) made once per variant. Two ways in, one answer:
 * - `routes`, the Hono routes: mounted before the app's middleware (server/api/app.ts), they also take
 *   what the front leaves (HEAD, a menu not yet in memory, an item this process has not heard of, a
 *   query or an address to refuse);
 * - `front`, for Node's server (server/api/index.ts): a menu read answered before @hono/node-server makes a
 *   web Request of it, which on this path cost as much as the answer (docs/decisions/011-scale.md).
 */
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
      query = parseOr400(AllItemsQuerySchema, queryOf(search));
      if (queries.size >= 256) queries.clear();
      queries.set(search, query);
    }
    return query;
  }

  const listReply = (read: MenuRead, snapshot: MenuSnapshot) =>
    reply(read, menu.list(snapshot, menuQuery(read.url)));
  function itemReply(read: MenuRead, snapshot: MenuSnapshot, id: string): MenuReply | undefined {
    const item = menu.item(snapshot, id);
    return item && reply(read, item);
  }

  // Hono's way in.
  const honoRead = (c: Context): MenuRead => ({ url: c.req.url, header: (name) => requestHeader(c, name) });
  const toResponse = ({ status, headers, body }: MenuReply) => new Response(body, { status, headers });

  /** A refusal goes through the app's error handler, with the API's headers like any answer. */
  function refused(c: Context, error: unknown): never {
    const headers = headersFor(requestHeader(c, 'origin'));
    for (const name in headers) c.header(name, headers[name]);
    throw error;
  }

  /** Answers from the menu in memory at once (no promise to wait for); reads it first when the version moved. */
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

  const listAnswer = (c: Context, snapshot: MenuSnapshot) => toResponse(listReply(honoRead(c), snapshot));
  function itemAnswer(c: Context, snapshot: MenuSnapshot): Response | Promise<Response> {
    const id = c.req.param('id') ?? '';
    const found = itemReply(honoRead(c), snapshot, id);
    if (found) return toResponse(found);
    // An item just added (on any instance) may be newer than the version this process has heard of:
    // ask the database before saying it does not exist.
    return versions
      .catchUp()
      .then(() => menu.snapshot())
      .then((fresh) => {
        const added = itemReply(honoRead(c), fresh, id);
        if (!added) throw new NotFound(NO_SUCH_ITEM);
        return toResponse(added);
      });
  }

  const routes = new Hono()
    .get('/all-items', (c) => fromMenu(c, listAnswer))
    .get('/item-detail/:id', (c) => fromMenu(c, itemAnswer));

  // Node's way in.
  const nodeHeader = (request: IncomingMessage) => (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  function nodeReply(request: IncomingMessage, url: string): MenuReply | undefined {
    const hot = menu.ready();
    if (!hot || url.includes('%00')) return undefined;
    const read = { url, header: nodeHeader(request) };
    if (url === '/all-items' || url.startsWith('/all-items?')) {
      try {
        return listReply(read, hot);
      } catch {
        return undefined;
      }
    }
    if (!url.startsWith(ITEM_PATH)) return undefined;
    const end = url.indexOf('?');
    const id = url.slice(ITEM_PATH.length, end === -1 ? undefined : end);
    return PLAIN_ID.test(id) ? itemReply(read, hot, id) : undefined;
  }

  /** Answers a GET of the menu Node handed over, from memory; false leaves the request to the app. */
  function front(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || request.url === undefined) return false;
    const answer = nodeReply(request, request.url);
    if (!answer) return false;
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
    return true;
  }

  return { routes, front };
}
