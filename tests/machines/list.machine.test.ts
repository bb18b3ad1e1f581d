import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RowAction } from '../../machines/list.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { listMachine, listModel } from './support/models/list.ts';

describe('list machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(listModel);
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
