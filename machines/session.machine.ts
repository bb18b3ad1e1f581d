import { assign, type SnapshotFrom, setup } from 'xstate';
import type { ApiToken } from '../contract/user.ts';
import { isCustomerRole } from '../contract/user.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/** The signed-in user as the provider describes them. */
export interface SessionUser {
  uid: string;
  displayName: string;
  email: string;
  photoURL: string;
}

interface SessionContext {
  user: SessionUser | null;
  role: string | null;
  /** Seconds the stored API token lives; the token is renewed five minutes before. */
  tokenExpiresIn: number;
  /** Set by the auth form before a sign-up or Google sign-in reaches the provider. */
  pendingSignUp: { displayName?: string } | null;
  /** Why the last sign-in attempt ended, for /auth to show. */
  error: string | null;
}

export type SessionEvent =
  | { type: 'session.userChanged'; user: SessionUser | null }
  | { type: 'session.signUpStarted'; displayName?: string }
  | { type: 'session.signUpAbandoned' }
  | { type: 'session.signOut' }
  | { type: 'session.profileUpdated'; displayName: string; photoURL: string };

const RENEW_BEFORE_EXPIRY_S = 5 * 60;
const RENEW_RETRY_MS = 30_000;

/**
 * Sign-in: the provider reports a user → our API token (POST /jwt, stored) → for sign-ups, the account
 * record (POST /users) → the role (GET /role). Only then is the user signed in, so guards and the
 * navbar never see a half-signed-in state. Any failure signs the provider out and keeps the reason.
 */
