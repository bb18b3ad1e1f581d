import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { ROUTES } from '../../../contract/routes.ts';
import type { MenuAnswers, MenuReply } from '../cache/menu-answers.ts';
import type { MenuCache } from '../cache/menu-cache.ts';
import type { MenuReadRoute, Metrics } from '../metrics.ts';
import { errorHandler } from './error-handler.ts';

// The menu's reads, the hottest of a rush, answered ahead of the app (docs/decisions/011-scale.md):
// Node's own request answered before @hono/node-server makes a web Request of it, which on this path
// cost as much as the answer; and the app's fetch sending a menu read straight to the menu's routes.

const LIST_PATH = ROUTES.allItems.path;
const ITEM_ROUTE = ROUTES.itemDetail.path;
/** '/item-detail/': the item route's path up to its id. */
const ITEM_PATH = ITEM_ROUTE.slice(0, ITEM_ROUTE.indexOf(':'));
/** A menu item's id as the front takes it from a path: plain ids only, no encoding to undo. */
const PLAIN_ID = /^[\w-]+$/;

/**
 * For Node's server (server/api/index.ts): answers a GET of the menu from memory, counted as the app
 * counts its menu reads; false leaves the request to the app (a menu not yet in memory, an id or a
 * query to look at closer).
 */
export function menuFront(menu: MenuCache, answers: MenuAnswers, metrics: Pick<Metrics, 'countMenuRead'>) {
  const nodeHeader = (request: IncomingMessage) => (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  function nodeReply(request: IncomingMessage, url: string): MenuReply | undefined {
    const hot = menu.ready();
    if (!hot || url.includes('%00')) return undefined;
    const read = { url, header: nodeHeader(request) };
    if (url === LIST_PATH || url.startsWith(`${LIST_PATH}?`)) {
      try {
        return answers.list(read, hot);
      } catch {
        return undefined;
      }
    }
    if (!url.startsWith(ITEM_PATH)) return undefined;
    const end = url.indexOf('?');
    const id = url.slice(ITEM_PATH.length, end === -1 ? undefined : end);
    return PLAIN_ID.test(id) ? answers.item(read, hot, id) : undefined;
  }

  /** Answers a GET of the menu Node handed over, from memory; false leaves the request to the app. */
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' || request.url === undefined) return false;
    const answer = nodeReply(request, request.url);
    if (!answer) return false;
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
    metrics.countMenuRead(request.url.startsWith(ITEM_PATH) ? ITEM_ROUTE : LIST_PATH, answer.status);
    return true;
  };
}

/**
 * Sends the app's menu reads straight to the menu's routes: there a read matches one handler, which
 * Hono calls without composing the app's middleware (every app.use matches every path), so an answer
 * made from memory is written at once, without a promise. What the menu's routes do not match goes to
 * the app.
 */
export function routeMenuReads(
  app: Hono,
  menu: Hono,
  { metrics, logger }: { metrics: Pick<Metrics, 'countMenuRead'>; logger: Logger },
): void {
  const dispatch = app.fetch;
  menu.notFound((c) => dispatch(c.req.raw, c.env));
  menu.onError(errorHandler(logger));
  // Counted by a number moved as each answer leaves (metrics.countMenuRead): no closure per read.
  const countedRead = (route: MenuReadRoute, answer: Response) => {
    metrics.countMenuRead(route, answer.status);
    return answer;
  };
  const counted: Record<MenuReadRoute, (answer: Response) => Response> = {
    [LIST_PATH]: (answer) => countedRead(LIST_PATH, answer),
    [ITEM_ROUTE]: (answer) => countedRead(ITEM_ROUTE, answer),
  };
  app.fetch = (request, env, executionCtx) => {
    const read = menuReadOf(request, env);
    if (read === undefined) return dispatch(request, env, executionCtx);
    const answer = menu.fetch(request, env, executionCtx);
    return answer instanceof Promise ? answer.then(counted[read]) : countedRead(read, answer);
  };
}

/**
 * GET /all-items or /item-detail/<one segment> (what the menu's routes match), by the path Node read
 * (the web Request's URL is built on demand). Any other item path is the app's 404, counted there.
 */
function menuReadOf(request: Request, env: unknown): MenuReadRoute | undefined {
  if (request.method !== 'GET') return undefined;
  const raw = (env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
  const path = raw ?? new URL(request.url).pathname;
  if (path === LIST_PATH || path.startsWith(`${LIST_PATH}?`)) return LIST_PATH;
  if (!path.startsWith(ITEM_PATH)) return undefined;
  const query = path.indexOf('?');
  const idEnd = query === -1 ? path.length : query;
  const slash = path.indexOf('/', ITEM_PATH.length);
  return idEnd > ITEM_PATH.length && (slash === -1 || slash > idEnd) ? ITEM_ROUTE : undefined;
}
