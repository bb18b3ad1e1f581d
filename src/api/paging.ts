import * as v from 'valibot';
import { nextCursorOf, type Page } from '../../contract/paging.ts';
import type { AnswerOf, QueryOf, RouteSpec } from '../../contract/route-entry.ts';
import { send } from './call.ts';

/** Every paged list takes a page size (the server's default when left out). */
export interface PageSize {
  limit?: number | undefined;
}

/** A paged list's entry in the route table: a JSON array of rows, the next page in a Link header. */
type PagedRoute = RouteSpec & { paged: true; answer: v.GenericSchema<unknown, unknown[]> };

/**
 * One page of a paged list: the spec's JSON array, each row checked against the contract, and the
 * next page's cursor from the `Link` header (null on the last page).
 */
export async function fetchListPage<E extends PagedRoute>(
  entry: E,
  query: QueryOf<E>,
): Promise<Page<AnswerOf<E>[number]>> {
  const response = await send(entry, { query } as Parameters<typeof send<E>>[1]);
  const rows = v.parse(entry.answer, await response.json()) as AnswerOf<E>[number][];
  return { rows, next: nextCursorOf(response.headers.get('Link')) };
}
