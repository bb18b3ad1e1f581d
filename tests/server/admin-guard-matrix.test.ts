import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAdmin } from '../../server/middleware/auth.ts';
import { createProviderUser, forgedApiToken, insertUserRow } from './support/accounts.ts';
import { asCaller, createAdmin, databaseFingerprint, paidOrder, placeOrder } from './support/admin.ts';
import { type Customer, call, createCustomer, insertMenuItem } from './support/commerce.ts';
import { createTestContext, type TestContext } from './support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface AdminEndpoint {
  /** The status an admin's call answers. */
  ok: number;
  /** Creates what a successful call needs; the path (without ?uid=) and the body. */
  prepare: () => Promise<{ path: string; body?: unknown }>;
}

const newItem = {
  name: 'Matrix Margherita',
  price: 12.5,
  quantity: 4,
  image: '/images/menu/margherita.jpg',
  category: 'pizza',
  description: 'Tomato, mozzarella and basil.',
};
const { category: _, ...itemChanges } = { ...newItem, name: 'Matrix Marinara' };

/**
 * One row per admin endpoint (spec section 7, plus the reservations list). The first test checks this
 * table against every route of the app guarded by requireAdmin, so an endpoint can not be added
 * without its row.
 */
const ADMIN_ENDPOINTS: Record<string, AdminEndpoint> = {
  'GET /users': { ok: 200, prepare: async () => ({ path: '/users' }) },
  'DELETE /delete-user': {
    ok: 200,
    prepare: async () => {
      const account = await createProviderUser(ctx);
      const record = await insertUserRow(ctx, { uid: account.uid, role: 'user' });
      return { path: `/delete-user?mid=${record.id}&fid=${encodeURIComponent(record.uid)}` };
    },
  },
  'POST /add-item': { ok: 201, prepare: async () => ({ path: '/add-item', body: newItem }) },
  'GET /admin-all-items': { ok: 200, prepare: async () => ({ path: '/admin-all-items' }) },
  'DELETE /item-delete/:id': {
    ok: 200,
    prepare: async () => ({ path: `/item-delete/${(await insertMenuItem(ctx)).id}` }),
  },
  'GET /admin-item-update/:id': {
    ok: 200,
    prepare: async () => ({ path: `/admin-item-update/${(await insertMenuItem(ctx)).id}` }),
  },
  'PATCH /admin-item-update/:id': {
    ok: 200,
    prepare: async () => ({
      path: `/admin-item-update/${(await insertMenuItem(ctx)).id}`,
      body: itemChanges,
    }),
  },
  'GET /admin-order': { ok: 200, prepare: async () => ({ path: '/admin-order' }) },
  'PATCH /admin-order-delete/:id': {
    ok: 200,
    prepare: async () => {
      const { order } = await paidOrder(ctx, [{ item: await insertMenuItem(ctx), quantity: 1 }]);
      return { path: `/admin-order-delete/${order.id}` };
    },
  },
  'DELETE /admin-order-delete/:id': {
    ok: 200,
    prepare: async () => {
      const { order } = await placeOrder(ctx, [{ item: await insertMenuItem(ctx), quantity: 1 }]);
      return { path: `/admin-order-delete/${order.id}` };
    },
  },
  'GET /admin-reservations': { ok: 200, prepare: async () => ({ path: '/admin-reservations' }) },
};

it('has a row for every route guarded by requireAdmin, and no other', () => {
  const guarded = new Set(
    ctx.app.routes.filter((route) => route.handler === requireAdmin).map((r) => `${r.method} ${r.path}`),
  );
  expect([...guarded].sort()).toEqual(Object.keys(ADMIN_ENDPOINTS).sort());
});

describe.each(Object.entries(ADMIN_ENDPOINTS))('%s', (name, endpoint) => {
  const method = name.split(' ')[0]!;

  /** Calls the endpoint as `caller` and checks that a refusal wrote nothing. */
  async function refused(caller: { uid: string; token?: string }, status: number) {
    const { path, body } = await endpoint.prepare();
    const before = await databaseFingerprint(ctx);
    const response = await call(ctx, method, asCaller(path, caller.uid), caller.token, body);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect(await databaseFingerprint(ctx)).toEqual(before);
  }

  it('refuses a caller without a token: 401, nothing written', async () => {
    const admin = await createAdmin(ctx);
    await refused({ uid: admin.uid }, 401);
  });

  it('refuses a forged token: 401, nothing written', async () => {
    const admin = await createAdmin(ctx);
    await refused({ uid: admin.uid, token: await forgedApiToken(admin.uid) }, 401);
  });

  it('refuses a customer: 403, nothing written', async () => {
    const customer: Customer = await createCustomer(ctx);
    await refused(customer, 403);
  });

  it('lets an admin through', async () => {
    const admin = await createAdmin(ctx);
    const { path, body } = await endpoint.prepare();
    const response = await call(ctx, method, asCaller(path, admin.uid), admin.token, body);
    expect(response.status).toBe(endpoint.ok);
  });
});