export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    requestToken: providedLater<ApiToken, { uid: string }>('requestToken'),
    /** POST /users (and the display name on the provider profile); answers the user as registered. */
    registerUser: providedLater<SessionUser, { user: SessionUser; displayName?: string }>('registerUser'),
    /** GET /role/{uid}; null when the account has no record yet. */
    requestRole: providedLater<string | null, { uid: string }>('requestRole'),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    clearToken: () => {},
    signOutProvider: () => {},
    keepError: assign({
      error: ({ event }) => errorMessage((event as { error?: unknown }).error, 'Sign-in failed'),
    }),
  },
  guards: {
    hasUser: ({ event }) => event.type === 'session.userChanged' && event.user !== null,
    isSameUser: ({ context, event }) =>
      event.type === 'session.userChanged' && event.user !== null && event.user.uid === context.user?.uid,
    hasPendingSignUp: ({ context }) => context.pendingSignUp !== null,
    isUnregistered: (_, params: { role: string | null }) => params.role === null,
  },
  delays: {
    renewToken: ({ context }) => Math.max(0, context.tokenExpiresIn - RENEW_BEFORE_EXPIRY_S) * 1000,
    retryRenewal: RENEW_RETRY_MS,
  },
}).createMachine({
  id: 'session',
  context: { user: null, role: null, tokenExpiresIn: 0, pendingSignUp: null, error: null },
  initial: 'restoring',
  on: {
    'session.signUpStarted': {
      actions: assign({ pendingSignUp: ({ event }) => ({ displayName: event.displayName }) }),
    },
    'session.signUpAbandoned': { actions: assign({ pendingSignUp: null }) },
  },
  states: {
    // Waiting for the provider to say whether a user was restored (a hard reload).
    restoring: {
      on: {
        'session.userChanged': [{ guard: 'hasUser', target: 'authorizing' }, { target: 'signedOut' }],
      },
    },
    signedOut: {
      entry: ['clearToken', assign({ user: null, role: null })],
      on: {
        'session.userChanged': { guard: 'hasUser', target: 'authorizing' },
      },
    },
    authorizing: {
      entry: assign({
        user: ({ event }) => (event as { user: SessionUser }).user,
        role: null,
        error: null,
      }),
      initial: 'requestingToken',
      on: {
        'session.userChanged': [
          { guard: 'hasUser', target: 'authorizing', reenter: true },
          { target: 'signedOut' },
        ],
        'session.signOut': { target: 'signedOut', actions: 'signOutProvider' },
      },
      states: {
        requestingToken: {
          invoke: {
            id: 'requestToken',
            src: 'requestToken',
            input: ({ context }) => ({ uid: context.user!.uid }),
            onDone: [
              {
                guard: 'hasPendingSignUp',
                target: 'registering',
                actions: [
                  assign({ tokenExpiresIn: ({ event }) => event.output.expiresIn }),
                  { type: 'storeToken', params: ({ event }) => event.output },
                ],
              },
              {
                target: 'requestingRole',
                actions: [
                  assign({ tokenExpiresIn: ({ event }) => event.output.expiresIn }),
                  { type: 'storeToken', params: ({ event }) => event.output },
                ],
              },
            ],
            onError: { target: '#session.signedOut', actions: ['signOutProvider', 'keepError'] },
          },
        },
        // A new account (or one whose sign-up was interrupted) gets its record before the role is asked.
        registering: {
          invoke: {
            id: 'registerUser',
            src: 'registerUser',
            input: ({ context }) => ({
              user: context.user!,
              displayName: context.pendingSignUp?.displayName,
            }),
            onDone: {
              target: 'requestingRole',
              actions: assign({ user: ({ event }) => event.output, pendingSignUp: null }),
            },
            onError: { target: '#session.signedOut', actions: ['signOutProvider', 'keepError'] },
          },
        },
        requestingRole: {
          invoke: {
            id: 'requestRole',
            src: 'requestRole',
            input: ({ context }) => ({ uid: context.user!.uid }),
            onDone: [
              {
                guard: { type: 'isUnregistered', params: ({ event }) => ({ role: event.output }) },
                target: 'registering',
              },
              { target: '#session.signedIn', actions: assign({ role: ({ event }) => event.output }) },
            ],
            onError: { target: '#session.signedOut', actions: ['signOutProvider', 'keepError'] },
          },
        },
      },
    },
    signedIn: {
      initial: 'active',
      on: {
        'session.userChanged': [
          // The provider refreshed the same user (a new ID token, an updated profile).
          { guard: 'isSameUser', actions: assign({ user: ({ event }) => event.user }) },
          { guard: 'hasUser', target: 'authorizing' },
          // The provider signed the user out (sign-out elsewhere, account disabled, token revoked).
          { target: 'signedOut' },
        ],
        'session.signOut': { target: 'signedOut', actions: 'signOutProvider' },
        'session.profileUpdated': {
          actions: assign({
            user: ({ context, event }) => ({
              ...context.user!,
              displayName: event.displayName,
              photoURL: event.photoURL,
            }),
          }),
        },
      },
      states: {
        active: { after: { renewToken: 'renewing' } },
        renewing: {
          invoke: {
            id: 'renewToken',
            src: 'requestToken',
            input: ({ context }) => ({ uid: context.user!.uid }),
            onDone: {
              target: 'active',
              actions: [
                assign({ tokenExpiresIn: ({ event }) => event.output.expiresIn }),
                { type: 'storeToken', params: ({ event }) => event.output },
              ],
            },
            // The current token is still valid for a few minutes: try again shortly.
            onError: 'waitingToRetry',
          },
        },
        waitingToRetry: { after: { retryRenewal: 'renewing' } },
      },
    },
  },
});

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Signed in with a known role, or signed out: what guards and the navbar wait for. */
export const isSessionSettled = (session: SessionSnapshot): boolean =>
  session.matches('signedIn') || session.matches('signedOut');

/** The spec's loading flag: true from sign-in until the API token is stored. */
export const isSessionLoading = (session: SessionSnapshot): boolean =>
  session.matches('restoring') || session.matches({ authorizing: 'requestingToken' });

export const isCustomer = (session: SessionSnapshot): boolean =>
  session.matches('signedIn') && session.context.role !== null && isCustomerRole(session.context.role);

export const isAdmin = (session: SessionSnapshot): boolean =>
  session.matches('signedIn') && session.context.role !== null && !isCustomerRole(session.context.role);
