import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { LISTENER_NAME, readMenuVersion } from '../../server/db/menu-version.ts';
import { menuItems } from '../../server/db/schema.ts';
import { seedMenu } from '../../server/db/seed/menu.ts';
import { createAdmin } from './support/admin.ts';
import { addToCart, call, checkout, checkoutBody, createCustomer, ordersOf } from './support/commerce.ts';
import { createTestContext, fixture, sharedTestContext, type TestContext } from './support/test-app.ts';
import { until } from './support/until.ts';

const ctx = sharedTestContext();
const item = fixture(async () => {
  await seedMenu(ctx.db);
  return (await ctx.db.select().from(menuItems).limit(1))[0]!;
});

/** A second connection of our own, as another process would hold. */
async function withClient<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const stockShown = async (): Promise<number> => {
  const response = await ctx.request(`/item-detail/${item.id}`);
  return ((await response.json()) as { quantity: number }).quantity;
};

/** A process whose announcements never arrive: it knows of a change only when it asks. */
const deafContext = () =>
  createTestContext({
    appMenuVersion: (listening) => {
      let known = listening.current()!;
      return {
        ...listening,
        current: () => known,
        async catchUp() {
          known = await listening.read();
        },
      };
    },
  });

describe('the menu version', () => {
  it('moves once per transaction that changes the menu, when it commits, and not on a rollback', async () => {
    const before = await readMenuVersion(ctx.db);
    await withClient(async (client) => {
      await client.query('begin');
      await client.query('update menu_items set quantity = quantity + 1');
      expect(await readMenuVersion(ctx.db)).toEqual(before);
      await client.query('commit');
    });
    expect((await readMenuVersion(ctx.db)).version).toBe(before.version + 1);
    const committed = await readMenuVersion(ctx.db);
    await withClient(async (client) => {
      await client.query('begin');
      await client.query('delete from menu_items');
      await client.query('rollback');
    });
    expect(await readMenuVersion(ctx.db)).toEqual(committed);
  });

  it('moves the listing only with what Home and the Menu show: not with a sale, but with a sell-out', async () => {
    const moves = async (change: string, params: unknown[] = []) => {
      const before = await readMenuVersion(ctx.db);
      await withClient((client) => client.query(change, params));
      const after = await readMenuVersion(ctx.db);
      return { version: after.version - before.version, listing: after.listing - before.listing };
    };
    const setStock = 'update menu_items set quantity = $1 where id = $2';
    await moves(setStock, [40, item.id]);
    expect(await moves(setStock, [39, item.id])).toEqual({ version: 1, listing: 0 });
    expect(await moves(setStock, [0, item.id])).toEqual({ version: 1, listing: 1 });
    expect(await moves(setStock, [0, item.id])).toEqual({ version: 1, listing: 0 });
    expect(await moves(setStock, [7, item.id])).toEqual({ version: 1, listing: 1 });
    expect(
      await moves('update menu_items set price_cents = price_cents + 100 where id = $1', [item.id]),
    ).toEqual({ version: 1, listing: 1 });
    for (const column of ['name', 'image', 'description']) {
      expect(
        await moves(`update menu_items set ${column} = ${column} || ' ' where id = $1`, [item.id]),
      ).toEqual({ version: 1, listing: 1 });
    }
    // Many rows, sales and a new description in one transaction: each version moves once.
    expect(
      await moves(
        `update menu_items set quantity = quantity + 1,
        description = case when id = $1 then description || '!' else description end`,
        [item.id],
      ),
    ).toEqual({ version: 1, listing: 1 });
    const added = await withClient(async (client) => {
      const before = await readMenuVersion(ctx.db);
      const { rows } = await client.query<{ id: string }>(
        `insert into menu_items (name, price_cents, quantity, image, category, description)
           values ('Test', 100, 1, '/x.png', 'drink', 'A test') returning id`,
      );
      const after = await readMenuVersion(ctx.db);
      expect(after).toEqual({ version: before.version + 1, listing: before.listing + 1 });
      return rows[0]!.id;
    });
    expect(await moves('delete from menu_items where id = $1', [added])).toEqual({ version: 1, listing: 1 });
  });

  it('is announced to every listener, which then knows it without asking', async () => {
    const before = ctx.menuVersion.current()!;
    await ctx.db
      .update(menuItems)
      .set({ quantity: sql`${menuItems.quantity} + 1` })
      .where(eq(menuItems.id, item.id));
    expect(
      await until(
        () => ctx.menuVersion.current(),
        (v) => v?.version === before.version + 1,
      ),
    ).toEqual({ version: before.version + 1, listing: before.listing });
    await ctx.db
      .update(menuItems)
      .set({ name: sql`${menuItems.name} || '.'` })
      .where(eq(menuItems.id, item.id));
    expect(
      await until(
        () => ctx.menuVersion.current(),
        (v) => v?.listing === before.listing + 1,
      ),
    ).toEqual({ version: before.version + 2, listing: before.listing + 1 });
  });
});

