import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAuthLogic } from '../actors/auth-form.ts';
import { PasswordResetSchema, type PasswordResetValues } from '../forms/credentials.ts';
import { FormAlert, SubmitButton } from './controls.tsx';
import { FormField } from './form-field.tsx';

interface ForgotPasswordProps {
  /** What the Login form's Email held, so the customer need not type it again. */
  initialEmail: string;
  onBack: () => void;
}

/**
 * Forgot password on /auth: asks the provider to e-mail a reset link, then says so without telling
 * whether the account exists.
 */
export function ForgotPassword({ initialEmail, onBack }: ForgotPasswordProps) {
  const { passwordReset } = useAuthLogic();
  const [state, send] = useMachine(passwordReset);
  const { submitted, error } = state.context;
  const sending = state.matches('submitting');
  const sent = submitted > 0;
  const [sentTo, setSentTo] = useState('');
  const back = useRef<HTMLButtonElement>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<PasswordResetValues>({
    resolver: valibotResolver(PasswordResetSchema),
    defaultValues: { email: initialEmail },
  });

  // The Login form the customer was in is gone: focus goes to what replaced it, then to the way back.
  useEffect(() => setFocus('email'), [setFocus]);
  useEffect(() => {
    if (sent) back.current?.focus();
  }, [sent]);

  const onSubmit = (values: PasswordResetValues) => {
    setSentTo(values.email);
    send({ type: 'form.submit', values });
  };

  return (
    <div className="mt-6 grid gap-4">
      {!sent && (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-busy={sending}>
          <p>Enter the email you sign in with and we will send you a link to choose a new password.</p>
          <FormField label="Email" error={errors.email?.message}>
            <input className="field" type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormAlert message={error} />
          <SubmitButton busy={sending} className="w-full">
            Send reset link
          </SubmitButton>
        </form>
      )}
      <div role="status" aria-live="polite">
        {sent && (
          <p className="rounded-xl bg-cream p-4 font-semibold">
            If an account exists for {sentTo}, we have sent a link to reset your password. Check your inbox.
          </p>
        )}
      </div>
      <p className="text-center">
        <button
          ref={back}
          type="button"
          className="inline-flex min-h-11 items-center px-2 font-bold text-brand-ink underline underline-offset-4"
          onClick={onBack}
        >
          Back to Login
        </button>
      </p>
    </div>
  );
}
