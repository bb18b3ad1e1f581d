import { assign, fromCallback, setup } from 'xstate';

export type AuthMode = 'login' | 'register';

/** What the form asks the identity provider for. */
export type AuthRequest =
  | { method: 'password'; mode: 'login'; email: string; password: string }
  | { method: 'password'; mode: 'register'; email: string; password: string; displayName: string }
  | { method: 'google' };

/** The outcome the `authenticate` actor reports back, as the spec's SUCCESS and ERRMSG. */
export type AuthOutcome = { type: 'SUCCESS' } | { type: 'ERRMSG'; code: string };

/** What the `sendPasswordReset` actor reports back: the link is on its way, or why it is not. */
export type ResetOutcome = { type: 'auth.resetSent' } | { type: 'auth.resetFailed'; message: string };

export interface AuthFormContext {
  mode: AuthMode;
  showPassword: boolean;
  error: string | null;
  /** Forgot password: the address the link is (to be) sent to, starting from the Login form's Email. */
  resetEmail: string;
  resetError: string | null;
}

/**
 * The Login / Register form, with the spec's events: TOGGLE (login ⇄ register), SHOWPASS (password
 * visible ⇄ hidden), LOADING (submitted: the provider is asked), SUCCESS and ERRMSG (its answer, or a
 * sign-in our server then refused, which `watchSession` reports). One request runs at a time. Forgot
 * password replaces the form until the customer goes back: the provider e-mails a reset link.
 */
export const authFormMachine = setup({
  types: {
    context: {} as AuthFormContext,
    events: {} as
      | { type: 'TOGGLE' }
      | { type: 'SHOWPASS' }
      | { type: 'LOADING'; request: AuthRequest }
      | AuthOutcome
      | { type: 'auth.forgot'; email: string }
      | { type: 'auth.reset'; email: string }
      | { type: 'auth.back' }
      | ResetOutcome,
  },
  actors: {
    authenticate: fromCallback<AuthOutcome, AuthRequest>(() => {
      throw new Error('authenticate is provided by src/actors');
    }),
    /** Once the provider has said yes: reports our server's refusal of the session as ERRMSG. */
    watchSession: fromCallback<AuthOutcome>(() => {
      throw new Error('watchSession is provided by src/actors');
    }),
    sendPasswordReset: fromCallback<ResetOutcome, string>(() => {
      throw new Error('sendPasswordReset is provided by src/actors');
    }),
  },
  guards: {
    /** Forgot password is offered beside Login only. */
    isLoginMode: ({ context }) => context.mode === 'login',
  },
  actions: {
    toggleMode: assign({
      mode: ({ context }) => (context.mode === 'login' ? 'register' : 'login'),
      error: null,
    }),
    togglePassword: assign({ showPassword: ({ context }) => !context.showPassword }),
    storeError: assign({ error: (_, params: { code: string }) => params.code }),
    storeResetEmail: assign({ resetEmail: (_, params: { email: string }) => params.email, resetError: null }),
  },
}).createMachine({
  id: 'authForm',
  context: { mode: 'login', showPassword: false, error: null, resetEmail: '', resetError: null },
  initial: 'idle',
  on: { SHOWPASS: { actions: 'togglePassword' } },
  states: {
    idle: {
      on: {
        TOGGLE: { actions: 'toggleMode' },
        LOADING: 'loading',
        'auth.forgot': {
          guard: 'isLoginMode',
          target: 'forgotPassword',
          actions: { type: 'storeResetEmail', params: ({ event }) => event },
        },
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
    // Signed in with the provider; the page waits for the session. Our server's refusal comes as ERRMSG.
    succeeded: {
      invoke: { src: 'watchSession' },
      on: {
        ERRMSG: { target: 'idle', actions: { type: 'storeError', params: ({ event }) => event } },
        LOADING: 'loading',
      },
    },
    forgotPassword: {
      initial: 'editing',
      on: { 'auth.back': 'idle' },
      states: {
        editing: {
          on: {
            'auth.reset': {
              target: 'sending',
              actions: { type: 'storeResetEmail', params: ({ event }) => event },
            },
          },
        },
        sending: {
          invoke: { src: 'sendPasswordReset', input: ({ context }) => context.resetEmail },
          on: {
            'auth.resetSent': 'sent',
            'auth.resetFailed': {
              target: 'editing',
              actions: assign({ resetError: ({ event }) => event.message }),
            },
          },
        },
        // Said the same whether or not the address has an account: the form never tells who does.
        sent: {},
      },
    },
  },
});
