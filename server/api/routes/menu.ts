import { type Context, Hono } from 'hono';
import { ROUTES } from '../../../contract/routes.ts';
import type { MenuVersion } from '../../db/menu-version.ts';
import type { MenuAnswers, MenuRead, MenuReply } from '../cache/menu-answers.ts';
import type { MenuCache, MenuSnapshot } from '../cache/menu-cache.ts';
import { NotFound } from '../domain-errors.ts';
import { requestHeader } from '../http/request-header.ts';
import type { apiHeaderSets } from '../middleware/api-headers.ts';
import { refuseNulInUrl } from '../middleware/validate.ts';
import { NO_SUCH_ITEM } from '../services/menu.ts';

/**
 * GET /all-items and GET /item-detail/:id, the public menu's routes (their table entries' paths and
 * query; cache/menu-answers.ts makes the answers). Mounted before the app's middleware (app.ts), with
 * none of their own: a read matches one handler, which Hono calls without composing anything. They also
 * take what Node's front leaves (http/menu-front.ts): HEAD, a menu not yet in memory, an item this
 * process has not heard of, a query or an address to refuse.
 */
export function menuRoutes(
  menu: MenuCache,
  answers: MenuAnswers,
  versions: Pick<MenuVersion, 'catchUp'>,
  headersFor: ReturnType<typeof apiHeaderSets>,
) {
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

  const listAnswer = (c: Context, snapshot: MenuSnapshot) => toResponse(answers.list(honoRead(c), snapshot));
  function itemAnswer(c: Context, snapshot: MenuSnapshot): Response | Promise<Response> {
    const id = c.req.param('id') ?? '';
    const found = answers.item(honoRead(c), snapshot, id);
    if (found) return toResponse(found);
    // An item just added (on any instance) may be newer than the version this process has heard of:
    // ask the database before saying it does not exist.
    return versions
      .catchUp()
      .then(() => menu.snapshot())
      .then((fresh) => {
        const added = answers.item(honoRead(c), fresh, id);
        if (!added) throw new NotFound(NO_SUCH_ITEM);
        return toResponse(added);
      });
  }

  return new Hono()
    .get(ROUTES.allItems.path, (c) => fromMenu(c, listAnswer))
    .get(ROUTES.itemDetail.path, (c) => fromMenu(c, itemAnswer));
}
