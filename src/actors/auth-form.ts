import { fromCallback } from 'xstate';
import { type AuthOutcome, type AuthRequest, authFormMachine } from '../../machines/auth-form.machine.ts';
import { loadProvider } from '../identity/provider.ts';
import { session } from './session.ts';

/** Asks the provider; a sign-up or Google sign-in first tells the session to register the account. */
async function authenticate(request: AuthRequest): Promise<void> {
  const provider = await loadProvider();
  if (request.method === 'google') {
    session.send({ type: 'session.signUpStarted' });
    await provider.signInWithGoogle();
  } else if (request.mode === 'register') {
    session.send({ type: 'session.signUpStarted', displayName: request.displayName });
    await provider.createAccount(request.email, request.password);
  } else {
    await provider.signInWithPassword(request.email, request.password);
  }
}

export const liveAuthFormMachine = authFormMachine.provide({
  actors: {
    authenticate: fromCallback<AuthOutcome, AuthRequest>(({ input, sendBack }) => {
      authenticate(input).then(
        () => sendBack({ type: 'SUCCESS' }),
        async (error: unknown) => {
          session.send({ type: 'session.signUpAbandoned' });
          const provider = await loadProvider().catch(() => undefined);
          sendBack({ type: 'ERRMSG', code: provider ? provider.providerErrorCode(error) : String(error) });
        },
      );
    }),
  },
});
