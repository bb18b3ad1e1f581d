import { fromPromise } from 'xstate';
import { profileMachine } from '../../machines/profile.machine.ts';
import { fetchProfile, updateProfile } from '../api/profile.ts';
import { loadProvider } from '../identity/provider.ts';
import { rejectReadably } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { fromActors, useLogic } from './context.tsx';

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
}));

/** The profile page's machine, acting as the registry's signed-in user. */
export const useProfileLogic = () => useLogic(profileLogic);
