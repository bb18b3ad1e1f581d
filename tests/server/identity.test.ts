import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Identity } from '../../server/identity.ts';

const PROJECT_ID = 'demo-pizzon-test';
let identity: Identity;
let host: string;

beforeAll(async () => {
  host = inject('authEmulatorHost');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  const { createIdentity } = await import('../../server/identity.ts');
  identity = createIdentity(PROJECT_ID);
});
afterAll(() => identity.close());

/** Signs a user in through the emulator's REST API, as the Firebase JS SDK does. */
async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken: string };
  return body.idToken;
}

describe('identity provider tokens', () => {
  it('verifies an ID token issued by the Auth emulator', async () => {
    const user = await identity.auth.createUser({ email: 'verify@pizzon.test', password: 'pizza1' });
    const idToken = await signIn('verify@pizzon.test', 'pizza1');
    await expect(identity.verifyIdToken(idToken)).resolves.toMatchObject({
      uid: user.uid,
      email: 'verify@pizzon.test',
    });
  });

  it('rejects a forged token that claims another uid', async () => {
    const idToken = await signIn('verify@pizzon.test', 'pizza1');
    const [header, payload] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, user_id: 'someone-else', sub: 'someone-else' }),
    ).toString('base64url');
    await expect(identity.verifyIdToken(`${header}.${forgedPayload}.forged-signature`)).rejects.toThrow();
  });

  it("rejects a token signed with a key that is not the provider's", async () => {
    const idToken = await signIn('verify@pizzon.test', 'pizza1');
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString());
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'attacker' })
      .sign(privateKey);
    await expect(identity.verifyIdToken(forged)).rejects.toThrow();
  });

  it('rejects a token for another project and garbage', async () => {
    await expect(identity.verifyIdToken('not.a.token')).rejects.toThrow();
    await expect(identity.verifyIdToken('')).rejects.toThrow();
  });
});

describe('what the provider vouches for', () => {
  it('says whether the e-mail is verified, from the token’s email_verified', async () => {
    const email = 'verified-later@pizzon.test';
    const user = await identity.auth.createUser({ email, password: 'pizza1' });
    await expect(identity.verifyIdToken(await signIn(email, 'pizza1'))).resolves.toMatchObject({
      email,
      emailVerified: false,
    });
    await identity.auth.updateUser(user.uid, { emailVerified: true });
    await expect(identity.verifyIdToken(await signIn(email, 'pizza1'))).resolves.toMatchObject({
      uid: user.uid,
      email,
      emailVerified: true,
    });
  });

  it('gives an anonymous account neither an e-mail nor a verified one', async () => {
    const response = await fetch(
      `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ returnSecureToken: true }),
      },
    );
    const { idToken, localId } = (await response.json()) as { idToken: string; localId: string };
    await expect(identity.verifyIdToken(idToken)).resolves.toMatchObject({
      uid: localId,
      email: undefined,
      emailVerified: false,
    });
  });

  it('tells an active account from a disabled one and one it no longer has', async () => {
    const user = await identity.auth.createUser({ email: 'status@pizzon.test', password: 'pizza1' });
    await expect(identity.accountStatus(user.uid)).resolves.toBe('active');
    await identity.auth.updateUser(user.uid, { disabled: true });
    await expect(identity.accountStatus(user.uid)).resolves.toBe('disabled');
    await identity.auth.deleteUser(user.uid);
    await expect(identity.accountStatus(user.uid)).resolves.toBe('gone');
  });
});
