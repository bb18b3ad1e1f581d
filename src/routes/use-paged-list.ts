import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type * as v from 'valibot';
import { type createListMachine, type ListPlace, shownRows } from '../../machines/list.machine.ts';
import type { ListPaging } from '../components/list-table.tsx';
import type { AddressOf } from './list-address.ts';
import { queryOf, readAddress } from './list-search.ts';

/** A list page's address (as the router keeps it), read through the list's valibot schema. */
export function useListSearch<S extends v.GenericSchema<unknown, unknown>>(
  schema: S,
  address: AddressOf<string>,
): v.InferOutput<S> {
  const key = JSON.stringify(address);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is read again only when it changes.
  return useMemo(() => readAddress(schema, address), [schema, key]);
}

type ListMachine<Row extends { _id: string }, Query> = ReturnType<typeof createListMachine<Row, Query>>;

/**
 * A server-paged list driven by its page's address: the machine starts at the address's page and is
 * told each time the address changes (a filter applied, 'Load more', Back). Answers the rows shown and
 * what the list's table needs.
 */
export function usePagedList<Row extends { _id: string }, Query>(
  machine: ListMachine<Row, Query>,
  search: Query & { cursor?: string | undefined },
  noun: readonly [string, string],
) {
  const place = { query: queryOf(search) as Query, cursor: search.cursor ?? null };
  const [state, send] = useMachine(machine, { input: place });
  const key = JSON.stringify(place);
  useEffect(() => {
    const { query, cursor } = JSON.parse(key) as ListPlace<Query>;
    send({ type: 'list.show', query, cursor });
  }, [key, send]);

  const { pages, error, next } = state.context;
  const rows = useMemo(() => shownRows({ pages }), [pages]);
  const retry = () => send({ type: 'list.retry' });
  const paging: ListPaging = {
    noun,
    next,
    // Where the rows on screen start (before the first read: where the address asks them to).
    fromOlderPage: (pages.length > 0 ? pages[0]!.cursor : state.context.cursor) !== null,
    loadingMore: state.matches('loadingMore'),
    error: state.matches('moreFailed') || state.matches('refreshFailed') ? error : null,
    onRetry: retry,
  };
  return {
    rows,
    send,
    /** A row action may start: none runs, and no page is being read. */
    canAct: state.can({ type: 'list.act', action: '', id: '' }),
    /** The list may be read again now (it is not reading or acting). */
    canRefresh: state.can({ type: 'list.refresh' }),
    /** The props ListTable takes from the list. */
    table: {
      loading: state.matches('loading'),
      error: state.matches('failed') ? error : null,
      count: rows.length,
      onRetry: retry,
      paging,
    },
  };
}
