import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireAdmin, requireUser } from '../../server/api/middleware/auth.ts';
import { users } from '../../server/db/schema.ts';
import { apiTokenFor, bearer, insertUserRow } from './support/accounts.ts';
import { sharedTestContext } from './support/test-app.ts';

// The guard is tried on a route of its own, inside the real app so that its refusals go through the
// app's error handling. Every admin endpoint's 401/403/2xx row is in security-matrix.test.ts.
const ctx = sharedTestContext();
beforeAll(() => {
  ctx.app.get('/test-admin-only', requireUser(ctx.db, ctx.tokens), requireAdmin, (c) =>
    c.json({ uid: c.var.user.uid }),
  );
});

const callAdminRoute = async (uid: string) =>
  ctx.request(`/test-admin-only?uid=${uid}`, { headers: bearer(await apiTokenFor(ctx, uid)) });

describe('requireAdmin', () => {
  it('lets an admin through', async () => {
    const admin = await insertUserRow(ctx, { role: 'admin' });
    const response = await callAdminRoute(admin.uid);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ uid: admin.uid });
  });

  it('treats any role other than the customer role as admin', async () => {
    const manager = await insertUserRow(ctx, { role: 'manager' });
    expect((await callAdminRoute(manager.uid)).status).toBe(200);
  });

  it('refuses a customer with 403', async () => {
    const customer = await insertUserRow(ctx, { role: 'user' });
    const response = await callAdminRoute(customer.uid);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Only an admin can do this' });
  });

  it('reads the role at request time: a demoted admin is refused with the same token', async () => {
    const admin = await insertUserRow(ctx, { role: 'admin' });
    const token = await apiTokenFor(ctx, admin.uid);
    const call = () => ctx.request(`/test-admin-only?uid=${admin.uid}`, { headers: bearer(token) });
    expect((await call()).status).toBe(200);
    await ctx.db.update(users).set({ role: 'user' }).where(eq(users.uid, admin.uid));
    expect((await call()).status).toBe(403);
  });

  it('refuses a caller without a token with 401 before looking at roles', async () => {
    const response = await ctx.request('/test-admin-only');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Sign in to continue' });
  });
});
