import { assign, setup } from 'xstate';
import type { Profile, ProfileUpdate, UpdateResult } from '../contract/user.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/**
 * A profile page: loaded, shown, edited ('Edit' / 'Cancle'), saved ('Update now'). Saving leaves edit
 * mode only when the server reports a modification; an unchanged save says so and stays editing.
 */
export const profileMachine = setup({
  types: {
    context: {} as { profile: Profile | null; draft: ProfileUpdate | null; error: string | null },
    events: {} as
      | { type: 'profile.edit' }
      | { type: 'profile.cancel' }
      | { type: 'profile.save'; changes: ProfileUpdate }
      | { type: 'profile.retry' },
  },
  actors: {
    fetchProfile: providedLater<Profile>('fetchProfile'),
    saveProfile: providedLater<UpdateResult, { id: string; changes: ProfileUpdate }>('saveProfile'),
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
  id: 'profile',
  context: { profile: null, draft: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: { target: 'viewing', actions: assign({ profile: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    loadFailed: { on: { 'profile.retry': 'loading' } },
    viewing: { on: { 'profile.edit': 'editing' } },
    editing: {
      on: {
        'profile.cancel': { target: 'viewing', actions: assign({ error: null }) },
        'profile.save': {
          target: 'saving',
          actions: assign({ draft: ({ event }) => event.changes }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        // Saving is reachable only from editing a loaded profile.
        input: ({ context }) => ({ id: context.profile!._id, changes: context.draft! }),
        onDone: [
          {
            guard: { type: 'isModified', params: ({ event }) => ({ result: event.output }) },
            target: 'viewing',
            actions: [
              assign({
                profile: ({ context }) => ({ ...context.profile!, ...context.draft! }),
                draft: null,
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
  },
});
