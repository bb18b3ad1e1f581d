import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTENER_NAME, readMenuVersion } from '../../server/cache/menu-version.ts';
import { menuItems } from '../../server/db/schema.ts';
import { seedMenu } from '../../server/seed/menu.ts';
import { createAdmin } from './support/admin.ts';
import { copyTemplateDatabase, createContextOn, type TestContext } from './support/test-app.ts';
import { until } from './support/until.ts';

let ctx: TestContext;
let url: string;
let item: typeof menuItems.$inferSelect;
beforeAll(async () => {
  const database = await copyTemplateDatabase();
  url = database.url;
  ctx = await createContextOn(url, {}, database.drop);
  await seedMenu(ctx.db);
  item = (await ctx.db.select().from(menuItems).limit(1))[0]!;
});
afterAll(() => ctx.close());

/** A second connection of our own, as another process would hold. */
async function withClient<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
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

describe('the menu version', () => {
  it('moves once per transaction that changes the menu, when it commits, and not on a rollback', async () => {
    const before = await readMenuVersion(ctx.db);
    await withClient(async (client) => {
      await client.query('begin');
      await client.query('update menu_items set quantity = quantity + 1');
      expect(await readMenuVersion(ctx.db)).toBe(before);
      await client.query('commit');
    });
    expect(await readMenuVersion(ctx.db)).toBe(before + 1);
    await withClient(async (client) => {
      await client.query('begin');
      await client.query('delete from menu_items');
      await client.query('rollback');
    });
    expect(await readMenuVersion(ctx.db)).toBe(before + 1);
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
        (v) => v === before + 1,
      ),
    ).toBe(before + 1);
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
    expect(back).toBe(await readMenuVersion(ctx.db));
  });
});
