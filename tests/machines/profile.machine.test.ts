import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UpdateResult } from '../../contract/user.ts';
import { profileMachine } from '../../machines/profile.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { changes, profile, profileModel } from './support/models/profile.ts';

function profileWith(result: () => Promise<UpdateResult>, announce = {}) {
  return profileMachine.provide({
    actors: { fetchProfile: fromPromise(async () => profile), saveProfile: fromPromise(result) },
    actions: announce,
  });
}

describe('profile machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(profileModel);
  });

  it('leaves edit mode and shows the saved values when the server reports a modification', async () => {
    const announceSaved = vi.fn();
    const actor = createActor(
      profileWith(async () => ({ matchedCount: 1, modifiedCount: 1 }), { announceSaved }),
    ).start();
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.save', changes });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(actor.getSnapshot().context.profile).toEqual({ ...profile, ...changes });
    expect(announceSaved).toHaveBeenCalledOnce();
  });

  it('stays in edit mode and says so when nothing changed', async () => {
    const announceUnchanged = vi.fn();
    const actor = createActor(
      profileWith(async () => ({ matchedCount: 1, modifiedCount: 0 }), { announceUnchanged }),
    ).start();
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.save', changes });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(announceUnchanged).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.profile).toEqual(profile);
  });

  it('keeps the server’s message when saving fails', async () => {
    const announceFailure = vi.fn();
    const actor = createActor(
      profileWith(() => Promise.reject(new Error('Empty filed can not be submitted')), { announceFailure }),
    ).start();
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.save', changes });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Empty filed can not be submitted');
    expect(announceFailure).toHaveBeenCalledWith(expect.anything(), {
      message: 'Empty filed can not be submitted',
    });
  });
});
