import { fromPromise } from 'xstate';
import { createListMachine } from '../../../../machines/list.machine.ts';
import { defineModel } from '../model.ts';

/** The factory's machine, drawn and walked as one instance: every list page makes the same machine. */
export const listMachine = createListMachine<string>('names');

const pending = listMachine.provide({
  actors: { fetchRows: fromPromise(() => new Promise<string[]>(() => {})) },
});

export const listModel = defineModel(pending, [
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
