import { describe, expect, it } from 'vitest';
import { PHOTO_URL_RULE } from '../../contract/user.ts';
import type { UserRow } from '../../server/db/rows.ts';
import {
  apiTokenFor,
  bearer,
  deleteUserRow,
  expiredApiToken,
  findUserRow,
  forgedApiToken,
  insertUserRow,
} from './support/accounts.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

const getProfile = (query: string, token?: string) =>
  ctx.request(`/profile${query}`, { headers: token ? bearer(token) : {} });
const patchProfile = (id: string, query: string, token: string | undefined, body: unknown) =>
  ctx.request(`/update-profile/${id}${query}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...(token ? bearer(token) : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Every way of presenting an API token that does not stand for a current account. */
const badApiTokens: Array<[string, (user: UserRow) => Promise<string | undefined>]> = [
  ['no token', async () => undefined],
  ['a token signed with another secret', (user) => forgedApiToken(user.uid)],
  ['an expired token', (user) => expiredApiToken(user.uid)],
  ['a token that is not a JWT', async () => 'not-a-token'],
  [
    'the token of an account deleted since',
    async (user) => {
      const token = await apiTokenFor(ctx, user.uid);
      await deleteUserRow(ctx, user.uid);
      return token;
    },
  ],
];

const changes = { displayName: 'Nadia R', photoURL: 'https://example.com/n.png', address: '1 Mill Road' };

/** Photo addresses that would make the admin's browser (Manage users) load what it should not. */
const BAD_PHOTOS: Array<[string, string]> = [
  ['plain http', 'http://example.com/n.png'],
  ['protocol-relative', '//evil.example/n.png'],
  ['protocol-relative through a backslash', '/\\evil.example/n.png'],
  ['https without its slashes', 'https:evil.example/n.png'],
  ['https with a backslash for a slash', 'https:\\\\evil.example/n.png'],
  ['with a user name and password', 'https://admin:secret@example.com/n.png'],
  ['with a user name', 'https://admin@example.com/n.png'],
  ['with an empty user name', 'https://@example.com/n.png'],
  ['with a tab inside', 'https://exa\tmple.com/n.png'],
  ['a data: address', 'data:image/png;base64,iVBORw0KGgo='],
];

describe('photo addresses', () => {
  it.each([
    ['an https address', 'https://lh3.googleusercontent.com/a/photo=s96-c'],
    ['a path on this site', '/images/avatar.png'],
  ])('accepts %s', async (_, photoURL) => {
    const user = await insertUserRow(ctx);
    const token = await apiTokenFor(ctx, user.uid);
    const response = await patchProfile(user.id, `?uid=${user.uid}`, token, { ...changes, photoURL });
    expect(response.status).toBe(200);
    expect((await findUserRow(ctx, user.uid))?.photoURL).toBe(photoURL);
  });
});

describe('GET /profile', () => {
  it('answers the caller’s own record', async () => {
    const user = await insertUserRow(ctx, { role: 'user' });
    const response = await getProfile(`?uid=${user.uid}`, await apiTokenFor(ctx, user.uid));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      _id: user.id,
      uid: user.uid,
      displayName: user.displayName,
      email: user.email,
      photoURL: user.photoURL,
      role: 'user',
      address: user.address,
      emailVerified: false,
    });
  });

  it('says whether the identity provider verified the e-mail', async () => {
    const user = await insertUserRow(ctx, { emailVerified: true });
    const response = await getProfile(`?uid=${user.uid}`, await apiTokenFor(ctx, user.uid));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: user.email, emailVerified: true });
  });

  it('answers without the uid query too, since the token names the caller', async () => {
    const user = await insertUserRow(ctx);
    const response = await getProfile('', await apiTokenFor(ctx, user.uid));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ _id: user.id });
  });

  it('refuses a uid query that names another user: 403', async () => {
    const user = await insertUserRow(ctx);
    const other = await insertUserRow(ctx);
    const response = await getProfile(`?uid=${other.uid}`, await apiTokenFor(ctx, user.uid));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it.each(badApiTokens)('refuses %s with 401', async (_, tokenFor) => {
    const user = await insertUserRow(ctx);
    const response = await getProfile(`?uid=${user.uid}`, await tokenFor(user));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });
});

describe('PATCH /update-profile/:id', () => {
  it('saves the display name, photo and address: modifiedCount 1', async () => {
    const user = await insertUserRow(ctx);
    const response = await patchProfile(
      user.id,
      `?uid=${user.uid}`,
      await apiTokenFor(ctx, user.uid),
      changes,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ matchedCount: 1, modifiedCount: 1 });
    expect(await findUserRow(ctx, user.uid)).toEqual({ ...user, ...changes });
  });

  it('answers modifiedCount 0 when the values are already those', async () => {
    const user = await insertUserRow(ctx, changes);
    const response = await patchProfile(user.id, `?uid=${user.uid}`, await apiTokenFor(ctx, user.uid), {
      ...changes,
      displayName: `  ${changes.displayName}  `,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ matchedCount: 1, modifiedCount: 0 });
  });

  it('ignores the email, role and uid in the body', async () => {
    const user = await insertUserRow(ctx, { role: 'user' });
    const response = await patchProfile(user.id, `?uid=${user.uid}`, await apiTokenFor(ctx, user.uid), {
      ...changes,
      email: 'boss@example.com',
      role: 'admin',
      uid: 'someone-else',
    });
    expect(response.status).toBe(200);
    expect(await findUserRow(ctx, user.uid)).toEqual({ ...user, ...changes });
  });

  it('refuses to change another user’s record: 403, record unchanged', async () => {
    const user = await insertUserRow(ctx);
    const other = await insertUserRow(ctx);
    const response = await patchProfile(
      other.id,
      `?uid=${user.uid}`,
      await apiTokenFor(ctx, user.uid),
      changes,
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect(await findUserRow(ctx, other.uid)).toEqual(other);
  });

  it('refuses a uid query that names another user: 403, record unchanged', async () => {
    const user = await insertUserRow(ctx);
    const other = await insertUserRow(ctx);
    const response = await patchProfile(
      user.id,
      `?uid=${other.uid}`,
      await apiTokenFor(ctx, user.uid),
      changes,
    );
    expect(response.status).toBe(403);
    expect(await findUserRow(ctx, user.uid)).toEqual(user);
  });

  it.each([
    ['an unknown id', '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    const user = await insertUserRow(ctx);
    const response = await patchProfile(id, `?uid=${user.uid}`, await apiTokenFor(ctx, user.uid), changes);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No account has this id' });
  });

  it.each(badApiTokens)('refuses %s with 401', async (_, tokenFor) => {
    const user = await insertUserRow(ctx);
    const token = await tokenFor(user);
    const response = await patchProfile(user.id, `?uid=${user.uid}`, token, changes);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    const after = await findUserRow(ctx, user.uid);
    if (after) expect(after).toEqual(user);
  });

  it.each<[string, unknown, string]>([
    ['not JSON', '{not json', 'The request body must be JSON'],
    ['a JSON array', '[1, 2]', 'Empty filed can not be submitted'],
    ['a name of the wrong type', { ...changes, displayName: 42 }, 'Empty filed can not be submitted'],
    ['an empty name', { ...changes, displayName: '' }, 'Empty filed can not be submitted'],
    ['a blank address', { ...changes, address: '   ' }, 'Empty filed can not be submitted'],
    ['a missing photo', { displayName: 'Nadia', address: 'Here' }, 'Empty filed can not be submitted'],
    ['a photo that is not a web address', { ...changes, photoURL: 'file:///etc/passwd' }, PHOTO_URL_RULE],
    ...BAD_PHOTOS.map(([what, photoURL]): [string, unknown, string] => [
      `a photo that is ${what}`,
      { ...changes, photoURL },
      PHOTO_URL_RULE,
    ]),
    [
      'a photo URL over 1024 characters',
      { ...changes, photoURL: `https://example.com/${'n'.repeat(1010)}` },
      'Photo URL is too long',
    ],
    ['a huge name', { ...changes, displayName: 'n'.repeat(100_000) }, 'Name is too long'],
    ['a huge address', { ...changes, address: 'a'.repeat(100_000) }, 'Address is too long'],
  ])('refuses a body with %s: 400, record unchanged', async (_, body, message) => {
    const user = await insertUserRow(ctx);
    const response = await patchProfile(user.id, `?uid=${user.uid}`, await apiTokenFor(ctx, user.uid), body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await findUserRow(ctx, user.uid)).toEqual(user);
  });
});

describe('PUT /profile/address', () => {
  const putAddress = async (user: UserRow, body: unknown) =>
    ctx.request(`/profile/address?uid=${user.uid}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...bearer(await apiTokenFor(ctx, user.uid)) },
      body: JSON.stringify(body),
    });

  it('keeps the checkout’s address on the caller’s own profile, whatever its photo', async () => {
    const user = await insertUserRow(ctx, { photoURL: '', address: '' });
    const response = await putAddress(user, { address: '  12 Lake Road ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ matchedCount: 1, modifiedCount: 1 });
    expect(await findUserRow(ctx, user.uid)).toEqual({ ...user, address: '12 Lake Road' });
    expect(await (await putAddress(user, { address: '12 Lake Road' })).json()).toEqual({
      matchedCount: 1,
      modifiedCount: 0,
    });
  });

  it('refuses an empty address with the spec’s message and changes nothing', async () => {
    const user = await insertUserRow(ctx, { address: '1 Mill Road' });
    const response = await putAddress(user, { address: '   ' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Empty filed can not be submitted' });
    expect((await findUserRow(ctx, user.uid))?.address).toBe('1 Mill Road');
  });
});
