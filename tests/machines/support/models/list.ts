import type { Page } from '../../../../contract/paging.ts';
import {
  createListMachine,
  type ListContext,
  type ListPlace,
  type RowAction,
} from '../../../../machines/list.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export interface Row {
  _id: string;
}
export interface Query {
  q?: string;
}

/** The factory's machine, drawn and walked as one instance: every list page makes the same machine. */
export const listMachine = createListMachine<Row, Query>('list');

const rows = (...ids: string[]): Row[] => ids.map((_id) => ({ _id }));

/** The server's pages, by the cursor they start at: three pages of the newest-first list. */
export const PAGES: Record<string, Page<Row>> = {
  newest: { rows: rows('a', 'b'), next: 'c1' },
  c1: { rows: rows('c', 'd'), next: 'c2' },
  c2: { rows: rows('e'), next: null },
};
export const pageAt = (cursor: string | null): Page<Row> => PAGES[cursor ?? 'newest']!;

/** The same pages read again after their first row went. */
const reread = (cursor: string | null): Page<Row> => {
  const page = pageAt(cursor);
  return { rows: page.rows.slice(1), next: page.next };
};

const pending = listMachine.provide({
  actors: {
    fetchPage: neverAnswers<Page<Row>, ListPlace<Query>>(),
    act: neverAnswers<number, RowAction>(),
  },
});

const pizza: Query = { q: 'pizza' };
const salad: Query = { q: 'salad' };

export const listModel = defineModel(pending, [
  {
    input: { query: pizza, cursor: null },
    events: (snapshot) => {
      const context = snapshot.context as ListContext<Row, Query>;
      const reading = snapshot.matches('loading') || snapshot.matches('loadingMore');
      return [
        { type: 'list.show', query: pizza, cursor: null },
        { type: 'list.show', query: pizza, cursor: 'c1' },
        { type: 'list.show', query: pizza, cursor: 'c2' },
        { type: 'list.show', query: salad, cursor: null },
        { type: 'list.retry' },
        { type: 'list.act', action: 'delete', id: 'c' },
        { type: 'list.refresh', id: 'a' },
        { type: 'list.refresh' },
        ...(reading
          ? [
              { type: 'xstate.done.actor.fetchPage', output: pageAt(context.cursor) },
              { type: 'xstate.error.actor.fetchPage', error: new Error('The kitchen is briefly offline') },
            ]
          : []),
        ...(snapshot.matches('refreshing')
          ? [
              { type: 'xstate.done.actor.fetchPage', output: reread(context.pages[context.stale!]!.cursor) },
              { type: 'xstate.error.actor.fetchPage', error: new Error('offline') },
            ]
          : []),
        ...(snapshot.matches('acting')
          ? [
              { type: 'xstate.done.actor.act', output: 1 },
              { type: 'xstate.error.actor.act', error: new Error('A paid order can not be deleted') },
            ]
          : []),
      ] as never;
    },
  },
]);
