// The only module that talks to Firebase Auth. It is loaded lazily (see provider.ts), so a guest's
// first paint never waits for the Firebase SDK.
import { FirebaseError, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  getAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type User,
  updateProfile,
} from 'firebase/auth';
import type { SessionUser } from '../../machines/session.machine.ts';

// Baked in by vite.config.ts with server/site/env.ts's defaults: the emulator's demo project unless set.
const env = import.meta.env;
const app = initializeApp({
  apiKey: env.VITE_FIREBASE_API_KEY,
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
  projectId: env.VITE_FIREBASE_PROJECT_ID,
});
const auth = getAuth(app);
if (env.VITE_FIREBASE_AUTH_EMULATOR_URL) {
  // The warning banner would cover the footer; the emulator is the documented default.
  connectAuthEmulator(auth, env.VITE_FIREBASE_AUTH_EMULATOR_URL, { disableWarnings: true });
}

const toSessionUser = (user: User): SessionUser => ({
  uid: user.uid,
  displayName: user.displayName ?? '',
  email: user.email ?? '',
  photoURL: user.photoURL ?? '',
});

function currentUser(): User {
  if (!auth.currentUser) throw new Error('You are not signed in');
  return auth.currentUser;
}

/** Reports the restored user once, then every sign-in and sign-out (the SDK's own timings apply). */
export function observeUser(listener: (user: SessionUser | null) => void): () => void {
  return onAuthStateChanged(auth, (user) => listener(user ? toSessionUser(user) : null));
}

/** A current Firebase ID token; the SDK refreshes it when it is about to expire. */
export const idToken = (): Promise<string> => currentUser().getIdToken();

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, email, password);
}

export async function createAccount(email: string, password: string): Promise<void> {
  await createUserWithEmailAndPassword(auth, email, password);
}

/** Has the provider e-mail a link to its own reset page (the emulator only records it, see README). */
export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(auth, email);
}

/**
 * Has the provider e-mail the signed-in user a link that verifies their address (the emulator only
 * records it); the API hears of it within a minute (server/api/services/provider-check.ts).
 */
export async function sendVerificationLink(): Promise<void> {
  await sendEmailVerification(currentUser());
}

export async function signInWithGoogle(): Promise<void> {
  await signInWithPopup(auth, new GoogleAuthProvider());
}

/** Sets the provider profile's name and photo, and answers the user as they now are. */
export async function setProviderProfile(profile: {
  displayName?: string;
  photoURL?: string;
}): Promise<SessionUser> {
  const user = currentUser();
  await updateProfile(user, profile);
  return toSessionUser(user);
}

export const signOutOfProvider = (): Promise<void> => signOut(auth);

/** The provider's error code (auth/wrong-password, …), shown under the form as the spec asks. */
export function providerErrorCode(error: unknown): string {
  if (error instanceof FirebaseError) return error.code;
  return error instanceof Error ? error.message : String(error);
}
