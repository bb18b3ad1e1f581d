import * as v from 'valibot';
import { fromCallback } from 'xstate';
import {
  type AuthOutcome,
  type AuthRequest,
  authFormMachine,
  type ResetOutcome,
} from '../../machines/auth-form.machine.ts';
import { errorMessage } from '../../machines/error-message.ts';
import { isSessionSettled } from '../../machines/session.machine.ts';
import { PasswordResetSchema } from '../forms/credentials.ts';
import { linkRefusal, loadProvider, SIGN_IN_SERVICE_UNREACHABLE } from '../identity/provider.ts';
import { fromActors, useLogic } from './context.tsx';
import type { SessionActor } from './session.ts';

/** Asks the provider; a sign-up or Google sign-in first tells the session to register the account. */
async function authenticate(session: SessionActor, request: AuthRequest): Promise<void> {
  const provider = await loadProvider();
  if (request.method === 'google') {
    session.send({ type: 'session.signUpStarted' });
    await provider.signInWithGoogle();
  } else if (request.mode === 'register') {
    session.send({ type: 'session.signUpStarted', displayName: request.displayName });
    await provider.createAccount(request.email, request.password);
    // Order mail waits for a verified e-mail. The sign-up stands whether or not the link goes: the
    // profile says the e-mail is not verified yet and offers to send it again.
    provider.sendVerificationLink().catch(() => {});
  } else {
    await provider.signInWithPassword(request.email, request.password);
  }
}

/**
 * Forgot password: the provider e-mails a link to its own reset page. An unknown address is answered
 * like a known one, so the form never tells who has an account.
 */
async function sendPasswordReset(address: string): Promise<void> {
  const { email } = v.parse(PasswordResetSchema, { email: address });
  const provider = await loadProvider().catch(() => {
    throw new Error(SIGN_IN_SERVICE_UNREACHABLE);
  });
  try {
    await provider.sendPasswordReset(email);
  } catch (error) {
    const code = provider.providerErrorCode(error);
    if (code !== 'auth/user-not-found') throw new Error(linkRefusal(code, 'reset'));
  }
}

const authForm = (session: SessionActor) =>
  authFormMachine.provide({
    actors: {
      authenticate: fromCallback<AuthOutcome, AuthRequest>(({ input, sendBack }) => {
        authenticate(session, input).then(
          () => sendBack({ type: 'SUCCESS' }),
          async (error: unknown) => {
            session.send({ type: 'session.signUpAbandoned' });
            const provider = await loadProvider().catch(() => undefined);
            sendBack({ type: 'ERRMSG', code: provider ? provider.providerErrorCode(error) : String(error) });
          },
        );
      }),
      // The provider said yes; our server may still refuse the session (POST /jwt, GET /role).
      watchSession: fromCallback<AuthOutcome>(({ sendBack }) => {
        const report = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
          const error = isSessionSettled(snapshot) ? snapshot.context.error : null;
          if (error) sendBack({ type: 'ERRMSG', code: error });
        };
        report(session.getSnapshot());
        const subscription = session.subscribe(report);
        return () => subscription.unsubscribe();
      }),
      sendPasswordReset: fromCallback<ResetOutcome, string>(({ input, sendBack }) => {
        sendPasswordReset(input).then(
          () => sendBack({ type: 'auth.resetSent' }),
          (error: unknown) =>
            sendBack({ type: 'auth.resetFailed', message: errorMessage(error, SIGN_IN_SERVICE_UNREACHABLE) }),
        );
      }),
    },
  });

export const authLogic = fromActors(({ session }) => ({ authForm: authForm(session) }));

/** /auth's machines: signing in or up tells the registry's session. */
export const useAuthLogic = () => useLogic(authLogic);
