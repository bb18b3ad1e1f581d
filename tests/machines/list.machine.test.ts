import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createListMachine, type RowAction } from '../../machines/list.machine.ts';
import { expectFullCoverage, walkModel } from './support/model.ts';

const listMachine = createListMachine<string>('names');

describe('list machine', () => {
  it('walks every state and transition', () => {
    const pending = listMachine.provide({
      actors: { fetchRows: fromPromise(() => new Promise<string[]>(() => {})) },
    });
    const coverage = walkModel(pending, [
      {
        events: (snapshot) =>
          [
            { type: 'list.reload' },
            { type: 'list.act', action: 'delete', id: 'a' },
            ...(snapshot.matches('loading')
              ? [
                  { type: 'xstate.done.actor.fetchRows', output: ['a'] },
                  { type: 'xstate.error.actor.fetchRows', error: new Error('offline') },
                ]
              : []),
            ...(snapshot.matches('acting')
              ? [
                  { type: 'xstate.done.actor.act', output: 1 },
                  { type: 'xstate.error.actor.act', error: new Error('A paid order can not be deleted') },
                ]
              : []),
          ] as never,
      },
    ]);
    expectFullCoverage(coverage);
  });

  it('keeps the rows on screen while reading them again, and shows why a read failed', async () => {
    let answer: () => Promise<string[]> = async () => ['a', 'b'];
    const list = createActor(
      listMachine.provide({ actors: { fetchRows: fromPromise(() => answer()) } }),
    ).start();
    await waitFor(list, (s) => s.matches('loaded'));
    answer = () => Promise.reject(new Error('The kitchen is briefly offline'));
    list.send({ type: 'list.reload' });
    expect(list.getSnapshot().context.rows).toEqual(['a', 'b']);
    const failed = await waitFor(list, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('The kitchen is briefly offline');
  });

  it('runs a row action, announces it and reads the list again', async () => {
    let rows = ['a', 'b'];
    const announceDone = vi.fn();
    const list = createActor(
      listMachine.provide({
        actors: {
          fetchRows: fromPromise(async () => rows),
          act: fromPromise(async ({ input }: { input: RowAction }): Promise<number> => {
            rows = rows.filter((row) => row !== input.id);
            return 1;
          }),
        },
        actions: { announceDone },
      }),
    ).start();
    await waitFor(list, (s) => s.matches('loaded'));
    list.send({ type: 'list.act', action: 'delete', id: 'a' });
    list.send({ type: 'list.act', action: 'delete', id: 'b' });
    const after = await waitFor(list, (s) => s.matches('loaded') && s.context.rows.length === 1);
    expect(after.context.rows).toEqual(['b']);
    expect(announceDone).toHaveBeenCalledExactlyOnceWith(expect.anything(), { action: 'delete', id: 'a' });
  });

  it('announces a refused action and shows the list as the server has it', async () => {
    const announceFailure = vi.fn();
    const list = createActor(
      listMachine.provide({
        actors: {
          fetchRows: fromPromise(async () => ['a']),
          act: fromPromise(() => Promise.reject(new Error('An admin account can not be deleted'))),
        },
        actions: { announceFailure },
      }),
    ).start();
    await waitFor(list, (s) => s.matches('loaded'));
    list.send({ type: 'list.act', action: 'delete', id: 'a' });
    await waitFor(list, (s) => s.matches('loaded') && announceFailure.mock.calls.length > 0);
    expect(announceFailure).toHaveBeenCalledWith(expect.anything(), {
      message: 'An admin account can not be deleted',
    });
  });
});
