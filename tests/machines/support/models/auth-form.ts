import { fromCallback } from 'xstate';
import { type AuthRequest, authFormMachine } from '../../../../machines/auth-form.machine.ts';
import { defineModel } from '../model.ts';

export const login: AuthRequest = {
  method: 'password',
  mode: 'login',
  email: 'a@pizzon.test',
  password: 'pizza1',
};
/** The form with a provider (and session) that never answers: the test sends their events itself. */
export const silent = authFormMachine.provide({
  actors: {
    authenticate: fromCallback(() => {}),
    watchSession: fromCallback(() => {}),
    sendPasswordReset: fromCallback(() => {}),
  },
});

export const authFormModel = defineModel(silent, [
  {
    events: [
      { type: 'TOGGLE' },
      { type: 'SHOWPASS' },
      { type: 'LOADING', request: login },
      { type: 'SUCCESS' },
      { type: 'ERRMSG', code: 'auth/wrong-password' },
      { type: 'auth.forgot', email: 'a@pizzon.test' },
      { type: 'auth.reset', email: 'b@pizzon.test' },
      { type: 'auth.resetSent' },
      { type: 'auth.resetFailed', message: 'Too many reset requests.' },
      { type: 'auth.back' },
    ],
  },
]);
