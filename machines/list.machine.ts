import { and, assign, setup } from 'xstate';
import type { Page } from '../contract/paging.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/** A change to one row (delete, confirm, …), named by the page that offers it. */
export interface RowAction {
  action: string;
  id: string;
  /** The account the row belongs to, for calls that name it too (deleting a user). */
  uid?: string;
  /** Words kept with the change (a cancellation's reason). */
  note?: string;
}

/** Where a list stands: its filters, and the cursor its page starts at (null: the newest rows). */
export interface ListPlace<Query> {
  query: Query;
  cursor: string | null;
}

/** A page on screen: the cursor it was read from, and its rows. */
export interface ShownPage<Row> {
  cursor: string | null;
  rows: Row[];
}

export interface ListContext<Row, Query> {
  query: Query;
  /** The cursor the address asks for: the last page shown, or the one being read (or that failed). */
  cursor: string | null;
  /** The pages on screen, oldest request first; rows stay while more are read. */
  pages: ShownPage<Row>[];
  /** The cursor of the page after the last one shown; null on the last page. */
  next: string | null;
  error: string | null;
  acting: RowAction | null;
  /** The page read again after one of its rows changed (its index in `pages`). */
  stale: number | null;
  /** A place the address asked for while a row was changing: gone to once the row is settled. */
  wanted: ListPlace<Query> | null;
}

export type ListEvent<Query> =
  | ({ type: 'list.show' } & ListPlace<Query>)
  | { type: 'list.retry' }
  | ({ type: 'list.act' } & RowAction)
  | { type: 'list.refresh'; id?: string };

/** The rows on screen, page after page, each once: a deleted row pulls the next page's first row up. */
export function shownRows<Row extends { _id: string }>({
  pages,
}: {
  pages: readonly ShownPage<Row>[];
}): Row[] {
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const page of pages) {
    for (const row of page.rows) {
      if (seen.has(row._id)) continue;
      seen.add(row._id);
      rows.push(row);
    }
  }
  return rows;
}

/** Filters compared by value: key order and keys left undefined do not make another query. */
export function sameQuery(a: unknown, b: unknown): boolean {
  const canonical = (query: unknown) =>
    JSON.stringify(query, (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, field]) => field !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
          )
        : value,
    );
  return canonical(a) === canonical(b);
}

/**
 * A server-paged list (my orders; the admin's lists), driven by the address: 'list.show' tells where
 * the address now points (filters and cursor). The cursor after the last page appends the next page
 * (`loadingMore`, the rows stay); the cursor of a page already shown drops the pages after it (Back),
 * without a read; anything else reads again from that cursor (`loading`). A failed first read offers
 * Try again ('list.retry'); a failed further read keeps every row and offers it too. A row action
 * ('list.act') runs one at a time, is announced, and then only the page holding the row is read again
 * ('list.refresh' does that for a row changed elsewhere); the address's wishes wait until it is done.
 */
