import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OrderListSchema } from '../../contract/order.ts';
import { UserSchema } from '../../contract/user.ts';
import type { UserRow } from '../../server/db/rows.ts';
import {
  apiTokenFor,
  bearer,
  createProviderUser,
  findUserRow,
  insertUserRow,
  type ProviderUser,
} from './support/accounts.ts';
import { adminCall, createAdmin, databaseFingerprint, placeOrder } from './support/admin.ts';
import { addToCart, type Customer, call, cartLineIds, insertMenuItem, ordersOf } from './support/commerce.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
const admin = fixture(() => createAdmin(ctx));

/** A customer with an account at the identity provider, a record, an API token and a cart line. */
async function providerCustomer(
  withCart = true,
): Promise<{ account: ProviderUser; record: UserRow; customer: Customer }> {
  const account = await createProviderUser(ctx);
  const record = await insertUserRow(ctx, { uid: account.uid, email: account.email, role: 'user' });
  const customer = { uid: record.uid, token: await apiTokenFor(ctx, record.uid) };
  if (withCart) await addToCart(ctx, customer, await insertMenuItem(ctx), 2);
  return { account, record, customer };
}

const deleteUser = (caller: Customer, mid: string, fid: string) =>
  adminCall(
    ctx,
    caller,
    'DELETE',
    `/delete-user?mid=${encodeURIComponent(mid)}&fid=${encodeURIComponent(fid)}`,
  );

const providerHas = (uid: string): Promise<boolean> =>
  ctx.identity.auth.getUser(uid).then(
    () => true,
    (error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return false;
      throw error;
    },
  );

describe('GET /users', () => {
  it('lists every user record newest first, in the spec’s shape', async () => {
    const old = await insertUserRow(ctx, { role: 'user', createdAt: new Date('2020-01-01T00:00:00Z') });
    const newest = await insertUserRow(ctx, { role: 'manager', createdAt: new Date('2099-01-01T00:00:00Z') });
    const response = await adminCall(ctx, admin, 'GET', '/users');
    expect(response.status).toBe(200);
    const users = v.parse(v.array(UserSchema), response.body);
    expect(users[0]).toEqual({
      _id: newest.id,
      uid: newest.uid,
      displayName: newest.displayName,
      email: newest.email,
      photoURL: newest.photoURL,
      role: 'manager',
      address: newest.address,
    });
    expect(users.at(-1)?._id).toBe(old.id);
    expect(users.map((user) => user._id)).toContain(admin.id);
  });
});

