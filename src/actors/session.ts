import { type Actor, fromPromise } from 'xstate';
import { CUSTOMER_ROLE, safePhoto } from '../../contract/user.ts';
import { type SessionUser, sessionMachine } from '../../machines/session.machine.ts';
import { clearApiToken, storeApiToken, storedApiToken } from '../api/http.ts';
import { fetchRole, registerAccount, requestApiToken } from '../api/session.ts';
import { loadProvider, whenProviderLoads } from '../identity/provider.ts';
import { describeFailure } from '../ui/failure.ts';

/** Failures become sentences /auth can show: the server's message, or that it could not be reached. */
async function readable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const failure = describeFailure(error);
    throw new Error(
      failure.status === undefined ? failure.message : `We could not sign you in: ${failure.message}`,
    );
  }
}

export const liveSessionMachine = sessionMachine.provide({
  actors: {
    requestToken: fromPromise(({ input }) =>
      readable(async () => {
        const provider = await loadProvider();
        return requestApiToken(await provider.idToken(), input.uid);
      }),
    ),
    registerUser: fromPromise(({ input }) =>
      readable(async (): Promise<SessionUser> => {
        const provider = await loadProvider();
        const user = input.displayName
          ? await provider.setProviderProfile({ displayName: input.displayName })
          : input.user;
        const { uid, displayName, email, photoURL } = user;
        await registerAccount(await provider.idToken(), {
          uid,
          displayName,
          email,
          // A provider's picture that our rule refuses would refuse the whole sign-up.
          photoURL: safePhoto(photoURL),
          role: CUSTOMER_ROLE,
        });
        return user;
      }),
    ),
    requestRole: fromPromise(({ input }) =>
      readable(async () => {
        const provider = await loadProvider();
        return fetchRole(await provider.idToken(), input.uid);
      }),
    ),
  },
  actions: {
    storeToken: (_, { token }) => storeApiToken(token),
    clearToken: () => clearApiToken(),
    signOutProvider: () => {
      void loadProvider().then((provider) => provider.signOutOfProvider());
    },
  },
});

/** The session of one registry (src/actors/registry.ts): the browser tab's, or a server render's. */
export type SessionActor = Actor<typeof liveSessionMachine>;

/**
 * Starts the session and feeds it the provider's user from the moment the provider loads. A browser
 * holding no API token has nobody signed in, so a guest's pages never download the provider: it loads
 * when a sign-in starts (/auth) and the session follows it from then on.
 */
export function startSession(session: SessionActor): void {
  session.start();
  whenProviderLoads((provider) =>
    provider.observeUser((user) => session.send({ type: 'session.userChanged', user })),
  );
  if (!storedApiToken()) {
    session.send({ type: 'session.userChanged', user: null });
    return;
  }
  // Without the provider nobody can be signed in; say so rather than loading forever.
  loadProvider().catch(() => session.send({ type: 'session.userChanged', user: null }));
}
