import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CURSOR_MESSAGE, nextCursorOf, PAGE_LIMIT } from '../../contract/paging.ts';
import { menuItems, orders, reservations, users } from '../../server/db/schema.ts';
import { adminCall, createAdmin } from './support/admin.ts';
import { type Customer, createCustomer, ORDER_TIME, SHIPPING } from './support/commerce.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
const admin = fixture(() => createAdmin(ctx));
const customer = fixture(() => createCustomer(ctx));

type Stage = 'unpaid' | 'paid' | 'confirmed' | 'refund_due';
/** A state of each stage (the stage is derived from the state). */
const FLAGS: Record<Stage, Partial<typeof orders.$inferInsert>> = {
  unpaid: {},
  paid: { state: 'paid' },
  confirmed: { state: 'accepted' },
  refund_due: { state: 'refund_due' },
};

/**
 * `count` orders, `minutesAgo(i)` old: several share a created_at, so pages must break ties by id.
 * Returns their ids.
 */
async function insertOrders(
  count: number,
  fields: (i: number) => Partial<typeof orders.$inferInsert> & { minutesAgo?: number } = () => ({}),
): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const { minutesAgo = i % 7, ...rest } = fields(i);
    return {
      userUid: customer.uid,
      orderTime: ORDER_TIME,
      ...SHIPPING,
      transactionId: `PZ${randomBytes(12).toString('hex').toUpperCase()}`,
      totalCents: 1000,
      createdAt: sql`date_trunc('minute', now()) - make_interval(mins => ${minutesAgo})`,
      ...rest,
    };
  });
  return (
    await ctx.db
      .insert(orders)
      .values(rows as never)
      .returning({ id: orders.id })
  ).map((r) => r.id);
}

/** Every row id of a list, newest first, as the database orders it. */
async function newestFirst(table: string, where = sql`true`): Promise<string[]> {
  const result = await ctx.db.execute<{ id: string }>(
    sql`select id from ${sql.identifier(table)} where ${where} order by created_at desc, id desc`,
  );
  return result.rows.map((row) => row.id);
}

const get = (path: string, as: Customer = admin) => adminCall<Array<{ _id: string }>>(ctx, as, 'GET', path);

/** Follows the Link headers from `path` to the last page; the ids seen, page by page. */
async function walk(path: string, as: Customer = admin, between: () => Promise<unknown> = async () => {}) {
  const pages: string[][] = [];
  let next: string | null = path;
  while (next !== null) {
    const response = await get(next, as);
    expect(response.status).toBe(200);
    pages.push(response.body.map((row) => row._id));
    const cursor = nextCursorOf(response.headers.get('Link'));
    const url: URL = new URL(next, 'http://api.invalid');
    url.searchParams.set('cursor', cursor ?? '');
    next = cursor === null ? null : `${url.pathname}${url.search}`;
    if (next) await between();
  }
  return pages;
}

describe('the paged lists', () => {
  const LISTS = [
    { path: '/admin-order', table: 'orders', as: () => admin },
    { path: '/my-orders', table: 'orders', as: () => customer },
    { path: '/users', table: 'users', as: () => admin },
    { path: '/admin-all-items', table: 'menu_items', as: () => admin },
    { path: '/admin-reservations', table: 'reservations', as: () => admin },
  ] as const;

  beforeAll(async () => {
    await insertOrders(45);
    const at = (i: number) => sql`date_trunc('minute', now()) - make_interval(mins => ${i % 5})`;
    await ctx.db.insert(users).values(
      Array.from({ length: 44 }, (_, i) => ({
        uid: `paged-${i}`,
        email: `paged-${i}@example.com`,
        createdAt: at(i) as never,
      })),
    );
    await ctx.db.insert(menuItems).values(
      Array.from({ length: 43 }, (_, i) => ({
        name: `Pizza ${i}`,
        priceCents: 1000,
        quantity: 5,
        image: '/images/menu/margherita.jpg',
        category: 'pizza' as const,
        description: 'A pizza.',
        createdAt: at(i) as never,
      })),
    );
    await ctx.db.insert(reservations).values(
      Array.from({ length: 42 }, (_, i) => ({
        name: `Guest ${i}`,
        email: `guest${i}@example.com`,
        persons: 2,
        date: `2026-12-0${1 + (i % 3)}`,
        createdAt: at(i) as never,
      })),
    );
  });

  describe.each(LISTS)('GET $path', ({ path, table, as }) => {
    it(`answers the first ${PAGE_LIMIT.default} rows, newest first, and links the next page`, async () => {
      const response = await get(path, as());
      expect(response.status).toBe(200);
      const all = await newestFirst(
        table,
        table === 'orders' && path === '/my-orders' ? sql`user_uid = ${customer.uid}` : sql`true`,
      );
      expect(response.body.map((row) => row._id)).toEqual(all.slice(0, PAGE_LIMIT.default));
      expect(response.headers.get('Link')).toMatch(/^<\?(.*&)?cursor=[A-Za-z0-9_-]+(&.*)?>; rel="next"$/);
    });

    it('walks every row once, in order, and says nothing after the last page', async () => {
      const pages = await walk(`${path}?limit=7`, as());
      const all = await newestFirst(
        table,
        path === '/my-orders' ? sql`user_uid = ${customer.uid}` : sql`true`,
      );
      expect(pages.flat()).toEqual(all);
      expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
    });

    it.each([['0'], ['101'], ['ten'], ['2.5'], ['']])('refuses limit=%s with a message', async (limit) => {
      const response = await get(`${path}?limit=${limit}`, as());
      expect(response).toMatchObject({
        status: 400,
        body: { message: 'limit must be a whole number from 1 to 100' },
      });
    });

    it.each([
      ['not a cursor!'],
      [Buffer.from('hello').toString('base64url')],
      [Buffer.from('2026-11-24T10:00:00.000000Z|not-a-uuid').toString('base64url')],
      [Buffer.from('2026-02-30T10:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString('base64url')],
    ])('refuses a cursor it did not make (%s)', async (cursor) => {
      const response = await get(`${path}?cursor=${encodeURIComponent(cursor)}`, as());
      expect(response).toMatchObject({ status: 400, body: { message: CURSOR_MESSAGE } });
    });
  });

  it('shows no order twice and skips none while new orders arrive between pages', async () => {
    const before = await newestFirst('orders');
    const pages = await walk('/admin-order?limit=5', admin, () =>
      insertOrders(2, () => ({ minutesAgo: -1 })),
    );
    expect(pages.flat()).toEqual(before);
  });

  it('keeps the filters and the caller in the next page link', async () => {
    const response = await get('/admin-order?limit=2&status=unpaid');
    const link = response.headers.get('Link')!;
    const target = new URL(/<([^>]*)>/.exec(link)![1]!, 'http://api.invalid');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      limit: '2',
      status: 'unpaid',
      uid: admin.uid,
      cursor: expect.any(String),
    });
  });
});

