import { assign, fromCallback, setup } from 'xstate';

export type AuthMode = 'login' | 'register';

/** What the form asks the identity provider for. */
export type AuthRequest =
  | { method: 'password'; mode: 'login'; email: string; password: string }
  | { method: 'password'; mode: 'register'; email: string; password: string; displayName: string }
  | { method: 'google' };

/** The outcome the `authenticate` actor reports back, as the spec's SUCCESS and ERRMSG. */
export type AuthOutcome = { type: 'SUCCESS' } | { type: 'ERRMSG'; code: string };

/**
 * The Login / Register form, with the spec's events: TOGGLE (login ⇄ register), SHOWPASS (password
 * visible ⇄ hidden), LOADING (submitted: the provider is asked), SUCCESS and ERRMSG (its answer, or a
 * later sign-in failure reported by the page). One request runs at a time.
 */
export const authFormMachine = setup({
  types: {
    context: {} as { mode: AuthMode; showPassword: boolean; error: string | null },
    events: {} as
      | { type: 'TOGGLE' }
      | { type: 'SHOWPASS' }
      | { type: 'LOADING'; request: AuthRequest }
      | AuthOutcome,
  },
  actors: {
    authenticate: fromCallback<AuthOutcome, AuthRequest>(() => {
      throw new Error('authenticate is provided by src/actors');
    }),
  },
  actions: {
    toggleMode: assign({
      mode: ({ context }) => (context.mode === 'login' ? 'register' : 'login'),
      error: null,
    }),
    togglePassword: assign({ showPassword: ({ context }) => !context.showPassword }),
    storeError: assign({ error: (_, params: { code: string }) => params.code }),
  },
}).createMachine({
  id: 'authForm',
  context: { mode: 'login', showPassword: false, error: null },
  initial: 'idle',
  on: { SHOWPASS: { actions: 'togglePassword' } },
  states: {
    idle: {
      on: {
        TOGGLE: { actions: 'toggleMode' },
        LOADING: 'loading',
      },
    },
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: 'authenticate',
        input: ({ event }) => (event as { request: AuthRequest }).request,
      },
      on: {
        SUCCESS: 'succeeded',
        ERRMSG: { target: 'idle', actions: { type: 'storeError', params: ({ event }) => event } },
      },
    },
    // Signed in with the provider; the page waits for the session. A later failure comes as ERRMSG.
    succeeded: {
      on: {
        ERRMSG: { target: 'idle', actions: { type: 'storeError', params: ({ event }) => event } },
        LOADING: 'loading',
      },
    },
  },
});
