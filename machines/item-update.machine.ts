import { assign, setup } from 'xstate';
import type { ItemUpdate } from '../contract/admin.ts';
import type { MenuItem } from '../contract/menu.ts';
import type { UpdateResult } from '../contract/user.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/**
 * Update item: the item is loaded, edited, saved ('Update now' with a spinner while saving). A saved
 * change ends in `saved` (toast, then back); an unchanged save says so and stays editing.
 */
export const itemUpdateMachine = setup({
  types: {
    input: {} as { id: string },
    context: {} as { id: string; item: MenuItem | null; draft: ItemUpdate | null; error: string | null },
    events: {} as { type: 'item.save'; changes: ItemUpdate } | { type: 'item.retry' },
  },
  actors: {
    fetchItem: providedLater<MenuItem, { id: string }>('fetchItem'),
    saveItem: providedLater<UpdateResult, { id: string; changes: ItemUpdate }>('saveItem'),
  },
  actions: {
    announceSaved: () => {},
    announceUnchanged: () => {},
    announceFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    isModified: (_, params: { result: UpdateResult }) => params.result.modifiedCount > 0,
  },
}).createMachine({
  id: 'itemUpdate',
  context: ({ input }) => ({ id: input.id, item: null, draft: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchItem',
        src: 'fetchItem',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'editing', actions: assign({ item: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: { on: { 'item.retry': 'loading' } },
    editing: {
      on: { 'item.save': { target: 'saving', actions: assign({ draft: ({ event }) => event.changes }) } },
    },
    saving: {
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        // Entered only from a save, which records the draft.
        input: ({ context }) => ({ id: context.id, changes: context.draft! }),
        onDone: [
          {
            guard: { type: 'isModified', params: ({ event }) => ({ result: event.output }) },
            target: 'saved',
            actions: [
              assign({
                // The groups as sent lack the ids of new ones: the item's own are read on its next visit.
                item: ({ context }) => {
                  const { options: _sent, ...fields } = context.draft!;
                  return { ...context.item!, ...fields };
                },
                error: null,
              }),
              'announceSaved',
            ],
          },
          { target: 'editing', actions: 'announceUnchanged' },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => errorMessage(event.error) }),
            { type: 'announceFailure', params: ({ event }) => ({ message: errorMessage(event.error) }) },
          ],
        },
      },
    },
    saved: { type: 'final' },
  },
});
