import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { type AuthOutcome, type AuthRequest, authFormMachine } from '../../machines/auth-form.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { authFormModel, login, silent } from './support/models/auth-form.ts';

describe('auth form machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(authFormModel);
  });

  it('asks the provider once per submission and shows its error code', () => {
    const asked = vi.fn();
    const actor = createActor(
      authFormMachine.provide({
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

  it('shows a later sign-in failure after the provider succeeded', () => {
    const actor = createActor(silent).start();
    actor.send({ type: 'LOADING', request: login });
    actor.send({ type: 'SUCCESS' });
    expect(actor.getSnapshot().value).toBe('succeeded');
    actor.send({ type: 'ERRMSG', code: 'The server could not sign you in' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('The server could not sign you in');
  });
});
