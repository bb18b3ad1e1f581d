import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';

export interface VerifiedIdentity {
  uid: string;
  email: string | undefined;
  /** The provider vouches that the account's owner controls `email` (the token's email_verified). */
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

/**
 * The provider's word on an account: 'gone' when it has no account with that uid; otherwise its e-mail
 * ('' when it has none) and whether the provider verified it, as they are now (an ID token's claims may
 * be an hour old).
 */
export type AccountStatus =
  | { state: 'active' | 'disabled'; email: string; emailVerified: boolean }
  | { state: 'gone' };

export interface Identity {
  /** Verifies a Firebase ID token (signature, audience, expiry); rejects otherwise. */
  verifyIdToken: (idToken: string) => Promise<VerifiedIdentity>;
  /**
   * Deletes the provider's account for this uid: 'deleted', or 'already_gone' when the provider has no
   * such account. Rejects when the provider could not do it (unreachable, refused).
   */
  deleteAccount: (uid: string) => Promise<'deleted' | 'already_gone'>;
  /** Asks the provider about the account as it is now; rejects when the provider could not answer. */
  accountStatus: (uid: string) => Promise<AccountStatus>;
  auth: Auth;
  close: () => Promise<void>;
}

/**
 * firebase-admin talks to the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set, and to the
 * real project otherwise (credentials from GOOGLE_APPLICATION_CREDENTIALS).
 */
export function createIdentity(projectId: string): Identity {
  const app: App = initializeApp({ projectId }, `pizzon-${projectId}-${Math.random().toString(36).slice(2)}`);
  const auth = getAuth(app);
  return {
    auth,
    async verifyIdToken(idToken) {
      const decoded = await auth.verifyIdToken(idToken, true);
      return {
        uid: decoded.uid,
        email: decoded.email,
        // Only a literal true counts: an absent claim (anonymous, phone, custom tokens) proves nothing.
        emailVerified: decoded.email !== undefined && decoded.email_verified === true,
        name: typeof decoded.name === 'string' ? decoded.name : undefined,
        picture: decoded.picture,
      };
    },
    async deleteAccount(uid) {
      try {
        await auth.deleteUser(uid);
        return 'deleted';
      } catch (error) {
        if ((error as { code?: unknown }).code === 'auth/user-not-found') return 'already_gone';
        throw error;
      }
    },
    async accountStatus(uid) {
      try {
        const user = await auth.getUser(uid);
        return {
          state: user.disabled ? 'disabled' : 'active',
          email: user.email ?? '',
          emailVerified: user.email !== undefined && user.emailVerified,
        };
      } catch (error) {
        if ((error as { code?: unknown }).code === 'auth/user-not-found') return { state: 'gone' };
        throw error;
      }
    },
    close: () => deleteApp(app),
  };
}
