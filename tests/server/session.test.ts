import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHOTO_URL_RULE } from '../../contract/user.ts';
import { grantAdminRole } from '../../server/api/services/admin-grant.ts';
import { users } from '../../server/db/schema.ts';
import {
  apiTokenFor,
  bearer,
  createAnonymousUser,
  createProviderUser,
  expiredIdToken,
  findUserRow,
  forgedIdToken,
  insertUserRow,
  type ProviderUser,
  signIn,
} from './support/accounts.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

const post = (path: string, idToken: string | undefined, body: unknown) =>
  ctx.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(idToken ? bearer(idToken) : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const getRole = (uid: string, idToken?: string) =>
  ctx.request(`/role/${encodeURIComponent(uid)}`, { headers: idToken ? bearer(idToken) : {} });
const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]?.n;

/** Every way of presenting an ID token that is not a valid one for this user. */
const badIdTokens: Array<[string, (user: ProviderUser) => Promise<string | undefined>]> = [
  ['no token', async () => undefined],
  ['a token signed with a key that is not the provider’s', (user) => forgedIdToken(user.idToken)],
  ['an expired token', async (user) => expiredIdToken(user.idToken)],
  ['our API token instead of the ID token', (user) => apiTokenFor(ctx, user.uid)],
];

describe('POST /jwt', () => {
  it('answers an API token for the signed-in user, who needs no account record yet', async () => {
    const user = await createProviderUser(ctx);
    const response = await post('/jwt', user.idToken, { uid: user.uid });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; expiresIn: number };
    expect(body).toEqual({ token: expect.any(String), expiresIn: 3600 });
    await expect(ctx.tokens.verify(body.token)).resolves.toMatchObject({ uid: user.uid });
  });

  it('brings the record’s e-mail up to the ID token’s: verified once the owner has verified it', async () => {
    const user = await createProviderUser(ctx);
    await insertUserRow(ctx, { uid: user.uid, email: 'typed-at-sign-up@example.com', emailVerified: false });
    await ctx.identity.auth.updateUser(user.uid, { emailVerified: true });
    expect((await post('/jwt', await signIn(user.email), { uid: user.uid })).status).toBe(200);
    expect(await findUserRow(ctx, user.uid)).toMatchObject({ email: user.email, emailVerified: true });
  });

  it.each(badIdTokens)('refuses %s with 401', async (_, tokenFor) => {
    const user = await createProviderUser(ctx);
    const response = await post('/jwt', await tokenFor(user), { uid: user.uid });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses a malformed Authorization header with 401', async () => {
    const user = await createProviderUser(ctx);
    const response = await ctx.request('/jwt', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: user.idToken },
      body: JSON.stringify({ uid: user.uid }),
    });
    expect(response.status).toBe(401);
  });

  it('never signs for a uid other than the ID token’s: 403', async () => {
    const user = await createProviderUser(ctx);
    const other = await createProviderUser(ctx);
    const response = await post('/jwt', user.idToken, { uid: other.uid });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it.each([
    ['{not json', 'The request body must be JSON'],
    [{}, 'uid: Invalid key: Expected "uid" but received undefined'],
    [{ uid: 42 }, 'uid is required'],
    [{ uid: '   ' }, 'uid is required'],
    [{ uid: 'x'.repeat(10_000) }, 'uid is too long'],
  ])('refuses the body %j with 400 "%s"', async (body, message) => {
    const user = await createProviderUser(ctx);
    const response = await post('/jwt', user.idToken, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });
});

describe('GET /role/:uid', () => {
  it('answers the caller’s own role', async () => {
    const user = await createProviderUser(ctx);
    await insertUserRow(ctx, { uid: user.uid, role: 'user' });
    const response = await getRole(user.uid, user.idToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ role: 'user' });
  });

  it('answers 404 when the caller has no account record', async () => {
    const user = await createProviderUser(ctx);
    const response = await getRole(user.uid, user.idToken);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No account is registered for this user' });
  });

  it('lets an admin read another user’s role', async () => {
    const admin = await createProviderUser(ctx);
    await insertUserRow(ctx, { uid: admin.uid, role: 'admin' });
    const customer = await insertUserRow(ctx, { role: 'user' });
    const response = await getRole(customer.uid, admin.idToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ role: 'user' });
  });

  it('answers an admin 404 for a uid with no account record', async () => {
    const admin = await createProviderUser(ctx);
    await insertUserRow(ctx, { uid: admin.uid, role: 'admin' });
    const response = await getRole('nobody-has-this-uid', admin.idToken);
    expect(response.status).toBe(404);
  });

  it('refuses a customer who asks for another user’s role: 403', async () => {
    const customer = await createProviderUser(ctx);
    await insertUserRow(ctx, { uid: customer.uid, role: 'user' });
    const admin = await insertUserRow(ctx, { role: 'admin' });
    const response = await getRole(admin.uid, customer.idToken);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses an unregistered caller who asks for another user’s role: 403', async () => {
    const stranger = await createProviderUser(ctx);
    const customer = await insertUserRow(ctx);
    expect((await getRole(customer.uid, stranger.idToken)).status).toBe(403);
  });

  it.each(badIdTokens)('refuses %s with 401', async (_, tokenFor) => {
    const user = await createProviderUser(ctx);
    await insertUserRow(ctx, { uid: user.uid });
    const response = await getRole(user.uid, await tokenFor(user));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });
});