describe('DELETE /delete-user', () => {
  it('deletes a customer: provider account, record and cart go; orders stay; their token is refused', async () => {
    const { account, record, customer } = await providerCustomer(false);
    const item = await insertMenuItem(ctx);
    // An unpaid order; its line stays in the cart until it is paid.
    const { order } = await placeOrder(ctx, [{ item, quantity: 1 }], customer);
    expect(await cartLineIds(ctx, customer.uid)).toHaveLength(1);

    const response = await deleteUser(admin, record.id, record.uid);
    expect(response).toMatchObject({ status: 200, body: { deletedCount: 1 } });

    expect(await providerHas(account.uid)).toBe(false);
    expect(await findUserRow(ctx, record.uid)).toBeUndefined();
    expect(await cartLineIds(ctx, customer.uid)).toEqual([]);
    // The restaurant keeps its books.
    expect((await ordersOf(ctx, customer.uid)).map((row) => row.id)).toEqual([order.id]);
    const all = v.parse(OrderListSchema, (await adminCall(ctx, admin, 'GET', '/admin-order')).body);
    expect(all.map((row) => row._id)).toContain(order.id);

    // Their API token stops working at once, and they can not get a new one.
    const profile = await call(ctx, 'GET', `/profile?uid=${customer.uid}`, customer.token);
    expect(profile.status).toBe(401);
    const jwt = await ctx.request('/jwt', {
      method: 'POST',
      headers: { ...bearer(account.idToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({ uid: account.uid }),
    });
    expect(jwt.status).toBe(401);

    // Gone: a second delete finds nothing.
    const again = await deleteUser(admin, record.id, record.uid);
    expect(again).toMatchObject({ status: 404, body: { message: 'No account has this id' } });
  });

  it('still deletes the record when the provider account is already gone', async () => {
    const { account, record, customer } = await providerCustomer();
    await ctx.identity.auth.deleteUser(account.uid);
    const response = await deleteUser(admin, record.id, record.uid);
    expect(response).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    expect(await findUserRow(ctx, record.uid)).toBeUndefined();
    expect(await cartLineIds(ctx, customer.uid)).toEqual([]);
  });

  it('deletes a record whose account never reached the provider (seeded or imported)', async () => {
    const record = await insertUserRow(ctx, { role: 'user' });
    expect((await deleteUser(admin, record.id, record.uid)).status).toBe(200);
    expect(await findUserRow(ctx, record.uid)).toBeUndefined();
  });

  /** A refused delete leaves the provider account, the records and the carts as they were. */
  async function expectRefused(
    send: () => Promise<{ status: number; body: unknown }>,
    status: number,
    message: unknown,
    account?: ProviderUser,
  ) {
    const before = await databaseFingerprint(ctx);
    expect(await send()).toMatchObject({ status, body: { message } });
    expect(await databaseFingerprint(ctx)).toEqual(before);
    if (account) expect(await providerHas(account.uid)).toBe(true);
  }

  it('refuses a record id and a uid of different accounts: 400', async () => {
    const first = await providerCustomer();
    const second = await providerCustomer();
    const before = await databaseFingerprint(ctx);
    const response = await deleteUser(admin, first.record.id, second.record.uid);
    expect(response).toMatchObject({
      status: 400,
      body: { message: 'The record id and the user id do not belong to the same account' },
    });
    expect(await databaseFingerprint(ctx)).toEqual(before);
    expect(await providerHas(first.account.uid)).toBe(true);
    expect(await providerHas(second.account.uid)).toBe(true);
  });

  it('refuses the caller’s own account: 409', async () => {
    const account = await createProviderUser(ctx);
    const record = await insertUserRow(ctx, { uid: account.uid, role: 'admin' });
    const self = { uid: record.uid, token: await apiTokenFor(ctx, record.uid) };
    await expectRefused(
      () => deleteUser(self, record.id, record.uid),
      409,
      'You can not delete your own account',
      account,
    );
  });

  it.each(['admin', 'manager'])('refuses an account whose role is %s: 409', async (role) => {
    const account = await createProviderUser(ctx);
    const record = await insertUserRow(ctx, { uid: account.uid, role });
    await expectRefused(
      () => deleteUser(admin, record.id, record.uid),
      409,
      'An admin account can not be deleted',
      account,
    );
  });

  it('answers 404 for an unknown record id', async () => {
    await expectRefused(
      () => deleteUser(admin, '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69', 'someone'),
      404,
      'No account has this id',
    );
  });

  it.each([
    ['no mid', '/delete-user?fid=abc'],
    ['no fid', '/delete-user?mid=3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69'],
    ['a malformed mid', '/delete-user?mid=42&fid=abc'],
    ['a blank fid', '/delete-user?mid=3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69&fid=%20'],
    ['a huge fid', `/delete-user?mid=3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69&fid=${'a'.repeat(129)}`],
  ])('refuses %s: 400', async (_, path) => {
    await expectRefused(() => adminCall(ctx, admin, 'DELETE', path), 400, expect.any(String));
  });
});

describe('DELETE /delete-user when the identity provider fails', () => {
  const failing = sharedTestContext({
    appIdentity: (identity) => ({
      verifyIdToken: identity.verifyIdToken,
      accountStatus: identity.accountStatus,
      deleteAccount: async () => {
        throw Object.assign(new Error('quota exceeded'), { code: 'auth/internal-error' });
      },
    }),
  });

  it('answers 502 with a message and deletes nothing', async () => {
    const boss = await createAdmin(failing);
    const account = await createProviderUser(failing);
    const record = await insertUserRow(failing, { uid: account.uid, role: 'user' });
    const customer = { uid: record.uid, token: await apiTokenFor(failing, record.uid) };
    await addToCart(failing, customer, await insertMenuItem(failing), 1);

    const response = await adminCall(
      failing,
      boss,
      'DELETE',
      `/delete-user?mid=${record.id}&fid=${encodeURIComponent(record.uid)}`,
    );
    expect(response).toMatchObject({
      status: 502,
      body: {
        message: 'The sign-in service could not delete this account. Nothing was deleted; please try again.',
      },
    });
    expect(await findUserRow(failing, record.uid)).toEqual(record);
    expect(await cartLineIds(failing, customer.uid)).toHaveLength(1);
    expect((await call(failing, 'GET', '/profile', customer.token)).status).toBe(200);
  });
});
