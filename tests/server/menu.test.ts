import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_CATEGORIES, type MenuItem } from '../../contract/menu.ts';
import { menuItems } from '../../server/db/schema.ts';
import { seedMenu } from '../../server/db/seed/menu.ts';
import { SEED_MENU_ITEMS } from '../../server/db/seed-data.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
beforeAll(async () => {
  await seedMenu(ctx.db);
});

const getJson = async (path: string) => {
  const response = await ctx.request(path);
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('the seeded menu', () => {
  it('has at least 30 items in every category, one sold out and one with a single unit', () => {
    expect(SEED_MENU_ITEMS.length).toBeGreaterThanOrEqual(30);
    for (const category of ITEM_CATEGORIES) {
      expect(SEED_MENU_ITEMS.some((item) => item.category === category)).toBe(true);
    }
    expect(SEED_MENU_ITEMS.filter((item) => item.quantity === 0)).toHaveLength(1);
    expect(SEED_MENU_ITEMS.filter((item) => item.quantity === 1)).toHaveLength(1);
    for (const item of SEED_MENU_ITEMS) expect(item.description.length).toBeGreaterThan(80);
    expect(new Set(SEED_MENU_ITEMS.map((item) => item.image)).size).toBe(SEED_MENU_ITEMS.length);
  });

  it('is seeded only once', async () => {
    expect(await seedMenu(ctx.db)).toBe(0);
  });
});

describe('GET /all-items', () => {
  it('lists every item for category all with limit 0', async () => {
    const { status, body } = await getJson('/all-items?category=all&limit=0');
    expect(status).toBe(200);
    expect(body).toHaveLength(SEED_MENU_ITEMS.length);
    const first = (body as MenuItem[])[0]!;
    expect(first).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: SEED_MENU_ITEMS[0]!.name,
      price: SEED_MENU_ITEMS[0]!.priceCents / 100,
      quantity: SEED_MENU_ITEMS[0]!.quantity,
      image: SEED_MENU_ITEMS[0]!.image,
      category: SEED_MENU_ITEMS[0]!.category,
      description: SEED_MENU_ITEMS[0]!.description,
    });
  });

  it('filters by category and honours the limit', async () => {
    const pizzas = SEED_MENU_ITEMS.filter((item) => item.category === 'pizza');
    const all = await getJson('/all-items?category=pizza&limit=0');
    expect((all.body as MenuItem[]).map((item) => item.name)).toEqual(pizzas.map((item) => item.name));
    const limited = await getJson('/all-items?category=pizza&limit=8');
    expect(limited.body).toHaveLength(Math.min(8, pizzas.length));
  });

  it.each([
    ['/all-items?limit=8', /category/],
    ['/all-items?category=pasta&limit=8', /category must be one of/],
    ['/all-items?category=all', /limit/],
    ['/all-items?category=all&limit=-1', /limit must be a whole number/],
    ['/all-items?category=all&limit=abc', /limit must be a whole number/],
    ['/all-items?category=all&limit=2.5', /limit must be a whole number/],
    ['/all-items?category=all&limit=99999', /limit must be a whole number/],
  ])('answers 400 with a message for %s', async (path, message) => {
    const { status, body } = await getJson(path);
    expect(status).toBe(400);
    expect((body as { message: string }).message).toMatch(message);
  });
});

describe('GET /item-detail/:id', () => {
  it('answers the item', async () => {
    const [row] = await ctx.db.select().from(menuItems).where(eq(menuItems.name, SEED_MENU_ITEMS[3]!.name));
    const { status, body } = await getJson(`/item-detail/${row!.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: row!.id, name: row!.name, price: row!.priceCents / 100 });
  });

  it.each([
    '00000000-0000-4000-8000-000000000000',
    'not-an-id',
    "1' or '1'='1",
  ])('answers 404 with a message for the unknown id %s', async (id) => {
    const { status, body } = await getJson(`/item-detail/${encodeURIComponent(id)}`);
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'This menu item does not exist' });
  });
});

describe('the API as a whole', () => {
  it('answers JSON for an unknown route', async () => {
    const { status, body } = await getJson('/nope');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'No route for GET /nope' });
  });

  it('reports health with a database check', async () => {
    expect(await getJson('/health')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('lets only the storefront origin call it from a browser', async () => {
    const allowed = await ctx.request('/all-items?category=all&limit=1', {
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const other = await ctx.request('/all-items?category=all&limit=1', {
      headers: { Origin: 'https://evil.test' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