describe('POST /users', () => {
  const registration = (user: ProviderUser) => ({
    uid: user.uid,
    displayName: 'Nadia Rahman',
    email: user.email,
    photoURL: 'https://example.com/nadia.png',
    role: 'user',
  });

  it('registers the signed-in user as a customer: 201 with the new record’s id', async () => {
    const user = await createProviderUser(ctx);
    const response = await post('/users', user.idToken, registration(user));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { insertedId: string };
    expect(body).toEqual({ insertedId: expect.any(String), message: 'Account registered' });
    expect(await findUserRow(ctx, user.uid)).toMatchObject({
      id: body.insertedId,
      uid: user.uid,
      email: user.email,
      displayName: 'Nadia Rahman',
      photoURL: 'https://example.com/nadia.png',
      role: 'user',
      address: '',
    });
  });

  it('ignores a role claimed in the body: every sign-up is a customer', async () => {
    const user = await createProviderUser(ctx);
    const response = await post('/users', user.idToken, { ...registration(user), role: 'admin' });
    expect(response.status).toBe(201);
    expect((await findUserRow(ctx, user.uid))?.role).toBe('user');
  });

  it('takes the email from the ID token, not from the body', async () => {
    const user = await createProviderUser(ctx);
    await post('/users', user.idToken, { ...registration(user), email: 'someone-else@example.com' });
    expect((await findUserRow(ctx, user.uid))?.email).toBe(user.email);
  });

  it('gives an account without an e-mail none: an anonymous sign-up can not borrow an admin’s', async () => {
    const admin = await insertUserRow(ctx, { role: 'admin', emailVerified: true });
    const anonymous = await createAnonymousUser();
    const response = await post('/users', anonymous.idToken, {
      uid: anonymous.uid,
      displayName: 'Not The Admin',
      email: admin.email,
      role: 'admin',
    });
    expect(response.status).toBe(201);
    expect(await findUserRow(ctx, anonymous.uid)).toMatchObject({
      email: '',
      emailVerified: false,
      role: 'user',
    });
    // admin:grant by that e-mail still finds the one account that owns it.
    await expect(grantAdminRole(ctx.db, { email: admin.email })).resolves.toMatchObject({
      outcome: 'already_admin',
      account: { uid: admin.uid },
    });
  });

  it('records whether the provider verified the e-mail', async () => {
    const unverified = await createProviderUser(ctx);
    await post('/users', unverified.idToken, registration(unverified));
    expect((await findUserRow(ctx, unverified.uid))?.emailVerified).toBe(false);

    const verified = await createProviderUser(ctx);
    await ctx.identity.auth.updateUser(verified.uid, { emailVerified: true });
    await post('/users', await signIn(verified.email), registration(verified));
    expect(await findUserRow(ctx, verified.uid)).toMatchObject({
      email: verified.email,
      emailVerified: true,
    });
  });

  it('leaves out a provider picture that a customer could not set themselves', async () => {
    const user = await createProviderUser(ctx, { photoURL: 'http://example.com/plain-http.png' });
    expect((await post('/users', user.idToken, { uid: user.uid })).status).toBe(201);
    expect((await findUserRow(ctx, user.uid))?.photoURL).toBe('');
  });

  it('falls back on the provider’s name and picture when the body leaves them out', async () => {
    const user = await createProviderUser(ctx, {
      displayName: 'Google Name',
      photoURL: 'https://example.com/google.png',
    });
    const response = await post('/users', user.idToken, { uid: user.uid });
    expect(response.status).toBe(201);
    expect(await findUserRow(ctx, user.uid)).toMatchObject({
      displayName: 'Google Name',
      photoURL: 'https://example.com/google.png',
    });
  });

  it('registers once: a second call answers 200 with a null id and changes nothing', async () => {
    const user = await createProviderUser(ctx);
    await post('/users', user.idToken, registration(user));
    const first = await findUserRow(ctx, user.uid);
    const before = await userCount();
    const again = await post('/users', user.idToken, {
      ...registration(user),
      displayName: 'Another Name',
      role: 'admin',
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ insertedId: null, message: 'This account is already registered' });
    expect(await findUserRow(ctx, user.uid)).toEqual(first);
    expect(await userCount()).toBe(before);
  });

  it('refuses to register another uid than the ID token’s: 403, nothing stored', async () => {
    const user = await createProviderUser(ctx);
    const other = await createProviderUser(ctx);
    const response = await post('/users', user.idToken, registration(other));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect(await findUserRow(ctx, other.uid)).toBeUndefined();
    expect(await findUserRow(ctx, user.uid)).toBeUndefined();
  });

  it.each(badIdTokens)('refuses %s with 401 and stores nothing', async (_, tokenFor) => {
    const user = await createProviderUser(ctx);
    const response = await post('/users', await tokenFor(user), registration(user));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect(await findUserRow(ctx, user.uid)).toBeUndefined();
  });

  it.each([
    ['not JSON', '{not json', 'The request body must be JSON'],
    ['a uid of the wrong type', { uid: 7 }, 'uid is required'],
    ['a name of the wrong type', { displayName: 7 }, 'displayName must be text'],
    ['a photo that is not a web address', { photoURL: 'javascript:alert(1)' }, PHOTO_URL_RULE],
    ['a plain http photo', { photoURL: 'http://example.com/nadia.png' }, PHOTO_URL_RULE],
    ['a protocol-relative photo', { photoURL: '//evil.example/nadia.png' }, PHOTO_URL_RULE],
    ['a photo with credentials', { photoURL: 'https://admin:secret@example.com/n.png' }, PHOTO_URL_RULE],
    [
      'a photo URL over 1024 characters',
      { photoURL: `https://example.com/${'n'.repeat(1010)}` },
      'Photo URL is too long',
    ],
    ['a huge name', { displayName: 'n'.repeat(100_000) }, 'Name is too long'],
    ['a huge email', { email: `${'e'.repeat(100_000)}@example.com` }, 'Email is too long'],
  ])('refuses a body with %s: 400 and nothing stored', async (_, fields, message) => {
    const user = await createProviderUser(ctx);
    const body = typeof fields === 'string' ? fields : { ...registration(user), ...fields };
    const response = await post('/users', user.idToken, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await findUserRow(ctx, user.uid)).toBeUndefined();
  });
});
