import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { profileMachine } from '../../machines/profile.machine.ts';
import type { ProfileUpdate, UpdateResult, User } from '../../server/contract/user.ts';
import { expectFullCoverage, walkModel } from './support/model.ts';

const profile: User = {
  _id: 'p1',
  uid: 'u1',
  displayName: 'Carla',
  email: 'carla@pizzon.test',
  photoURL: '/images/chefs/chef-1.svg',
  role: 'user',
  address: 'Road 1',
};
const changes: ProfileUpdate = { displayName: 'Carla M', photoURL: profile.photoURL, address: 'Road 2' };

function profileWith(result: () => Promise<UpdateResult>, announce = {}) {
  return profileMachine.provide({
    actors: { fetchProfile: fromPromise(async () => profile), saveProfile: fromPromise(result) },
    actions: announce,
  });
}

describe('profile machine', () => {
  it('walks every state and transition', () => {
    const pending = profileMachine.provide({
      actors: {
        fetchProfile: fromPromise(() => new Promise<User>(() => {})),
        saveProfile: fromPromise(() => new Promise<UpdateResult>(() => {})),
      },
    });
    const coverage = walkModel(pending, [
      {
        events: (snapshot) =>
          [
            { type: 'profile.edit' },
            { type: 'profile.cancel' },
            { type: 'profile.save', changes },
            { type: 'profile.retry' },
            ...(snapshot.matches('loading')
              ? [
                  { type: 'xstate.done.actor.fetchProfile', output: profile },
                  { type: 'xstate.error.actor.fetchProfile', error: new Error('offline') },
                ]
              : []),
            ...(snapshot.matches('saving')
              ? [
                  { type: 'xstate.done.actor.saveProfile', output: { matchedCount: 1, modifiedCount: 1 } },
                  { type: 'xstate.done.actor.saveProfile', output: { matchedCount: 1, modifiedCount: 0 } },
                  { type: 'xstate.error.actor.saveProfile', error: new Error('Address is too long') },
                ]
              : []),
          ] as never,
      },
    ]);
    expectFullCoverage(coverage);
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