export function createListMachine<Row extends { _id: string }, Query>(id: string) {
  type Context = ListContext<Row, Query>;
  type Event = ListEvent<Query>;

  /** The place asked for: the event's, else one asked for while busy, else where the address is. */
  const wish = (context: Context, event: { type: string }): ListPlace<Query> =>
    event.type === 'list.show'
      ? {
          query: (event as Event & ListPlace<Query>).query,
          cursor: (event as Event & ListPlace<Query>).cursor,
        }
      : (context.wanted ?? { query: context.query, cursor: context.cursor });

  const indexOfPage = (context: Context, place: ListPlace<Query>): number =>
    sameQuery(context.query, place.query)
      ? context.pages.findIndex((page) => page.cursor === place.cursor)
      : -1;

  return setup({
    types: {
      context: {} as Context,
      input: {} as ListPlace<Query>,
      events: {} as Event,
    },
    actors: {
      fetchPage: providedLater<Page<Row>, ListPlace<Query>>('fetchPage'),
      /** Answers how many rows it changed. */
      act: providedLater<number, RowAction>('act'),
    },
    guards: {
      /** The address asks for the page being read already. */
      isAsked: ({ context, event }) => {
        const place = wish(context, event);
        return sameQuery(context.query, place.query) && place.cursor === context.cursor;
      },
      /** The address asks for the last page on screen. */
      wantsLast: ({ context, event }) =>
        context.pages.length > 0 && indexOfPage(context, wish(context, event)) === context.pages.length - 1,
      /** The address asks for the page after the last one on screen. */
      wantsNext: ({ context, event }) => {
        const place = wish(context, event);
        return (
          context.next !== null && sameQuery(context.query, place.query) && place.cursor === context.next
        );
      },
      /** The address asks for a page on screen (Back after 'Load more'). */
      wantsShownPage: ({ context, event }) => indexOfPage(context, wish(context, event)) >= 0,
      hasError: ({ context }) => context.error !== null,
    },
    actions: {
      /** Another query, or a cursor not on screen: read again from there. */
      restart: assign(({ context, event }) => {
        const place = wish(context, event);
        return {
          query: place.query,
          cursor: place.cursor,
          pages: [],
          next: null,
          error: null,
          stale: null,
          wanted: null,
        };
      }),
      /** The next page is read, appended under the rows shown. */
      askNext: assign({ cursor: ({ context }) => context.next, error: null, wanted: null }),
      /** Back to a page on screen: the pages after it go; their first cursor is the next again. */
      trim: assign(({ context, event }) => {
        const place = wish(context, event);
        const index = indexOfPage(context, place);
        return {
          cursor: place.cursor,
          pages: context.pages.slice(0, index + 1),
          next: context.pages[index + 1]?.cursor ?? context.next,
          error: null,
          stale: null,
          wanted: null,
        };
      }),
      wait: assign({ wanted: ({ context, event }) => wish(context, event) }),
      startAction: assign({
        acting: ({ event }) => {
          const { action, id, uid, note } = event as RowAction;
          return {
            action,
            id,
            ...(uid === undefined ? {} : { uid }),
            ...(note === undefined ? {} : { note }),
          };
        },
        error: null,
      }),
      /** The page holding the changed row (the first page when it is not on screen) is to be read again. */
      markStale: assign(({ context, event }) => {
        const id = event.type === 'list.refresh' ? event.id : context.acting?.id;
        const index = context.pages.findIndex((page) => page.rows.some((row) => row._id === id));
        return { stale: Math.max(index, 0), acting: null, error: null };
      }),
      /** The address asks for the last page on screen, which could not be read again: it stays stale. */
      stayStale: assign({ cursor: ({ context, event }) => wish(context, event).cursor, wanted: null }),
      announceDone: (_, _params: RowAction) => {},
      announceFailure: (_, _params: { message: string }) => {},
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      query: input.query,
      cursor: input.cursor,
      pages: [],
      next: null,
      error: null,
      acting: null,
      stale: null,
      wanted: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        on: {
          'list.show': [{ guard: 'isAsked' }, { target: 'loading', reenter: true, actions: 'restart' }],
        },
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          input: ({ context }) => ({ query: context.query, cursor: context.cursor }),
          onDone: {
            target: 'shown',
            actions: assign({
              pages: ({ context, event }) => [{ cursor: context.cursor, rows: event.output.rows }],
              next: ({ event }) => event.output.next,
            }),
          },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        },
      },
      failed: {
        on: {
          'list.retry': { target: 'loading', actions: assign({ error: null }) },
          'list.show': [{ guard: 'isAsked' }, { target: 'loading', actions: 'restart' }],
        },
      },
      shown: {
        on: {
          'list.show': [
            { guard: 'wantsLast' },
            { guard: 'wantsNext', target: 'loadingMore', actions: 'askNext' },
            { guard: 'wantsShownPage', target: 'shown', actions: 'trim' },
            { target: 'loading', actions: 'restart' },
          ],
          'list.act': { target: 'acting', actions: 'startAction' },
          'list.refresh': { target: 'refreshing', actions: 'markStale' },
        },
      },
      loadingMore: {
        on: {
          'list.show': [
            { guard: 'isAsked' },
            { guard: 'wantsShownPage', target: 'shown', actions: 'trim' },
            { target: 'loading', actions: 'restart' },
          ],
        },
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          input: ({ context }) => ({ query: context.query, cursor: context.cursor }),
          onDone: {
            target: 'shown',
            actions: assign({
              pages: ({ context, event }) => [
                ...context.pages,
                { cursor: context.cursor, rows: event.output.rows },
              ],
              next: ({ event }) => event.output.next,
            }),
          },
          onError: {
            target: 'moreFailed',
            actions: assign({ error: ({ event }) => errorMessage(event.error) }),
          },
        },
      },
      moreFailed: {
        on: {
          'list.retry': { target: 'loadingMore', actions: 'askNext' },
          'list.show': [
            { guard: 'wantsNext', target: 'loadingMore', actions: 'askNext' },
            { guard: 'wantsShownPage', target: 'shown', actions: 'trim' },
            { target: 'loading', actions: 'restart' },
          ],
          'list.act': { target: 'acting', actions: 'startAction' },
          'list.refresh': { target: 'refreshing', actions: 'markStale' },
        },
      },
      acting: {
        on: { 'list.show': { actions: 'wait' } },
        invoke: {
          id: 'act',
          src: 'act',
          // Entered only through 'list.act', which records the action.
          input: ({ context }) => context.acting!,
          onDone: {
            target: 'refreshing',
            actions: [{ type: 'announceDone', params: ({ context }) => context.acting! }, 'markStale'],
          },
          onError: {
            // Refused or failed: the row's page is read again, to show it as the server has it.
            target: 'refreshing',
            actions: [
              { type: 'announceFailure', params: ({ event }) => ({ message: errorMessage(event.error) }) },
              'markStale',
            ],
          },
        },
      },
      refreshing: {
        on: { 'list.show': { actions: 'wait' } },
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          // Entered only with the stale page marked.
          input: ({ context }) => ({ query: context.query, cursor: context.pages[context.stale!]!.cursor }),
          onDone: {
            target: 'settling',
            // Only the rows change: the cursors are positions in the list, still valid after a row went.
            actions: assign({
              pages: ({ context, event }) =>
                context.pages.map((page, index) =>
                  index === context.stale ? { cursor: page.cursor, rows: event.output.rows } : page,
                ),
              stale: null,
            }),
          },
          onError: {
            target: 'settling',
            actions: assign({ error: ({ event }) => errorMessage(event.error) }),
          },
        },
      },
      /** A row is settled: go where the address asked meanwhile (or still asks). */
      settling: {
        always: [
          { guard: and(['wantsLast', 'hasError']), target: 'refreshFailed', actions: 'stayStale' },
          { guard: 'wantsNext', target: 'loadingMore', actions: 'askNext' },
          { guard: 'wantsShownPage', target: 'shown', actions: 'trim' },
          { target: 'loading', actions: 'restart' },
        ],
      },
      refreshFailed: {
        on: {
          'list.retry': { target: 'refreshing', actions: assign({ error: null }) },
          'list.show': [
            { guard: 'wantsLast' },
            { target: 'settling', actions: assign({ error: null, stale: null }) },
          ],
          'list.act': { target: 'acting', actions: 'startAction' },
          'list.refresh': { target: 'refreshing', actions: 'markStale' },
        },
      },
    },
  });
}
