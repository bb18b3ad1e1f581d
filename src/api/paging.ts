import * as v from 'valibot';
import { nextCursorOf, type Page } from '../../contract/paging.ts';
import { apiClient } from './http.ts';

/** Every paged list takes a page size (the server's default when left out). */
export interface PageSize {
  limit?: number | undefined;
}

/** A query string's values; undefined ones are left out, so the server applies its defaults. */
export type ListParams = Record<string, string | number | null | undefined>;

const defined = (params: ListParams): Record<string, string> =>
  Object.fromEntries(
    Object.entries(params)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== null)
      .map(([key, value]) => [key, String(value)]),
  );

/**
 * One page of a paged list: the spec's JSON array, each row checked against the contract, and the
 * next page's cursor from the `Link` header (null on the last page).
 */
export async function fetchListPage<Row>(
  path: string,
  params: ListParams,
  row: v.GenericSchema<unknown, Row>,
): Promise<Page<Row>> {
  const response = await apiClient.get(path, { searchParams: defined(params) });
  const rows = v.parse(v.array(row), await response.json());
  return { rows, next: nextCursorOf(response.headers.get('Link')) };
}
