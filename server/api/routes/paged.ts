import type { Context } from 'hono';
import { nextPageLink, type Page } from '../../../contract/paging.ts';
import { parseOr400 } from '../middleware/validate.ts';
import { type Cursor, CursorSchema } from '../services/paging.ts';

/** A list query as its route's entry read it, with the cursor decoded (400 when it is not one of ours). */
export function withCursor<Q extends { cursor?: string | undefined }>(
  query: Q,
): Omit<Q, 'cursor'> & { cursor: Cursor | undefined } {
  return {
    ...query,
    cursor: query.cursor === undefined ? undefined : parseOr400(CursorSchema, query.cursor),
  };
}

/** A page as the spec's JSON array, the next page announced in a Link header (the same filters). */
export function sendPage<Row>(c: Context, page: Page<Row>): Response {
  if (page.next) c.header('Link', nextPageLink(new URL(c.req.url).searchParams, page.next));
  return c.json(page.rows);
}
