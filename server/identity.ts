import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';

export interface VerifiedIdentity {
  uid: string;
  email: string | undefined;
  name: string | undefined;
  picture: string | undefined;
}

export interface Identity {
  /** Verifies a Firebase ID token (signature, audience, expiry); rejects otherwise. */
  verifyIdToken: (idToken: string) => Promise<VerifiedIdentity>;
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
        name: typeof decoded.name === 'string' ? decoded.name : undefined,
        picture: decoded.picture,
      };
    },
    close: () => deleteApp(app),
  };
}
