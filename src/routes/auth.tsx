import { valibotResolver } from '@hookform/resolvers/valibot';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { isAdmin, isSessionSettled } from '../../machines/session.machine.ts';
import { useAuthLogic } from '../actors/auth-form.ts';
import { useActors } from '../actors/context.tsx';
import { SubmitButton } from '../components/controls.tsx';
import { ForgotPassword } from '../components/forgot-password.tsx';
import { FormField } from '../components/form-field.tsx';
import { LoginSchema, RegisterSchema, type RegisterValues } from '../forms/credentials.ts';

const GOOGLE_LOGO = (
  <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
    <path
      fill="#FFC107"
      d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
    />
    <path
      fill="#FF3D00"
      d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
    />
    <path
      fill="#1976D2"
      d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
    />
  </svg>
);

export function AuthPage() {
  const { redirect } = useSearch({ from: '/auth' });
  const navigate = useNavigate();
  const { session } = useActors();
  const { authForm } = useAuthLogic();
  const [form, send] = useMachine(authForm);
  const { mode, showPassword, error } = form.context;
  const registering = mode === 'register';
  const sessionSnapshot = useSelector(session, (s) => s);
  const signedIn = sessionSnapshot.matches('signedIn');
  const sessionError = isSessionSettled(sessionSnapshot) ? sessionSnapshot.context.error : null;
  const busy = form.matches('loading') || (form.matches('succeeded') && !isSessionSettled(sessionSnapshot));
  const resetting = form.matches('forgotPassword');

  // Back from Forgot password, focus returns to the button that left the form.
  const forgotButton = useRef<HTMLButtonElement>(null);
  const wasResetting = useRef(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: valibotResolver(registering ? RegisterSchema : LoginSchema) as never,
    defaultValues: { displayName: '', email: '', pasasword: '' },
  });

  // Signed in with a known role: back to where the visitor came from; an admin who came to sign in
  // (no page to go back to) lands on the Admin Dashboard, where the day's work is.
  const admin = isAdmin(sessionSnapshot);
  useEffect(() => {
    if (signedIn) void navigate({ to: redirect ?? (admin ? '/admin' : '/'), replace: true });
  }, [signedIn, admin, redirect, navigate]);

  useEffect(() => {
    if (!resetting && wasResetting.current) forgotButton.current?.focus();
    wasResetting.current = resetting;
  }, [resetting]);

  const onSubmit = (values: RegisterValues) =>
    send({
      type: 'LOADING',
      request: registering
        ? { method: 'password', mode: 'register', ...credentials(values), displayName: values.displayName }
        : { method: 'password', mode: 'login', ...credentials(values) },
    });

  const shownError = error ?? (form.matches('idle') ? sessionError : null);
  const title = resetting ? 'Reset password' : registering ? 'Register' : 'Login';

  return (
    <section aria-labelledby="auth-title" className="bg-cream px-4 py-16">
      <div className="mx-auto max-w-md rounded-3xl bg-white p-8 shadow-lg">
        <h1 id="auth-title" className="text-center text-3xl font-bold">
          {title}
        </h1>
        {resetting ? (
          <ForgotPassword form={form} send={send} />
        ) : (
          <>
            <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-6 grid gap-4" aria-busy={busy}>
              {registering && (
                <FormField label="Name" error={errors.displayName?.message}>
                  <input className="field" autoComplete="name" {...register('displayName')} />
                </FormField>
              )}
              <FormField label="Email" error={errors.email?.message}>
                <input className="field" type="email" autoComplete="email" {...register('email')} />
              </FormField>
              <FormField
                label="Password"
                error={errors.pasasword?.message}
                addon={
                  <button
                    type="button"
                    onClick={() => send({ type: 'SHOWPASS' })}
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    aria-pressed={showPassword}
                    className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center text-neutral-600"
                  >
                    {showPassword ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                  </button>
                }
              >
                <input
                  className="field pr-12"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete={registering ? 'new-password' : 'current-password'}
                  {...register('pasasword')}
                />
              </FormField>
              {!registering && (
                <p className="-mt-2 text-right">
                  <button
                    ref={forgotButton}
                    type="button"
                    className="inline-flex min-h-11 items-center px-2 font-bold text-brand-ink underline underline-offset-4"
                    onClick={() => send({ type: 'auth.forgot', email: getValues('email').trim() })}
                    disabled={busy}
                  >
                    Forgot password?
                  </button>
                </p>
              )}
              <SubmitButton busy={busy} className="w-full">
                {title}
              </SubmitButton>
            </form>
            {shownError && (
              <p
                role="alert"
                className="mt-4 rounded-lg bg-coral/10 p-3 text-center font-semibold text-coral-ink"
              >
                {shownError}
              </p>
            )}
            <p className="mt-4 text-center">
              {registering ? 'Already have an account?' : 'New to Pizzon?'}{' '}
              <button
                type="button"
                className="font-bold text-brand-ink underline underline-offset-4"
                onClick={() => send({ type: 'TOGGLE' })}
                disabled={busy}
              >
                {registering ? 'Login' : 'Register'}
              </button>
            </p>
            <div className="my-6 flex items-center gap-3 text-neutral-600" aria-hidden="true">
              <span className="h-px flex-1 bg-neutral-300" />
              or
              <span className="h-px flex-1 bg-neutral-300" />
            </div>
            <button
              type="button"
              className="inline-flex min-h-11 w-full items-center justify-center gap-3 rounded-full border border-neutral-300 bg-white px-6 py-2 font-bold hover:bg-neutral-50"
              onClick={() => send({ type: 'LOADING', request: { method: 'google' } })}
              disabled={busy}
            >
              {GOOGLE_LOGO}
              Continue with Google
            </button>
          </>
        )}
      </div>
    </section>
  );
}

const credentials = (values: RegisterValues) => ({ email: values.email, password: values.pasasword });