describe('the cached menu', () => {
  it('answers from memory while the version holds: no query for the menu or its revalidation', async () => {
    const first = await ctx.request('/all-items?category=all&limit=0');
    const tag = first.headers.get('etag')!;
    await ctx.request(`/item-detail/${item.id}`);
    const query = vi.spyOn(pg.Pool.prototype, 'query');
    try {
      for (let i = 0; i < 20; i++) {
        expect((await ctx.request('/all-items?category=all&limit=0')).status).toBe(200);
        expect((await ctx.request(`/item-detail/${item.id}`)).status).toBe(200);
        const again = await ctx.request('/all-items?category=all&limit=0', {
          headers: { 'If-None-Match': tag },
        });
        expect(again.status).toBe(304);
      }
      expect(query).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
  });

  it('shows a change made elsewhere (another instance, a job) on the next request after its announcement', async () => {
    const shown = await stockShown();
    await withClient((client) =>
      client.query('update menu_items set quantity = $1 where id = $2', [shown + 5, item.id]),
    );
    // Within a second, as for an instance on another machine; in practice milliseconds.
    expect(await until(stockShown, (stock) => stock === shown + 5)).toBe(shown + 5);
  });

  it('shows its own process’s write on the very next request', async () => {
    const shown = await stockShown();
    const admin = await createAdmin(ctx);
    const response = await ctx.request(`/admin-item-update/${item.id}?uid=${admin.uid}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: item.name,
        price: item.priceCents / 100,
        quantity: shown + 1,
        image: item.image,
        description: item.description,
      }),
    });
    expect(response.status).toBe(200);
    expect(await stockShown()).toBe(shown + 1);
  });

  it('sees each of its own writes that move the menu on its very next read, before any announcement', async () => {
    const deaf = await deafContext();
    try {
      await seedMenu(deaf.db);
      const [bought] = await deaf.db.select().from(menuItems).limit(1);
      const shownBy = async (ctx: TestContext) =>
        ((await (await ctx.request(`/item-detail/${bought!.id}`)).json()) as { quantity: number }).quantity;
      const before = await shownBy(deaf);
      const customer = await createCustomer(deaf);
      await addToCart(deaf, customer, bought!, 2);
      expect((await checkout(deaf, customer, checkoutBody([{ item: bought!, quantity: 2 }]))).status).toBe(
        200,
      );
      expect(await shownBy(deaf)).toBe(before - 2);
      const [order] = await ordersOf(deaf, customer.uid);
      expect(
        (await call(deaf, 'DELETE', `/order-delete/${order!.id}?uid=${customer.uid}`, customer.token)).status,
      ).toBe(200);
      expect(await shownBy(deaf)).toBe(before);
    } finally {
      await deaf.close();
    }
  });

  it('finds an item added elsewhere before its announcement arrives, rather than answering 404', async () => {
    const deaf = await deafContext();
    try {
      await seedMenu(deaf.db);
      // The menu is in this process's memory; then another instance adds an item.
      expect((await deaf.request('/all-items?category=all&limit=0')).status).toBe(200);
      const [added] = await deaf.db
        .insert(menuItems)
        .values({
          name: 'Just Added Calzone',
          priceCents: 1_250,
          quantity: 4,
          image: '/images/menu/calzone.webp',
          category: 'pizza',
          description: 'Folded and baked.',
        })
        .returning();
      const response = await deaf.request(`/item-detail/${added!.id}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ _id: added!.id, name: 'Just Added Calzone' });
      const unknown = await deaf.request('/item-detail/00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
    } finally {
      await deaf.close();
    }
  });

  it('trusts no cache while its announcements are cut off, and listens again when it can', async () => {
    await withClient((client) =>
      client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTENER_NAME],
      ),
    );
    expect(
      await until(
        () => ctx.menuVersion.current(),
        (v) => v === undefined,
      ),
    ).toBeUndefined();
    const shown = await stockShown();
    // Not announced to this process (it is not listening): seen anyway, the version is read instead.
    await withClient((client) =>
      client.query('update menu_items set quantity = $1 where id = $2', [shown + 3, item.id]),
    );
    expect(await stockShown()).toBe(shown + 3);
    const back = await until(
      () => ctx.menuVersion.current(),
      (v) => v !== undefined,
      10_000,
    );
    expect(back).toEqual(await readMenuVersion(ctx.db));
  });
});
