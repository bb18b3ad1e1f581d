import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Page } from '../../contract/paging.ts';
import { type ListPlace, type RowAction, sameQuery, shownRows } from '../../machines/list.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { listMachine, listModel, type Query, type Row } from './support/models/list.ts';

/**
 * A server's newest-first list, paged by keyset as the API pages it: a cursor is the position of the
 * last row of the page before (here its id), so it stays valid when rows go.
 */
function fakeServer(ids: string[], limit = 2) {
  const order = [...ids];
  let rows = [...ids];
  const reads: Array<string | null> = [];
  let failing: Error | null = null;
  return {
    reads,
    remove(id: string) {
      rows = rows.filter((row) => row !== id);
    },
    failWith(error: Error | null) {
      failing = error;
    },
    async read({ cursor }: ListPlace<Query>): Promise<Page<Row>> {
      reads.push(cursor);
      if (failing) throw failing;
      const after = cursor === null ? -1 : order.indexOf(cursor);
      const rest = rows.filter((id) => order.indexOf(id) > after);
      const page = rest.slice(0, limit);
      return {
        rows: page.map((_id) => ({ _id })),
        next: rest.length > limit ? page.at(-1)! : null,
      };
    },
  };
}

const ids = (rows: Row[]) => rows.map((row) => row._id);
const pizza: Query = { q: 'pizza' };

function startList(
  server: ReturnType<typeof fakeServer>,
  options: {
    act?: (action: RowAction) => Promise<number>;
    announceDone?: () => void;
    announceFailure?: () => void;
    cursor?: string | null;
  } = {},
) {
  return createActor(
    listMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input }: { input: ListPlace<Query> }) => server.read(input)),
        act: fromPromise(({ input }: { input: RowAction }) => (options.act ?? (async () => 1))(input)),
      },
      actions: {
        announceDone: options.announceDone ?? (() => {}),
        announceFailure: options.announceFailure ?? (() => {}),
      },
    }),
    { input: { query: pizza, cursor: options.cursor ?? null } },
  ).start();
}

const settled = (list: ReturnType<typeof startList>) =>
  waitFor(list, (s) => s.matches('shown') || s.matches('failed') || s.matches('moreFailed'));