describe('Manage orders filters', () => {
  let ctxOrders: Record<Stage, string[]>;
  const CASES: Stage[] = ['unpaid', 'paid', 'confirmed', 'refund_due'];
  beforeAll(async () => {
    await ctx.db.delete(orders);
    ctxOrders = {} as Record<Stage, string[]>;
    for (const [n, stage] of CASES.entries()) {
      ctxOrders[stage] = await insertOrders(3 + n, () => ({ ...FLAGS[stage], minutesAgo: 60 * 24 * n }));
    }
  });

  it.each(CASES)('status=%s answers only those orders', async (stage) => {
    const response = await get(`/admin-order?status=${stage}&limit=100`);
    expect(response.status).toBe(200);
    expect(response.body.map((row) => row._id).sort()).toEqual([...ctxOrders[stage]].sort());
  });

  it('answers the orders placed in a range: from inclusive, to exclusive', async () => {
    const day = (daysAgo: number) => {
      const d = new Date();
      d.setUTCSeconds(0, 0);
      return new Date(d.getTime() - daysAgo * 86_400_000).toISOString();
    };
    // paid orders are 1 day old, confirmed 2 days: from 2 days ago (inclusive) to 1 day ago (exclusive)
    const response = await get(`/admin-order?limit=100&from=${day(2)}&to=${day(1)}`);
    expect(response.body.map((row) => row._id).sort()).toEqual([...ctxOrders.confirmed].sort());
    const refused = await get(`/admin-order?from=${day(1)}&to=${day(2)}`);
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'The start of the range must come before its end' },
    });
    for (const bad of ['yesterday', '2026-02-30', '0000-01-01', '2026-11-24T10:00:00+99:00']) {
      expect((await get(`/admin-order?from=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
    }
  });

  it('finds orders by part of a transaction id, a name or an e-mail, in any case', async () => {
    const [id] = await insertOrders(1, () => ({
      transactionId: 'PZFEEDC0FFEE00112233445566',
      fullName: 'Zara Quayyum',
      email: 'zara.q@example.org',
      minutesAgo: 1,
    }));
    for (const q of ['c0ffee0011', 'zara QUAY', 'Q@EXAMPLE.ORG']) {
      const response = await get(`/admin-order?q=${encodeURIComponent(q)}`);
      expect(
        response.body.map((row) => row._id),
        q,
      ).toEqual([id]);
    }
    // LIKE's wildcards are plain characters in a search.
    expect((await get(`/admin-order?q=${encodeURIComponent('%%%')}`)).body).toEqual([]);
    expect(await get('/admin-order?q=ab')).toMatchObject({
      status: 400,
      body: { message: 'Search for at least 3 characters' },
    });
    expect((await get('/admin-order?status=shipped')).status).toBe(400);
  });
});

describe('Manage users and Reservations filters', () => {
  it('filters users by role and by part of a name or e-mail', async () => {
    const other = await createAdmin(ctx, 'manager');
    const customers = await get('/users?role=user&limit=100');
    expect(customers.body.every((row) => (row as unknown as { role: string }).role === 'user')).toBe(true);
    const admins = (await get('/users?role=admin&limit=100')).body.map((row) => row._id);
    expect(admins.sort()).toEqual([admin.id, other.id].sort());
    const found = await get('/users?q=PAGED-1%40');
    expect(found.body.map((row) => (row as unknown as { email: string }).email)).toEqual([
      'paged-1@example.com',
    ]);
  });

  it('filters bookings by the day booked', async () => {
    const response = await get('/admin-reservations?date=2026-12-02&limit=100');
    expect(response.body).toHaveLength(14);
    expect(response.body.every((row) => (row as unknown as { date: string }).date === '2026-12-02')).toBe(
      true,
    );
    expect((await get('/admin-reservations?date=2026-02-30')).status).toBe(400);
  });
});
