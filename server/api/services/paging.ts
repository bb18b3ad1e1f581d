import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { CURSOR_MESSAGE, isCalendarDay, type Page } from '../../../contract/paging.ts';

/**
 * Keyset pages, newest first: rows are ordered by (created_at, id) descending, and a page starts after
 * the last row of the page before. A row inserted meanwhile lands before the first page, never inside
 * the ones still to be read, so paging on while orders arrive shows no row twice and skips none. No
 * OFFSET: page 500 costs what page 1 costs, through an index on (…, created_at, id).
 */
export interface Cursor {
  /** created_at of the last row read, as PostgreSQL prints it in UTC with its microseconds. */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeCursor = ({ at, id }: Cursor): string => Buffer.from(`${at}|${id}`).toString('base64url');

/** The opaque cursor of a page query, decoded (a cursor we did not make is a 400). */
export const CursorSchema = v.pipe(
  v.string(CURSOR_MESSAGE),
  v.transform((text) => {
    const [at = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
    return rest.length === 0 && AT.test(at) && UUID.test(id) && isCalendarDay(at) ? { at, id } : null;
  }),
  v.check((cursor) => cursor !== null, CURSOR_MESSAGE),
  v.transform((cursor): Cursor => cursor!),
);

/** The columns a list is paged by. */
export interface KeysetColumns {
  createdAt: AnyColumn;
  id: AnyColumn;
}

/** Selects the row's position as a cursor needs it (a JS Date would lose the microseconds). */
export const cursorAt = ({ createdAt }: KeysetColumns) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after the cursor (older, or as old with a smaller id); undefined for the first page. */
export const afterCursor = ({ createdAt, id }: KeysetColumns, cursor: Cursor | undefined): SQL | undefined =>
  cursor ? sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;

export const newestFirst = ({ createdAt, id }: KeysetColumns) => [desc(createdAt), desc(id)];

/**
 * The other way round, oldest first, for a list whose order is the one it was made in (the room's
 * tables): rows after the cursor are newer, or as new with a larger id.
 */
export const afterCursorOldestFirst = ({ createdAt, id }: KeysetColumns, cursor: Cursor | undefined) =>
  cursor ? sql`(${createdAt}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;

export const oldestFirst = ({ createdAt, id }: KeysetColumns) => [asc(createdAt), asc(id)];

/**
 * A page from `limit + 1` rows read in cursor order: the extra row only says that there is a next page,
 * which starts after the page's last row.
 */
export function toPage<Row extends { id: string; cursorAt: string }, Out>(
  rows: Row[],
  limit: number,
  toRow: (row: Row) => Out,
): Page<Out> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown.map(toRow),
    next: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/** What a service needs to read one page. */
export interface PageRequest {
  limit: number;
  cursor: Cursor | undefined;
}

/** A LIKE pattern for text containing `search`, case-folded, its wildcards taken literally. */
export const containing = (search: string): string =>
  `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