describe('list machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(listModel);
  });

  it('reads the page the address asks for, once, however often the address repeats it', async () => {
    const server = fakeServer(['a', 'b', 'c', 'd', 'e']);
    const list = startList(server, { cursor: 'b' });
    list.send({ type: 'list.show', query: { q: 'pizza' }, cursor: 'b' });
    const shown = await settled(list);
    expect(ids(shownRows(shown.context))).toEqual(['c', 'd']);
    expect(shown.context.next).toBe('d');
    list.send({ type: 'list.show', query: pizza, cursor: 'b' });
    expect(list.getSnapshot().matches('shown')).toBe(true);
    expect(server.reads).toEqual(['b']);
  });

  it('appends the next page under the rows shown, which stay on screen while it is read', async () => {
    const server = fakeServer(['a', 'b', 'c', 'd', 'e']);
    const list = startList(server);
    await settled(list);
    list.send({ type: 'list.show', query: pizza, cursor: 'b' });
    const loading = list.getSnapshot();
    expect(loading.matches('loadingMore')).toBe(true);
    expect(ids(shownRows(loading.context))).toEqual(['a', 'b']);
    const more = await settled(list);
    expect(ids(shownRows(more.context))).toEqual(['a', 'b', 'c', 'd']);
    list.send({ type: 'list.show', query: pizza, cursor: 'd' });
    const last = await settled(list);
    expect(ids(shownRows(last.context))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(last.context.next).toBeNull();
    expect(server.reads).toEqual([null, 'b', 'd']);
  });

  it('goes Back to a page already shown by dropping the pages after it, without reading', async () => {
    const server = fakeServer(['a', 'b', 'c', 'd', 'e']);
    const list = startList(server);
    await settled(list);
    list.send({ type: 'list.show', query: pizza, cursor: 'b' });
    await settled(list);
    list.send({ type: 'list.show', query: pizza, cursor: 'd' });
    await settled(list);

    list.send({ type: 'list.show', query: pizza, cursor: 'b' });
    expect(list.getSnapshot().matches('shown')).toBe(true);
    expect(ids(shownRows(list.getSnapshot().context))).toEqual(['a', 'b', 'c', 'd']);
    expect(list.getSnapshot().context.next).toBe('d');
    list.send({ type: 'list.show', query: pizza, cursor: null });
    expect(ids(shownRows(list.getSnapshot().context))).toEqual(['a', 'b']);
    expect(list.getSnapshot().context.next).toBe('b');
    expect(server.reads).toEqual([null, 'b', 'd']);

    // Forward again: the next page is read again and appended.
    list.send({ type: 'list.show', query: pizza, cursor: 'b' });
    expect(list.getSnapshot().matches('loadingMore')).toBe(true);
    expect(ids(shownRows((await settled(list)).context))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('stops reading more when the address goes Back meanwhile', async () => {
    const server = fakeServer(['a', 'b', 'c']);
    const list = startList(server);
    await settled(list);
    list.send({ type: 'list.show', query: pizza, cursor: 'b' });
    list.send({ type: 'list.show', query: pizza, cursor: null });
    const back = list.getSnapshot();
    expect(back.matches('shown')).toBe(true);
    expect(back.context).toMatchObject({ cursor: null, next: 'b' });
    expect(ids(shownRows(back.context))).toEqual(['a', 'b']);
  });

  it('reads from the start when the filters change, or when the cursor is not on screen', async () => {
    const server = fakeServer(['a', 'b', 'c', 'd', 'e']);
    const list = startList(server);
    await settled(list);
    list.send({ type: 'list.show', query: { q: 'salad' }, cursor: null });
    const loading = list.getSnapshot();
    expect(loading.matches('loading')).toBe(true);
    expect(loading.context.pages).toEqual([]);
    await settled(list);
    list.send({ type: 'list.show', query: { q: 'salad' }, cursor: 'd' });
    expect(list.getSnapshot().matches('loading')).toBe(true);
    expect(ids(shownRows((await settled(list)).context))).toEqual(['e']);
  });

  it('shows why the first read failed, and reads again on Try again', async () => {
    const server = fakeServer(['a']);
    server.failWith(new Error('The kitchen is briefly offline'));
    const list = startList(server);
    const failed = await settled(list);
    expect(failed.matches('failed')).toBe(true);
    expect(failed.context.error).toBe('The kitchen is briefly offline');
    server.failWith(null);
    list.send({ type: 'list.retry' });
    const shown = await settled(list);
    expect(shown.context.error).toBeNull();
    expect(ids(shownRows(shown.context))).toEqual(['a']);
  });

  it('keeps every row when reading more fails, with the reason and Try again for that page', async () => {
    const server = fakeServer(['a', 'b', 'c', 'd', 'e']);
    const list = startList(server);
    await settled(list);
    server.failWith(new Error('The kitchen is briefly offline'));
    list.send({ type: 'list.show', query: pizza, cursor: 'b' });
    const failed = await settled(list);
    expect(failed.matches('moreFailed')).toBe(true);
    expect(failed.context.error).toBe('The kitchen is briefly offline');
    expect(ids(shownRows(failed.context))).toEqual(['a', 'b']);

    server.failWith(null);
    list.send({ type: 'list.retry' });
    expect(ids(shownRows(list.getSnapshot().context))).toEqual(['a', 'b']);
    const shown = await settled(list);
    expect(shown.context.error).toBeNull();
    expect(ids(shownRows(shown.context))).toEqual(['a', 'b', 'c', 'd']);
    expect(server.reads).toEqual([null, 'b', 'b']);
  });

  it('after a row action, reads only the page that held the row, and shows each row once', async () => {
    const server = fakeServer(['a', 'b', 'c', 'd', 'e']);
    const announceDone = vi.fn();
    const list = startList(server, {
      announceDone,
      act: async ({ id }) => {
        server.remove(id);
        return 1;
      },
    });
    await settled(list);
    list.send({ type: 'list.show', query: pizza, cursor: 'b' });
    await settled(list);
    list.send({ type: 'list.act', action: 'delete', id: 'a' });
    // One action at a time.
    list.send({ type: 'list.act', action: 'delete', id: 'c' });
    const after = await waitFor(
      list,
      (s) => s.matches('shown') && !s.context.acting && server.reads.length === 3,
    );
    // The first page lost 'a' and pulled 'c' up from the second, which is not read again.
    expect(after.context.pages.map((page) => ids(page.rows))).toEqual([
      ['b', 'c'],
      ['c', 'd'],
    ]);
    expect(ids(shownRows(after.context))).toEqual(['b', 'c', 'd']);
    expect(server.reads).toEqual([null, 'b', null]);
    expect(announceDone).toHaveBeenCalledExactlyOnceWith(expect.anything(), { action: 'delete', id: 'a' });
    expect(after.context.next).toBe('d');
  });

  it('reads again the page of a row changed elsewhere (My order deletes its own orders)', async () => {
    const server = fakeServer(['a', 'b', 'c', 'd', 'e']);
    const list = startList(server);
    await settled(list);
    list.send({ type: 'list.show', query: pizza, cursor: 'b' });
    await settled(list);
    server.remove('d');
    list.send({ type: 'list.refresh', id: 'd' });
    expect(list.getSnapshot().matches('refreshing')).toBe(true);
    const after = await waitFor(list, (s) => s.matches('shown') && server.reads.length === 3);
    expect(server.reads).toEqual([null, 'b', 'b']);
    expect(ids(shownRows(after.context))).toEqual(['a', 'b', 'c', 'e']);
  });

  it('announces a refused action and shows the row as the server has it', async () => {
    const announceFailure = vi.fn();
    const server = fakeServer(['a']);
    const list = startList(server, {
      act: () => Promise.reject(new Error('An admin account can not be deleted')),
      announceFailure,
    });
    await settled(list);
    list.send({ type: 'list.act', action: 'delete', id: 'a' });
    const after = await waitFor(list, (s) => s.matches('shown') && announceFailure.mock.calls.length > 0);
    expect(announceFailure).toHaveBeenCalledWith(expect.anything(), {
      message: 'An admin account can not be deleted',
    });
    expect(ids(shownRows(after.context))).toEqual(['a']);
    expect(server.reads).toEqual([null, null]);
  });

  it('follows the address once a row action is done, when it changed meanwhile', async () => {
    let finish: (changed: number) => void = () => {};
    const server = fakeServer(['a', 'b', 'c']);
    const announceDone = vi.fn();
    const list = startList(server, {
      act: () => new Promise((resolve) => (finish = resolve)),
      announceDone,
    });
    await settled(list);
    list.send({ type: 'list.act', action: 'confirm', id: 'a' });
    list.send({ type: 'list.show', query: pizza, cursor: 'b' });
    expect(list.getSnapshot().matches('acting')).toBe(true);
    finish(1);
    const after = await waitFor(list, (s) => s.matches('shown') && s.context.pages.length === 2);
    expect(announceDone).toHaveBeenCalledOnce();
    expect(ids(shownRows(after.context))).toEqual(['a', 'b', 'c']);
    expect(server.reads).toEqual([null, null, 'b']);
  });

  it('keeps the rows when the page of a changed row can not be read again, with Try again', async () => {
    const server = fakeServer(['a', 'b', 'c']);
    const list = startList(server, { act: async () => 1 });
    await settled(list);
    server.failWith(new Error('offline'));
    list.send({ type: 'list.act', action: 'confirm', id: 'b' });
    const failed = await waitFor(list, (s) => s.matches('refreshFailed'));
    expect(failed.context.error).toBe('offline');
    expect(ids(shownRows(failed.context))).toEqual(['a', 'b']);
    server.failWith(null);
    list.send({ type: 'list.retry' });
    const shown = await waitFor(list, (s) => s.matches('shown'));
    expect(shown.context.error).toBeNull();
    expect(server.reads).toEqual([null, null, null]);
  });
});

describe('shownRows and sameQuery', () => {
  it('flattens the pages in order and keeps the first of rows shown twice', () => {
    const pages = [
      { cursor: null, rows: [{ _id: 'a' }, { _id: 'b' }] },
      { cursor: 'b', rows: [{ _id: 'b' }, { _id: 'c' }] },
    ];
    expect(ids(shownRows({ pages }))).toEqual(['a', 'b', 'c']);
  });

  it('compares filters by value, ignoring key order and keys left undefined', () => {
    expect(
      sameQuery({ status: 'paid', q: undefined, from: '2026-01-01' }, { from: '2026-01-01', status: 'paid' }),
    ).toBe(true);
    expect(sameQuery({ status: 'paid' }, { status: 'unpaid' })).toBe(false);
    expect(sameQuery({}, { limit: 2 })).toBe(false);
  });
});
