import type { Profile, ProfileUpdate, UpdateResult } from '../../../../contract/user.ts';
import { profileMachine } from '../../../../machines/profile.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const profile: Profile = {
  _id: 'p1',
  uid: 'u1',
  displayName: 'Carla',
  email: 'carla@pizzon.test',
  photoURL: '/images/chefs/chef-1.svg',
  role: 'user',
  address: 'Road 1',
  emailVerified: true,
};
export const changes: ProfileUpdate = {
  displayName: 'Carla M',
  photoURL: profile.photoURL,
  address: 'Road 2',
};

const pending = profileMachine.provide({
  actors: {
    fetchProfile: neverAnswers<Profile>(),
    saveProfile: neverAnswers<UpdateResult, { id: string; changes: ProfileUpdate }>(),
  },
});

export const profileModel = defineModel(pending, [
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
