import { fromPromise } from 'xstate';
import { profileMachine } from '../../machines/profile.machine.ts';
import { createSubmitMachine } from '../../machines/submit.machine.ts';
import { fetchProfile, updateProfile } from '../api/profile.ts';
import { linkRefusal, loadProvider, SIGN_IN_SERVICE_UNREACHABLE } from '../identity/provider.ts';
import { rejectReadably } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { fromActors, useLogic } from './context.tsx';

/** Has the provider e-mail the signed-in customer a link that verifies their address. */
async function sendVerificationLink(): Promise<void> {
  const provider = await loadProvider().catch(() => {
    throw new Error(SIGN_IN_SERVICE_UNREACHABLE);
  });
  try {
    await provider.sendVerificationLink();
  } catch (error) {
    throw new Error(linkRefusal(provider.providerErrorCode(error), 'verification'));
  }
}

export const profileLogic = fromActors(({ session, signedInUid }) => ({
  profile: profileMachine.provide({
    actors: {
      fetchProfile: fromPromise(() => fetchProfile(signedInUid()).catch(rejectReadably)),
      saveProfile: fromPromise(async ({ input }) => {
        const result = await updateProfile(input.id, signedInUid(), input.changes).catch(rejectReadably);
        if (result.modifiedCount > 0) {
          // The spec's 'profile update' product action: the provider profile follows our record.
          const { displayName, photoURL } = input.changes;
          const provider = await loadProvider();
          await provider.setProviderProfile({ displayName, photoURL });
          session.send({ type: 'session.profileUpdated', displayName, photoURL });
        }
        return result;
      }),
    },
    actions: {
      announceSaved: () => notify.success('Your profile has been updated'),
      announceUnchanged: () => notify.success('Nothing to update: your profile is already like this'),
      announceFailure: (_, { message }) => notify.error(message),
    },
  }),

  /**
   * "Send verification link": the submit machine's values are the address it goes to, kept as `stored`
   * for the confirmation; the page says how it went, in place (no toast).
   */
  verifyEmail: createSubmitMachine('verifyEmail').provide({
    actors: {
      // The submit machine answers what it created: here, where the link went.
      submit: fromPromise(async ({ input }) => {
        await sendVerificationLink();
        return String(input.email);
      }),
    },
  }),
}));

/** The profile page's machines, acting as the registry's signed-in user. */
export const useProfileLogic = () => useLogic(profileLogic);
