import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { authFormMachine } from '../../machines/auth-form.machine.ts';
import { PasswordResetSchema, type PasswordResetValues } from '../forms/credentials.ts';
import { FormAlert, SubmitButton } from './controls.tsx';
import { FormField } from './form-field.tsx';

interface ForgotPasswordProps {
  /** The auth form in its forgotPassword state (machines/auth-form.machine.ts). */
  form: SnapshotFrom<typeof authFormMachine>;
  send: (event: EventFrom<typeof authFormMachine>) => void;
}

/**
 * Forgot password on /auth: asks the provider to e-mail a reset link, then says so without telling
 * whether the account exists.
 */
export function ForgotPassword({ form, send }: ForgotPasswordProps) {
  const { resetEmail, resetError } = form.context;
  const sending = form.matches({ forgotPassword: 'sending' });
  const sent = form.matches({ forgotPassword: 'sent' });
  const back = useRef<HTMLButtonElement>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<PasswordResetValues>({
    resolver: valibotResolver(PasswordResetSchema),
    defaultValues: { email: resetEmail },
  });

  // The Login form the customer was in is gone: focus goes to what replaced it, then to the way back.
  useEffect(() => setFocus('email'), [setFocus]);
  useEffect(() => {
    if (sent) back.current?.focus();
  }, [sent]);

  const onSubmit = (values: PasswordResetValues) => send({ type: 'auth.reset', email: values.email });

  return (
    <div className="mt-6 grid gap-4">
      {!sent && (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-busy={sending}>
          <p>Enter the email you sign in with and we will send you a link to choose a new password.</p>
          <FormField label="Email" error={errors.email?.message}>
            <input className="field" type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormAlert message={resetError} />
          <SubmitButton busy={sending} className="w-full">
            Send reset link
          </SubmitButton>
        </form>
      )}
      <div role="status" aria-live="polite">
        {sent && (
          <p className="rounded-xl bg-cream p-4 font-semibold">
            If an account exists for {resetEmail}, we have sent a link to reset your password. Check your
            inbox.
          </p>
        )}
      </div>
      <p className="text-center">
        <button
          ref={back}
          type="button"
          className="inline-flex min-h-11 items-center px-2 font-bold text-brand-ink underline underline-offset-4"
          onClick={() => send({ type: 'auth.back' })}
        >
          Back to Login
        </button>
      </p>
    </div>
  );
}
