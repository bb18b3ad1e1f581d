import type { ApiToken } from '../../../../contract/user.ts';
import { type SessionUser, sessionMachine } from '../../../../machines/session.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const ada: SessionUser = { uid: 'ada', displayName: 'Ada', email: 'ada@pizzon.test', photoURL: '' };
export const renamedAda: SessionUser = { ...ada, displayName: 'Ada L' };
export const bob: SessionUser = { uid: 'bob', displayName: 'Bob', email: 'bob@pizzon.test', photoURL: '' };
export const apiToken: ApiToken = { token: 'api-token', expiresIn: 3600 };

const pending = sessionMachine.provide({
  actors: {
    requestToken: neverAnswers<ApiToken, { uid: string }>(),
    registerUser: neverAnswers<SessionUser, { user: SessionUser; displayName?: string }>(),
    requestRole: neverAnswers<string | null, { uid: string }>(),
  },
});

export const sessionModel = defineModel(pending, [
  {
    events: (snapshot) =>
      [
        { type: 'session.userChanged', user: ada },
        { type: 'session.userChanged', user: renamedAda },
        { type: 'session.userChanged', user: bob },
        { type: 'session.userChanged', user: null },
        { type: 'session.signUpStarted', displayName: 'Nadia' },
        { type: 'session.signUpAbandoned' },
        { type: 'session.signOut' },
        { type: 'session.profileUpdated', displayName: 'Ada L', photoURL: '' },
        ...(snapshot.matches({ authorizing: 'requestingToken' })
          ? [
              { type: 'xstate.done.actor.requestToken', output: apiToken },
              { type: 'xstate.error.actor.requestToken', error: new Error('offline') },
            ]
          : []),
        ...(snapshot.matches({ authorizing: 'registering' })
          ? [
              { type: 'xstate.done.actor.registerUser', output: snapshot.context.user },
              { type: 'xstate.error.actor.registerUser', error: new Error('offline') },
            ]
          : []),
        ...(snapshot.matches({ authorizing: 'requestingRole' })
          ? [
              { type: 'xstate.done.actor.requestRole', output: 'user' },
              { type: 'xstate.done.actor.requestRole', output: 'admin' },
              { type: 'xstate.done.actor.requestRole', output: null },
              { type: 'xstate.error.actor.requestRole', error: new Error('offline') },
            ]
          : []),
        ...(snapshot.matches({ signedIn: 'active' })
          ? [{ type: 'xstate.after.renewToken.session.signedIn.active' }]
          : []),
        ...(snapshot.matches({ signedIn: 'renewing' })
          ? [
              { type: 'xstate.done.actor.renewToken', output: apiToken },
              { type: 'xstate.error.actor.renewToken', error: new Error('offline') },
            ]
          : []),
        ...(snapshot.matches({ signedIn: 'waitingToRetry' })
          ? [{ type: 'xstate.after.retryRenewal.session.signedIn.waitingToRetry' }]
          : []),
      ] as never,
  },
]);
