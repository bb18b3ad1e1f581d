import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { inject } from 'vitest';
import { createApiTokens } from '../../../server/api/tokens.ts';
import type { UserRow } from '../../../server/db/rows.ts';
import { users } from '../../../server/db/schema.ts';
import { TEST_API_TOKEN_SECRET, type TestContext } from './test-app.ts';

/** Every test account's password. */
export const PASSWORD = 'pizza1';

/** The emulator is shared by every test file of the run, so each account gets an email of its own. */
export const uniqueEmail = (): string => `user-${randomBytes(6).toString('hex')}@pizzon.test`;

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A call to the emulator's REST API, as the Firebase JS SDK makes it. */
async function emulatorCall(
  action: string,
  request: object,
): Promise<{ idToken?: string; localId?: string }> {
  const response = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...request, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; localId?: string };
  if (!body.idToken) throw new Error(`The Auth emulator refused ${action}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Signs a user in through the emulator's REST API: a fresh ID token, carrying the account as it is now
 * (e.g. after the provider marked its e-mail verified).
 */
export async function signIn(email: string): Promise<string> {
  return (await emulatorCall('signInWithPassword', { email, password: PASSWORD })).idToken!;
}

export interface ProviderUser {
  uid: string;
  email: string;
  idToken: string;
}

/** A new account in the identity provider (not in our database), signed in. */
export async function createProviderUser(
  ctx: TestContext,
  profile: { displayName?: string; photoURL?: string } = {},
): Promise<ProviderUser> {
  const email = uniqueEmail();
  const { uid } = await ctx.identity.auth.createUser({ email, password: PASSWORD, ...profile });
  return { uid, email, idToken: await signIn(email) };
}

/** A new anonymous account in the identity provider (no e-mail at all), signed in. */
export async function createAnonymousUser(): Promise<{ uid: string; idToken: string }> {
  const { localId, idToken } = await emulatorCall('signUp', {});
  return { uid: localId!, idToken: idToken! };
}

/** A users row, as registration (or `npm run admin:grant`) leaves it. */
export async function insertUserRow(
  ctx: TestContext,
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const [row] = await ctx.db
    .insert(users)
    .values({
      uid: `uid-${randomBytes(6).toString('hex')}`,
      email: uniqueEmail(),
      displayName: 'Test User',
      photoURL: '/images/avatar.png',
      address: '12 Baker Street',
      ...fields,
    })
    .returning();
  if (!row) throw new Error('no row inserted');
  return row;
}

export async function findUserRow(ctx: TestContext, uid: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.uid, uid));
  return row;
}

export async function deleteUserRow(ctx: TestContext, uid: string): Promise<void> {
  await ctx.db.delete(users).where(eq(users.uid, uid));
}

/**
 * Our API token for `uid`. Signed-in calls ask the identity provider about the account now and then
 * (server/api/services/provider-check.ts), so the uid gets a provider account if it has none: a record made
 * straight in the database is then a real account, not one the provider would call deleted, with the
 * record's e-mail and verification (the provider's answer overwrites them).
 */
export async function apiTokenFor(ctx: TestContext, uid: string): Promise<string> {
  const record = await findUserRow(ctx, uid);
  const email = record?.email ? { email: record.email, emailVerified: record.emailVerified } : {};
  await ctx.identity.auth.createUser({ uid, ...email }).catch((error: { code?: unknown }) => {
    if (error.code !== 'auth/uid-already-exists') throw error;
  });
  return (await ctx.tokens.issue(uid)).token;
}

/** Well formed and unexpired, but signed with a secret that is not the app's. */
export const forgedApiToken = async (uid: string): Promise<string> =>
  (await createApiTokens('an-attacker-secret-that-is-not-the-apps').issue(uid)).token;

/** Signed with the app's secret, but it ran out a minute ago. */
export const expiredApiToken = async (uid: string): Promise<string> =>
  (await createApiTokens(TEST_API_TOKEN_SECRET, -60).issue(uid)).token;

const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());

/** The ID token's claims, signed with a key that is not the identity provider's. */
export async function forgedIdToken(idToken: string): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT(claimsOf(idToken))
    .setProtectedHeader({ alg: 'RS256', kid: 'attacker' })
    .sign(privateKey);
}

/** The ID token exactly as the emulator makes it (unsigned), except that it expired an hour ago. */
export function expiredIdToken(idToken: string): string {
  const [header] = idToken.split('.');
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...claimsOf(idToken), iat: now - 7200, auth_time: now - 7200, exp: now - 3600 };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}
