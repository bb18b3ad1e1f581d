import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiToken } from '../../contract/user.ts';
import {
  isAdmin,
  isCustomer,
  isSessionLoading,
  isSessionSettled,
  type SessionUser,
  sessionMachine,
} from '../../machines/session.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { ada, apiToken, renamedAda, sessionModel } from './support/models/session.ts';

interface Fakes {
  requestToken?: (uid: string) => Promise<ApiToken>;
  registerUser?: (input: { user: SessionUser; displayName?: string }) => Promise<SessionUser>;
  requestRole?: (uid: string) => Promise<string | null>;
}

function liveSession(fakes: Fakes, log: string[] = []) {
  return createActor(
    sessionMachine.provide({
      actors: {
        requestToken: fromPromise(async ({ input }) => {
          log.push('jwt');
          return (fakes.requestToken ?? (async () => apiToken))(input.uid);
        }),
        registerUser: fromPromise(async ({ input }) => {
          log.push(`users:${input.displayName ?? ''}`);
          return (
            fakes.registerUser ??
            (async ({ user, displayName }) => ({ ...user, displayName: displayName ?? user.displayName }))
          )(input);
        }),
        requestRole: fromPromise(async ({ input }) => {
          log.push('role');
          return (fakes.requestRole ?? (async () => 'user'))(input.uid);
        }),
      },
      actions: {
        storeToken: (_, { token }) => void log.push(`store:${token}`),
        clearToken: () => void log.push('clear'),
        signOutProvider: () => void log.push('providerSignOut'),
      },
    }),
  ).start();
}

afterEach(() => vi.useRealTimers());

describe('session machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(sessionModel);
  });

  it('asks for the API token, stores it, then asks for the role', async () => {
    const log: string[] = [];
    const session = liveSession({ requestRole: async () => 'admin' }, log);
    expect(isSessionLoading(session.getSnapshot())).toBe(true);
    session.send({ type: 'session.userChanged', user: ada });
    const signedIn = await waitFor(session, isSessionSettled);
    expect(log).toEqual(['jwt', 'store:api-token', 'role']);
    expect(signedIn.context).toMatchObject({ user: ada, role: 'admin', error: null });
    expect(isAdmin(signedIn)).toBe(true);
    expect(isCustomer(signedIn)).toBe(false);
  });

  it('ends loading once the token is stored, but settles only when the role is known', async () => {
    let answerRole: (role: string) => void = () => {};
    const session = liveSession({ requestRole: () => new Promise((resolve) => (answerRole = resolve)) });
    session.send({ type: 'session.userChanged', user: ada });
    const waiting = await waitFor(session, (s) => s.matches({ authorizing: 'requestingRole' }));
    expect(isSessionLoading(waiting)).toBe(false);
    expect(isSessionSettled(waiting)).toBe(false);
    answerRole('user');
    expect(isCustomer(await waitFor(session, isSessionSettled))).toBe(true);
  });

  it('registers a new sign-up with its display name before asking for the role', async () => {
    const log: string[] = [];
    const session = liveSession({}, log);
    session.send({ type: 'session.userChanged', user: null });
    session.send({ type: 'session.signUpStarted', displayName: 'Nadia Rahman' });
    session.send({ type: 'session.userChanged', user: { ...ada, displayName: '' } });
    const signedIn = await waitFor(session, isSessionSettled);
    expect(log).toEqual(['clear', 'jwt', 'store:api-token', 'users:Nadia Rahman', 'role']);
    expect(signedIn.context.user?.displayName).toBe('Nadia Rahman');
    expect(signedIn.context.pendingSignUp).toBeNull();
  });

  it('registers an account that has no record yet, then asks for the role again', async () => {
    const log: string[] = [];
    let asked = 0;
    const session = liveSession({ requestRole: async () => (asked++ === 0 ? null : 'user') }, log);
    session.send({ type: 'session.userChanged', user: ada });
    await waitFor(session, isSessionSettled);
    expect(log).toEqual(['jwt', 'store:api-token', 'role', 'users:', 'role']);
  });

  it('signs the provider out and keeps a readable reason when the token request fails', async () => {
    const log: string[] = [];
    const session = liveSession({ requestToken: () => Promise.reject(new Error('The API is down')) }, log);
    session.send({ type: 'session.userChanged', user: ada });
    const signedOut = await waitFor(session, isSessionSettled);
    expect(signedOut.value).toBe('signedOut');
    expect(signedOut.context).toMatchObject({ user: null, role: null, error: 'The API is down' });
    expect(log).toEqual(['jwt', 'providerSignOut', 'clear']);
  });

  it('signs out when the role request fails', async () => {
    const session = liveSession({ requestRole: () => Promise.reject(new Error('No role')) });
    session.send({ type: 'session.userChanged', user: ada });
    expect((await waitFor(session, isSessionSettled)).context.error).toBe('No role');
  });

  it('clears the token and the role on sign-out', async () => {
    const log: string[] = [];
    const session = liveSession({}, log);
    session.send({ type: 'session.userChanged', user: ada });
    await waitFor(session, (s) => s.matches('signedIn'));
    session.send({ type: 'session.signOut' });
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(session.getSnapshot().context).toMatchObject({ user: null, role: null });
    expect(log.slice(-2)).toEqual(['providerSignOut', 'clear']);
  });

  it('signs out when the provider drops the user (disabled account, expired session)', async () => {
    const session = liveSession({});
    session.send({ type: 'session.userChanged', user: ada });
    await waitFor(session, (s) => s.matches('signedIn'));
    session.send({ type: 'session.userChanged', user: null });
    expect(session.getSnapshot().value).toBe('signedOut');
  });

  it('renews the API token five minutes before it expires, and retries after a failure', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    let renewals = 0;
    const session = liveSession(
      {
        requestToken: async () => {
          renewals++;
          if (renewals === 2) throw new Error('offline');
          return { token: `token-${renewals}`, expiresIn: 3600 };
        },
      },
      log,
    );
    session.send({ type: 'session.userChanged', user: ada });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    await vi.advanceTimersByTimeAsync(55 * 60 * 1000 - 1);
    expect(renewals).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getSnapshot().matches({ signedIn: 'waitingToRetry' })).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(renewals).toBe(3);
    expect(session.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(log.filter((entry) => entry.startsWith('store:'))).toEqual(['store:token-1', 'store:token-3']);
  });

  it('follows a profile update without asking the server again', async () => {
    const log: string[] = [];
    const session = liveSession({}, log);
    session.send({ type: 'session.userChanged', user: ada });
    await waitFor(session, (s) => s.matches('signedIn'));
    session.send({ type: 'session.profileUpdated', displayName: 'Ada L', photoURL: '/me.png' });
    session.send({ type: 'session.userChanged', user: renamedAda });
    expect(session.getSnapshot().context.user).toEqual(renamedAda);
    expect(log.filter((entry) => entry === 'jwt')).toHaveLength(1);
  });
});
