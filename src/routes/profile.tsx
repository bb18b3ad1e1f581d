import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMachine } from '@xstate/react';
import { useForm } from 'react-hook-form';
import {
  isCustomerRole,
  type ProfileUpdate,
  type ProfileUpdateInput,
  ProfileUpdateSchema,
  safePhoto,
  type User,
} from '../../contract/user.ts';
import { useProfileLogic } from '../actors/profile.ts';
import { SubmitButton } from '../components/controls.tsx';
import { EmailVerification } from '../components/email-verification.tsx';
import { PersonImage } from '../components/fallback-image.tsx';
import { FormField } from '../components/form-field.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';

function Avatar({ user }: { user: User }) {
  return (
    <PersonImage
      src={safePhoto(user.photoURL)}
      alt=""
      width={112}
      height={112}
      className="size-28 rounded-full border-4 border-brand bg-cream object-cover"
    />
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 border-b border-neutral-200 py-3 sm:grid-cols-[10rem_1fr]">
      <dt className="font-bold">{label}</dt>
      <dd className="break-words text-neutral-800">{value || '—'}</dd>
    </div>
  );
}

interface EditFormProps {
  profile: User;
  saving: boolean;
  onSave: (changes: ProfileUpdate) => void;
  onCancel: () => void;
}

function EditForm({ profile, saving, onSave, onCancel }: EditFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: valibotResolver(ProfileUpdateSchema),
    // The form starts from the saved profile: nobody retypes what they did not change.
    defaultValues: { displayName: profile.displayName, photoURL: profile.photoURL, address: profile.address },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSave)} className="grid gap-4" aria-busy={saving}>
      <FormField label="Name" error={errors.displayName?.message}>
        <input className="field" autoComplete="name" {...register('displayName')} />
      </FormField>
      <FormField label="Email">
        <input className="field bg-neutral-100" value={profile.email} readOnly />
      </FormField>
      <FormField label="Role">
        <input className="field bg-neutral-100" value={profile.role} readOnly />
      </FormField>
      <FormField label="Photo URL" error={errors.photoURL?.message}>
        <input className="field" type="url" inputMode="url" {...register('photoURL')} />
      </FormField>
      <FormField label="Address" error={errors.address?.message}>
        <input className="field" autoComplete="street-address" {...register('address')} />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={saving}>Update now</SubmitButton>
        <button type="button" className="btn-dark" onClick={onCancel} disabled={saving}>
          Cancle
        </button>
      </div>
    </form>
  );
}

/** The customer's and the admin's profile: view mode and edit mode. */
export function ProfilePage() {
  const logic = useProfileLogic();
  const [state, send] = useMachine(logic.profile);
  const [verifying, sendVerify] = useMachine(logic.verifyEmail);
  const { profile, error } = state.context;

  if (state.matches('loading')) return <LoadingScreen />;
  if (state.matches('loadFailed') || !profile) {
    return (
      <div role="alert" className="grid justify-items-center gap-4 py-10 text-center">
        <p className="text-lg font-semibold">{error}</p>
        <button type="button" className="btn-primary" onClick={() => send({ type: 'profile.retry' })}>
          Try again
        </button>
      </div>
    );
  }

  const editing = state.matches('editing') || state.matches('saving');
  // Order mail goes to a customer's verified e-mail only; staff get none.
  const mailed = isCustomerRole(profile.role);
  return (
    <section aria-labelledby="profile-title" className="grid gap-6 md:grid-cols-[auto_1fr] md:items-start">
      <div className="flex flex-col items-center gap-3">
        <Avatar user={profile} />
        <h2 id="profile-title" className="text-2xl font-bold">
          {profile.displayName.trim() || 'Your profile'}
        </h2>
      </div>
      {editing ? (
        <EditForm
          profile={profile}
          saving={state.matches('saving')}
          onSave={(changes) => send({ type: 'profile.save', changes })}
          onCancel={() => send({ type: 'profile.cancel' })}
        />
      ) : (
        <div>
          <dl>
            <Detail label="Name" value={profile.displayName} />
            <Detail label="Email" value={profile.email} />
            {mailed && (
              <Detail label="Email status" value={profile.emailVerified ? 'Verified' : 'Not verified yet'} />
            )}
            <Detail label="Role" value={profile.role} />
            <Detail label="Photo URL" value={profile.photoURL} />
            <Detail label="Address" value={profile.address} />
          </dl>
          {mailed && !profile.emailVerified && (
            <EmailVerification email={profile.email} verifying={verifying} send={sendVerify} />
          )}
          <button type="button" className="btn-primary mt-6" onClick={() => send({ type: 'profile.edit' })}>
            Edit
          </button>
        </div>
      )}
    </section>
  );
}
