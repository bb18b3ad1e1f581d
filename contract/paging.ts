import * as v from 'valibot';

/**
 * Every list that grows (orders, users, reservations, the admin's menu) is read a page at a time,
 * newest first. The spec's paths keep answering JSON arrays; `limit` and `cursor` choose the page, and
 * the next one is announced in a `Link: <?…cursor=…>; rel="next"` header (RFC 8288), absent on the last
 * page. The cursor is opaque to the client (docs/decisions/011-scale.md).
 */
export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

const LIMIT_MESSAGE = `limit must be a whole number from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}`;
export const CURSOR_MESSAGE = 'cursor is not valid: use the link of the page before';

/** `limit` and `cursor` as they arrive in a query string. */
export const PageQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(LIMIT_MESSAGE),
      v.regex(/^\d{1,3}$/, LIMIT_MESSAGE),
      v.transform(Number),
      v.minValue(PAGE_LIMIT.min, LIMIT_MESSAGE),
      v.maxValue(PAGE_LIMIT.max, LIMIT_MESSAGE),
    ),
    String(PAGE_LIMIT.default),
  ),
  cursor: v.optional(v.pipe(v.string(CURSOR_MESSAGE), v.regex(/^[A-Za-z0-9_-]{1,200}$/, CURSOR_MESSAGE))),
});
export type PageQuery = v.InferOutput<typeof PageQuerySchema>;

/** What a list page answers: its rows, and the cursor of the page after it (null on the last). */
export interface Page<Row> {
  rows: Row[];
  next: string | null;
}

/** The `Link` header that announces the page after `query` (the same filters, the next cursor). */
export function nextPageLink(query: URLSearchParams, next: string): string {
  const params = new URLSearchParams(query);
  params.set('cursor', next);
  return `<?${params.toString()}>; rel="next"`;
}

/** The next page's cursor from a `Link` header; null when it announces none. */
export function nextCursorOf(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!match || !/\brel\s*=\s*"?next"?/i.test(match[2]!)) continue;
    return new URL(match[1]!, 'http://link.invalid/').searchParams.get('cursor');
  }
  return null;
}

const SEARCH_MIN = 3;
const SEARCH_MESSAGE = `Search for at least ${SEARCH_MIN} characters`;

/** A staff search: trimmed, 3 to 100 characters (shorter terms match too much to be useful). */
export const SearchSchema = v.pipe(
  v.string(SEARCH_MESSAGE),
  v.trim(),
  v.minLength(SEARCH_MIN, SEARCH_MESSAGE),
  v.maxLength(100, 'Search for at most 100 characters'),
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT =
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/**
 * A day on the calendar, 1900 to 9999 (Date.parse takes 2026-02-30 for 2 March; PostgreSQL refuses it).
 */
export const isCalendarDay = (text: string): boolean => {
  const day = text.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  const year = parsed.getUTCFullYear();
  return year >= 1900 && year <= 9999 && parsed.toISOString().slice(0, 10) === day;
};

/** A calendar day, YYYY-MM-DD. */
export const DaySchema = v.pipe(
  v.string('Dates look like 2026-11-24'),
  v.regex(DAY, 'Dates look like 2026-11-24'),
  v.check(isCalendarDay, 'This date does not exist'),
);

/** A moment: a day (its midnight, UTC) or an ISO 8601 date and time with its offset. */
export const InstantSchema = v.pipe(
  v.string('Times look like 2026-11-24 or 2026-11-24T18:00:00+06:00'),
  v.check(
    (text) => (DAY.test(text) || INSTANT.test(text)) && isCalendarDay(text),
    'Times look like 2026-11-24 or 2026-11-24T18:00:00+06:00',
  ),
);
