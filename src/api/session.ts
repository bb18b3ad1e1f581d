import { HTTPError } from 'ky';
import * as v from 'valibot';
import {
  type ApiToken,
  ApiTokenSchema,
  type NewUser,
  RegisteredSchema,
  RoleSchema,
} from '../../contract/user.ts';
import { directClient } from './http.ts';

// These calls prove who the caller is with a Firebase ID token, not the stored API token.
const withIdToken = (idToken: string) => ({ Authorization: `Bearer ${idToken}` });

export async function requestApiToken(idToken: string, uid: string): Promise<ApiToken> {
  return v.parse(
    ApiTokenSchema,
    await directClient.post('jwt', { json: { uid }, headers: withIdToken(idToken) }).json(),
  );
}

/** The account's role, or null when it has no record yet. */
export async function fetchRole(idToken: string, uid: string): Promise<string | null> {
  try {
    const body = await directClient
      .get(`role/${encodeURIComponent(uid)}`, { headers: withIdToken(idToken) })
      .json();
    return v.parse(RoleSchema, body).role;
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null;
    throw error;
  }
}

export async function registerAccount(idToken: string, user: NewUser): Promise<void> {
  v.parse(
    RegisteredSchema,
    await directClient.post('users', { json: user, headers: withIdToken(idToken) }).json(),
  );
}
