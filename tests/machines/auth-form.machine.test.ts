import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { AuthOutcome, AuthRequest, ResetOutcome } from '../../machines/auth-form.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { authFormModel, login, silent } from './support/models/auth-form.ts';

describe('auth form machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(authFormModel);
  });

  it('asks the provider once per submission and shows its error code', () => {
    const asked = vi.fn();
    const actor = createActor(
      silent.provide({
        actors: {
          authenticate: fromCallback<AuthOutcome, AuthRequest>(({ input, sendBack }) => {
            asked(input);
            sendBack({ type: 'ERRMSG', code: 'auth/wrong-password' });
          }),
        },
      }),
    ).start();
    actor.send({ type: 'LOADING', request: login });
    expect(asked).toHaveBeenCalledExactlyOnceWith(login);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('auth/wrong-password');
  });

  it('ignores TOGGLE and a second LOADING while the provider is asked', () => {
    const actor = createActor(silent).start();
    actor.send({ type: 'LOADING', request: login });
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'LOADING', request: { method: 'google' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.mode).toBe('login');
  });

  it('clears the error when switching between login and register', () => {
    const actor = createActor(silent).start();
    actor.send({ type: 'LOADING', request: login });
    actor.send({ type: 'ERRMSG', code: 'auth/user-not-found' });
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'register', error: null });
  });

  it('shows our server refusing the session once the provider said yes', () => {
    let refuse: (code: string) => void = () => {};
    const actor = createActor(
      silent.provide({
        actors: {
          watchSession: fromCallback<AuthOutcome>(({ sendBack }) => {
            refuse = (code) => sendBack({ type: 'ERRMSG', code });
          }),
        },
      }),
    ).start();
    actor.send({ type: 'LOADING', request: login });
    actor.send({ type: 'SUCCESS' });
    expect(actor.getSnapshot().value).toBe('succeeded');
    refuse('The server could not sign you in');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('The server could not sign you in');
  });

  it('sends a reset link to the address typed, and shows the provider refusing it', () => {
    const sent: string[] = [];
    let answer: (outcome: ResetOutcome) => void = () => {};
    const actor = createActor(
      silent.provide({
        actors: {
          sendPasswordReset: fromCallback<ResetOutcome, string>(({ input, sendBack }) => {
            sent.push(input);
            answer = sendBack;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'auth.forgot', email: 'a@pizzon.test' });
    expect(actor.getSnapshot().context.resetEmail).toBe('a@pizzon.test');
    actor.send({ type: 'auth.reset', email: 'b@pizzon.test' });
    expect(sent).toEqual(['b@pizzon.test']);
    answer({ type: 'auth.resetFailed', message: 'Too many reset requests.' });
    expect(actor.getSnapshot().value).toEqual({ forgotPassword: 'editing' });
    expect(actor.getSnapshot().context.resetError).toBe('Too many reset requests.');
    actor.send({ type: 'auth.reset', email: 'b@pizzon.test' });
    answer({ type: 'auth.resetSent' });
    expect(actor.getSnapshot().value).toEqual({ forgotPassword: 'sent' });
    actor.send({ type: 'auth.back' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('offers Forgot password in Login mode only', () => {
    const actor = createActor(silent).start();
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'auth.forgot', email: 'a@pizzon.test' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
