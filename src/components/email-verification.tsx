import type { FormEvent } from 'react';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { createSubmitMachine } from '../../machines/submit.machine.ts';
import { FormAlert } from './controls.tsx';

type VerifyMachine = ReturnType<typeof createSubmitMachine>;

interface EmailVerificationProps {
  /** The account's e-mail, not yet verified by the provider. */
  email: string;
  /** The profile's "Send verification link" (src/actors/profile.ts). */
  verifying: SnapshotFrom<VerifyMachine>;
  send: (event: EventFrom<VerifyMachine>) => void;
}

/**
 * Why an unverified e-mail matters, and a way to have the provider send the link again. The button is
 * never disabled, so it keeps the keyboard's focus while the link is on its way: a press meanwhile is
 * ignored by the machine, and aria-disabled says so.
 */
export function EmailVerification({ email, verifying, send }: EmailVerificationProps) {
  const sending = verifying.matches('submitting');
  const { stored, error } = verifying.context;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submit', values: { email } });
  };
  return (
    <div className="mt-6 grid gap-3 rounded-xl bg-cream p-4">
      <p>Order updates are mailed to you once your e-mail is verified.</p>
      <form noValidate onSubmit={onSubmit} aria-busy={sending}>
        <button type="submit" className="btn-primary" aria-disabled={sending}>
          {sending && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-ink border-t-transparent"
            />
          )}
          Send verification link
        </button>
      </form>
      <FormAlert message={error} />
      <div role="status" aria-live="polite">
        {typeof stored?.email === 'string' && (
          <p className="font-semibold">
            We sent a link to {stored.email}. Open it, and within a minute this page shows your e-mail as
            verified.
          </p>
        )}
      </div>
    </div>
  );
}
