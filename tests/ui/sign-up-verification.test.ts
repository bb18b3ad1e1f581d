import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { AuthRequest } from '../../machines/auth-form.machine.ts';
import { authLogic } from '../../src/actors/auth-form.ts';
import { testActors } from './support/actors.tsx';
import { sessionOf } from './support/fixtures.ts';

// The provider is the effect under test: a fake that records what the form asked of it.
const provider = {
  createAccount: vi.fn<(email: string, password: string) => Promise<void>>(),
  signInWithPassword: vi.fn<(email: string, password: string) => Promise<void>>(),
  sendVerificationLink: vi.fn<() => Promise<void>>(),
};
vi.mock('../../src/identity/firebase.ts', () => ({
  createAccount: (email: string, password: string) => provider.createAccount(email, password),
  signInWithPassword: (email: string, password: string) => provider.signInWithPassword(email, password),
  sendVerificationLink: () => provider.sendVerificationLink(),
  providerErrorCode: (error: unknown) => (error as { code: string }).code,
}));

const register: AuthRequest = {
  method: 'password',
  mode: 'register',
  email: 'nadia@pizzon.test',
  password: 'pizza1',
  displayName: 'Nadia',
};

/** The auth form as /auth runs it, beside a session that is still registering the account. */
function submit(request: AuthRequest) {
  const session = { ...sessionOf(null), send: vi.fn() };
  const { authForm } = authLogic.make(testActors({ session }));
  const form = createActor(authForm).start();
  form.send({ type: 'LOADING', request });
  return form;
}

beforeEach(() => {
  for (const effect of Object.values(provider)) effect.mockReset();
  provider.createAccount.mockResolvedValue();
  provider.signInWithPassword.mockResolvedValue();
});

describe('an e-mail and password sign-up', () => {
  it('asks the provider to e-mail a verification link', async () => {
    provider.sendVerificationLink.mockResolvedValue();
    const form = submit(register);
    await waitFor(form, (snapshot) => snapshot.matches('succeeded'));
    expect(provider.createAccount).toHaveBeenCalledExactlyOnceWith('nadia@pizzon.test', 'pizza1');
    expect(provider.sendVerificationLink).toHaveBeenCalledOnce();
  });

  it('stands when the link can not be sent: the profile offers it again', async () => {
    provider.sendVerificationLink.mockRejectedValue(
      Object.assign(new Error('quota'), { code: 'auth/too-many-requests' }),
    );
    const form = submit(register);
    await waitFor(form, (snapshot) => snapshot.matches('succeeded'));
    expect(provider.sendVerificationLink).toHaveBeenCalledOnce();
    expect(form.getSnapshot().context.error).toBeNull();
  });

  it('is the only time: signing in sends no link', async () => {
    const form = submit({
      method: 'password',
      mode: 'login',
      email: 'nadia@pizzon.test',
      password: 'pizza1',
    });
    await waitFor(form, (snapshot) => snapshot.matches('succeeded'));
    expect(provider.sendVerificationLink).not.toHaveBeenCalled();
  });
});
