import { HTTPError } from 'ky';
import { ROUTES } from '../../contract/routes.ts';
import type { ApiToken, NewUser } from '../../contract/user.ts';
import { call } from './call.ts';

// These calls prove who the caller is with a Firebase ID token, not the stored API token.
const withIdToken = (idToken: string) => ({ Authorization: `Bearer ${idToken}` });

export function requestApiToken(idToken: string, uid: string): Promise<ApiToken> {
  return call(ROUTES.apiToken, { body: { uid } }, { headers: withIdToken(idToken) });
}

/** The account's role, or null when it has no record yet. */
export async function fetchRole(idToken: string, uid: string): Promise<string | null> {
  try {
    return (await call(ROUTES.role, { params: { uid } }, { headers: withIdToken(idToken) })).role;
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null;
    throw error;
  }
}

export async function registerAccount(idToken: string, user: NewUser): Promise<void> {
  await call(ROUTES.register, { body: user }, { headers: withIdToken(idToken) });
}
