import { assign, setup } from 'xstate';
import { providedLater } from './provided.ts';

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong';

/** A change to one row (delete, confirm, …), named by the page that offers it. */
export interface RowAction {
  action: string;
  id: string;
  /** The account the row belongs to, for calls that name it too (deleting a user). */
  uid?: string;
}

/**
 * A list read from the server (my orders; the admin's lists): loading, shown, or failed with a reason
 * and a retry. A row action ('list.act') runs one at a time, is announced, and is followed by a fresh
 * read; 'list.reload' reads again, keeping the old rows on screen meanwhile.
 */
export function createListMachine<Row>(id: string) {
  return setup({
    types: {
      context: {} as { rows: Row[]; error: string | null; acting: RowAction | null },
      events: {} as { type: 'list.reload' } | ({ type: 'list.act' } & RowAction),
    },
    actors: {
      fetchRows: providedLater<Row[]>('fetchRows'),
      /** Answers how many rows it changed. */
      act: providedLater<number, RowAction>('act'),
    },
    actions: {
      announceDone: (_, _params: RowAction) => {},
      announceFailure: (_, _params: { message: string }) => {},
    },
  }).createMachine({
    id,
    context: { rows: [], error: null, acting: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'fetchRows',
          src: 'fetchRows',
          onDone: { target: 'loaded', actions: assign({ rows: ({ event }) => event.output, error: null }) },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        },
      },
      loaded: {
        on: {
          'list.reload': 'loading',
          'list.act': {
            target: 'acting',
            actions: assign({
              acting: ({ event }) => ({ action: event.action, id: event.id, uid: event.uid }),
            }),
          },
        },
      },
      acting: {
        invoke: {
          id: 'act',
          src: 'act',
          // Entered only through 'list.act', which records the action.
          input: ({ context }) => context.acting!,
          onDone: {
            target: 'loading',
            actions: [
              { type: 'announceDone', params: ({ context }) => context.acting! },
              assign({ acting: null }),
            ],
          },
          onError: {
            target: 'loading',
            actions: [
              { type: 'announceFailure', params: ({ event }) => ({ message: errorMessage(event.error) }) },
              assign({ acting: null }),
            ],
          },
        },
      },
      failed: { on: { 'list.reload': 'loading' } },
    },
  });
}
