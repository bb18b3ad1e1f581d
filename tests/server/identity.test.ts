import { describe, expect, it } from 'vitest';
import { createAnonymousUser, forgedIdToken, PASSWORD, signIn } from './support/accounts.ts';
import { createEmulatorIdentity, fixture } from './support/test-app.ts';

const identity = fixture(createEmulatorIdentity, (made) => made.close());

describe('identity provider tokens', () => {
  it('verifies an ID token issued by the Auth emulator', async () => {
    const user = await identity.auth.createUser({ email: 'verify@pizzon.test', password: PASSWORD });
    const idToken = await signIn('verify@pizzon.test');
    await expect(identity.verifyIdToken(idToken)).resolves.toMatchObject({
      uid: user.uid,
      email: 'verify@pizzon.test',
    });
  });

  it('rejects a forged token that claims another uid', async () => {
    const idToken = await signIn('verify@pizzon.test');
    const [header, payload] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, user_id: 'someone-else', sub: 'someone-else' }),
    ).toString('base64url');
    await expect(identity.verifyIdToken(`${header}.${forgedPayload}.forged-signature`)).rejects.toThrow();
  });

  it("rejects a token signed with a key that is not the provider's", async () => {
    const idToken = await signIn('verify@pizzon.test');
    await expect(identity.verifyIdToken(await forgedIdToken(idToken))).rejects.toThrow();
  });

  it('rejects a token for another project and garbage', async () => {
    await expect(identity.verifyIdToken('not.a.token')).rejects.toThrow();
    await expect(identity.verifyIdToken('')).rejects.toThrow();
  });
});

describe('what the provider vouches for', () => {
  it('says whether the e-mail is verified, from the token’s email_verified', async () => {
    const email = 'verified-later@pizzon.test';
    const user = await identity.auth.createUser({ email, password: PASSWORD });
    await expect(identity.verifyIdToken(await signIn(email))).resolves.toMatchObject({
      email,
      emailVerified: false,
    });
    await identity.auth.updateUser(user.uid, { emailVerified: true });
    await expect(identity.verifyIdToken(await signIn(email))).resolves.toMatchObject({
      uid: user.uid,
      email,
      emailVerified: true,
    });
  });

  it('gives an anonymous account neither an e-mail nor a verified one', async () => {
    const { uid, idToken } = await createAnonymousUser();
    await expect(identity.verifyIdToken(idToken)).resolves.toMatchObject({
      uid,
      email: undefined,
      emailVerified: false,
    });
  });

  it('tells an active account from a disabled one and one it no longer has', async () => {
    const email = 'status@pizzon.test';
    const user = await identity.auth.createUser({ email, password: PASSWORD });
    await expect(identity.accountStatus(user.uid)).resolves.toEqual({
      state: 'active',
      email,
      emailVerified: false,
    });
    await identity.auth.updateUser(user.uid, { disabled: true, emailVerified: true });
    await expect(identity.accountStatus(user.uid)).resolves.toEqual({
      state: 'disabled',
      email,
      emailVerified: true,
    });
    await identity.auth.deleteUser(user.uid);
    await expect(identity.accountStatus(user.uid)).resolves.toEqual({ state: 'gone' });
  });

  it('gives an account without an e-mail neither an e-mail nor a verified one', async () => {
    const user = await identity.auth.createUser({ emailVerified: true });
    await expect(identity.accountStatus(user.uid)).resolves.toEqual({
      state: 'active',
      email: '',
      emailVerified: false,
    });
  });
});
