import { DEFAULT_ROOM_SETTINGS, type RoomSettings } from '../../../../contract/booking.ts';
import { roomSettingsMachine } from '../../../../machines/room-settings.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const longerStays: RoomSettings = { ...DEFAULT_ROOM_SETTINGS, stayMinutes: 120 };

const pending = roomSettingsMachine.provide({
  actors: {
    fetchSettings: neverAnswers<RoomSettings>(),
    saveSettings: neverAnswers<RoomSettings, RoomSettings>(),
  },
});

export const roomSettingsModel = defineModel(pending, [
  {
    events: (snapshot) =>
      [
        { type: 'settings.retry' },
        ...(snapshot.context.saved < 1 ? [{ type: 'settings.save', settings: longerStays }] : []),
        ...(snapshot.matches('loading')
          ? [
              { type: 'xstate.done.actor.fetchSettings', output: DEFAULT_ROOM_SETTINGS },
              { type: 'xstate.error.actor.fetchSettings', error: new Error('offline') },
            ]
          : []),
        ...(snapshot.matches('saving')
          ? [
              { type: 'xstate.done.actor.saveSettings', output: longerStays },
              {
                type: 'xstate.error.actor.saveSettings',
                error: new Error('Stay of a small party must be at least 15'),
              },
            ]
          : []),
      ] as never,
  },
]);
