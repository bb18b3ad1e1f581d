import { assign, setup } from 'xstate';
import type { RoomSettings } from '../contract/booking.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/**
 * The room's rules on Admin → Tables: read, edited in place, saved ('Save rules'). A save keeps the
 * form with what the server now holds; a refusal keeps the owner's values and says why.
 */
export const roomSettingsMachine = setup({
  types: {
    context: {} as { settings: RoomSettings | null; error: string | null; saved: number },
    events: {} as { type: 'settings.save'; settings: RoomSettings } | { type: 'settings.retry' },
  },
  actors: {
    fetchSettings: providedLater<RoomSettings>('fetchSettings'),
    saveSettings: providedLater<RoomSettings, RoomSettings>('saveSettings'),
  },
  actions: {
    announceSaved: () => {},
  },
}).createMachine({
  id: 'roomSettings',
  context: { settings: null, error: null, saved: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchSettings',
        src: 'fetchSettings',
        onDone: {
          target: 'editing',
          actions: assign({ settings: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    loadFailed: { on: { 'settings.retry': 'loading' } },
    editing: {
      on: { 'settings.save': { target: 'saving', actions: assign({ error: null }) } },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ event }) => (event as { settings: RoomSettings }).settings,
        onDone: {
          target: 'editing',
          actions: [
            assign({ settings: ({ event }) => event.output, saved: ({ context }) => context.saved + 1 }),
            'announceSaved',
          ],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});
