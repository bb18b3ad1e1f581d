import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DEFAULT_ROOM_SETTINGS, type RoomSettings } from '../../contract/booking.ts';
import { roomSettingsMachine } from '../../machines/room-settings.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { longerStays, roomSettingsModel } from './support/models/room-settings.ts';

const withSave = (save: (settings: RoomSettings) => Promise<RoomSettings>, announceSaved = vi.fn()) =>
  createActor(
    roomSettingsMachine.provide({
      actors: {
        fetchSettings: fromPromise(async () => DEFAULT_ROOM_SETTINGS),
        saveSettings: fromPromise(({ input }) => save(input)),
      },
      actions: { announceSaved },
    }),
  ).start();

describe('room settings machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(roomSettingsModel);
  });

  it('saves the owner’s rules and shows what the server holds', async () => {
    const announceSaved = vi.fn();
    const save = vi.fn(async (settings: RoomSettings) => settings);
    const actor = withSave(save, announceSaved);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'settings.save', settings: longerStays });
    const saved = await waitFor(actor, (s) => s.matches('editing') && s.context.saved === 1);
    expect(save).toHaveBeenCalledWith(longerStays);
    expect(saved.context.settings).toEqual(longerStays);
    expect(announceSaved).toHaveBeenCalledOnce();
  });

  it('keeps the rules it had and says why when a save is refused', async () => {
    const actor = withSave(() => Promise.reject(new Error('Stay of a small party must be at least 15')));
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'settings.save', settings: longerStays });
    const refused = await waitFor(actor, (s) => s.context.error !== null);
    expect(refused.context).toMatchObject({ settings: DEFAULT_ROOM_SETTINGS, saved: 0 });
  });
});
