import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_IMAGE_RULE, isItemImageAddress, ReservationListSchema } from '../../contract/admin.ts';
import { LOW_STOCK, MenuItemListSchema, MenuItemSchema } from '../../contract/menu.ts';
import { nextCursorOf } from '../../contract/paging.ts';
import { menuItems, reservations } from '../../server/db/schema.ts';
import { SEED_MENU_ITEMS } from '../../server/db/seed-data.ts';
import { adminCall, createAdmin } from './support/admin.ts';
import { call, insertMenuItem, type MenuItemRow } from './support/commerce.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
const admin = fixture(() => createAdmin(ctx));

const UNKNOWN_ID = '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69';

async function itemRow(id: string): Promise<MenuItemRow | undefined> {
  const [row] = await ctx.db.select().from(menuItems).where(eq(menuItems.id, id));
  return row;
}

async function itemCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(menuItems);
  return row!.n;
}

const valid = {
  name: 'Pepperoni Feast',
  price: 12.5,
  quantity: 8,
  image: 'https://images.example.com/pepperoni.jpg',
  category: 'pizza',
  description: 'Double pepperoni, mozzarella and a spicy tomato sauce.',
};
const { category: _, ...validUpdate } = valid;

/** Bodies both forms must refuse (400), with the field they break. */
const invalidFields: Array<[string, Record<string, unknown>]> = [
  ['no name', { name: undefined }],
  ['a blank name', { name: '   ' }],
  ['no price', { price: undefined }],
  ['an empty price', { price: '' }],
  ['a price of 0', { price: 0 }],
  ['a negative price', { price: -3 }],
  ["a price of 'abc'", { price: 'abc' }],
  ['a price with 3 decimals', { price: 12.345 }],
  ['a price that is not finite', { price: 'Infinity' }],
  ['a huge price', { price: 1e9 }],
  ['no quantity', { quantity: undefined }],
  ['a quantity of -1', { quantity: -1 }],
  ['a quantity of 1.5', { quantity: 1.5 }],
  ['a quantity that is a boolean', { quantity: true }],
  ['no image', { image: undefined }],
  ["a 'javascript:' image", { image: 'javascript:alert(1)' }],
  ['a protocol-relative image', { image: '//evil.example.com/x.png' }],
  ['an image that is not an address', { image: 'pizza.jpg' }],
  ['a huge image address', { image: `https://example.com/${'a'.repeat(2048)}.png` }],
  ['an http (not https) image', { image: 'http://images.example.com/pepperoni.jpg' }],
  ['an image address of a web page', { image: 'https://images.example.com/pepperoni.html' }],
  ['an image address with no picture at its end', { image: 'https://images.example.com/pepperoni' }],
  ['an image host with no path', { image: 'https://pepperoni.png' }],
  ['an image address with a password', { image: 'https://me:secret@images.example.com/p.png' }],
  ['an image whose extension is only in its query', { image: 'https://example.com/p?f=a.png' }],
  ['a site path outside /images/', { image: '/api/users.png' }],
  ['a site path climbing out of /images/', { image: '/images/../api/x.png' }],
  ['an image address with a blank', { image: 'https://example.com/my pizza.png' }],
  ['no description', { description: undefined }],
  ['a huge name', { name: 'a'.repeat(81) }],
  ['a huge description', { description: 'a'.repeat(2001) }],
];

describe('POST /add-item', () => {
  it('adds the item (price stored in cents) and answers 201 with its id', async () => {
    const response = await call<{ insertedId: string }>(ctx, 'POST', '/add-item', admin.token, valid);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await itemRow(response.body.insertedId)).toMatchObject({
      name: 'Pepperoni Feast',
      priceCents: 1250,
      quantity: 8,
      image: valid.image,
      category: 'pizza',
      description: valid.description,
    });
    // On the public menu at once.
    const detail = await call(ctx, 'GET', `/item-detail/${response.body.insertedId}`);
    expect(detail.status).toBe(200);
    expect(v.parse(MenuItemSchema, detail.body)).toMatchObject({ price: 12.5, quantity: 8 });
  });

  it('accepts form values (price and quantity as text), a site path image, and trims text', async () => {
    const body = { ...valid, name: '  Garden Salad ', price: '12.50', quantity: '3', image: '/images/s.jpg' };
    const response = await call<{ insertedId: string }>(
      ctx,
      'POST',
      `/add-item?uid=${admin.uid}`,
      admin.token,
      { ...body, category: 'salad' },
    );
    expect(response.status).toBe(201);
    expect(await itemRow(response.body.insertedId)).toMatchObject({
      name: 'Garden Salad',
      priceCents: 1250,
      quantity: 3,
      image: '/images/s.jpg',
      category: 'salad',
    });
  });

  it('stores prices exactly (0.29, 1.15 and 100000 in cents) and accepts stock 0', async () => {
    for (const [price, cents] of [
      [0.29, 29],
      [1.15, 115],
      [100_000, 10_000_000],
    ] as const) {
      const response = await call<{ insertedId: string }>(ctx, 'POST', '/add-item', admin.token, {
        ...valid,
        price,
        quantity: 0,
      });
      expect(response.status).toBe(201);
      expect(await itemRow(response.body.insertedId)).toMatchObject({ priceCents: cents, quantity: 0 });
    }
  });

  it.each([
    ...invalidFields,
    ['no category', { category: undefined }],
    ["the category 'all'", { category: 'all' }],
    ['an unknown category', { category: 'soup' }],
  ])('refuses %s: 400 with a message, nothing added', async (_, change) => {
    const before = await itemCount();
    const response = await call(ctx, 'POST', '/add-item', admin.token, { ...valid, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect(await itemCount()).toBe(before);
  });

  it.each([
    ['a body that is not JSON', '{"name": "Pizza",'],
    ['a JSON array', '[]'],
    ['JSON null', 'null'],
  ])('refuses %s: 400, nothing added', async (_, body) => {
    const before = await itemCount();
    const response = await call(ctx, 'POST', '/add-item', admin.token, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect(await itemCount()).toBe(before);
  });

  it('names the broken field in its message', async () => {
    const response = await call(ctx, 'POST', '/add-item', admin.token, { ...valid, price: 0 });
    expect(response.body).toEqual({ message: 'Price must be more than 0' });
  });

  it('says what an image address must be when it is not a picture', async () => {
    const response = await call(ctx, 'POST', '/add-item', admin.token, {
      ...valid,
      image: 'https://images.example.com/menu.pdf',
    });
    expect(response).toMatchObject({ status: 400, body: { message: ITEM_IMAGE_RULE } });
    expect(ITEM_IMAGE_RULE).toMatch(/https:\/\/.*\/images\/.*\.png.*\.svg/);
  });

  it.each([
    'https://cdn.example.com/menu/pizza.webp',
    'https://cdn.example.com/menu/PIZZA.JPG',
    'https://cdn.example.com/menu/pizza.avif?w=400&q=80',
    'https://cdn.example.com:8443/a/b/pizza.gif',
    '/images/menu/pizza.jpeg',
    '/images/menu/pizza.svg?v=2',
  ])('accepts the picture %s', async (image) => {
    const response = await call<{ insertedId: string }>(ctx, 'POST', '/add-item', admin.token, {
      ...valid,
      image,
    });
    expect(response.status).toBe(201);
    expect(await itemRow(response.body.insertedId)).toMatchObject({ image });
  });

  it("keeps every seeded item's picture valid", () => {
    expect(SEED_MENU_ITEMS.length).toBeGreaterThan(0);
    for (const item of SEED_MENU_ITEMS) expect(isItemImageAddress(item.image), item.image).toBe(true);
  });
});

describe('GET /admin-all-items', () => {
  it('lists every item newest first, sold-out items included', async () => {
    const older = await insertMenuItem(ctx, { createdAt: new Date('2026-01-01T10:00:00Z') });
    const soldOut = await insertMenuItem(ctx, { quantity: 0, createdAt: new Date('2026-01-02T10:00:00Z') });
    const newest = await insertMenuItem(ctx, {
      category: 'drink',
      createdAt: new Date('2030-01-01T10:00:00Z'),
    });
    const response = await call(ctx, 'GET', `/admin-all-items?uid=${admin.uid}`, admin.token);
    expect(response.status).toBe(200);
    const items = v.parse(MenuItemListSchema, response.body);
    const ids = items.map((item) => item._id);
    expect(ids[0]).toBe(newest.id);
    expect(ids.indexOf(soldOut.id)).toBeLessThan(ids.indexOf(older.id));
    expect(items.find((item) => item._id === soldOut.id)).toEqual({
      _id: soldOut.id,
      name: soldOut.name,
      price: 450.5,
      quantity: 0,
      image: soldOut.image,
      category: 'pizza',
      description: soldOut.description,
    });
    expect(items).toHaveLength(await itemCount());
  });
});

describe('GET /admin-all-items: search and stock filters', () => {
  type Listed = { ids: string[]; link: string | null };
  const list = async (query: string): Promise<Listed> => {
    const response = await adminCall(ctx, admin, 'GET', `/admin-all-items?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return {
      ids: v.parse(MenuItemListSchema, response.body).map((item) => item._id),
      link: response.headers.get('Link'),
    };
  };
  /** Every page of a filtered list, following the Link headers. */
  const allPages = async (query: string): Promise<string[]> => {
    const ids: string[] = [];
    let next: string | null = query;
    while (next !== null) {
      const page: Listed = await list(next);
      ids.push(...page.ids);
      const cursor = nextCursorOf(page.link);
      next = cursor === null ? null : `${query}&cursor=${cursor}`;
    }
    return ids;
  };

  const word = `Zest${Math.random().toString(36).slice(2, 8)}`;
  let items: Record<'out' | 'two' | 'three' | 'four' | 'other', MenuItemRow>;
  beforeAll(async () => {
    const at = (day: number) => new Date(Date.UTC(2031, 0, day));
    items = {
      out: await insertMenuItem(ctx, { name: `${word} Sold Pie`, quantity: 0, createdAt: at(1) }),
      two: await insertMenuItem(ctx, {
        name: `smoky ${word.toLowerCase()} slice`,
        quantity: 2,
        createdAt: at(2),
      }),
      three: await insertMenuItem(ctx, {
        name: `${word.toUpperCase()} PIE`,
        quantity: LOW_STOCK,
        createdAt: at(3),
      }),
      four: await insertMenuItem(ctx, { name: `Big ${word}`, quantity: LOW_STOCK + 1, createdAt: at(4) }),
      other: await insertMenuItem(ctx, { name: 'Unrelated Salad', quantity: 1, createdAt: at(5) }),
    };
  });

  it('finds items whose name contains the search, in any case, trimmed, newest first', async () => {
    const q = encodeURIComponent(`  ${word.toLowerCase()}  `);
    expect((await list(`q=${q}`)).ids).toEqual([items.four.id, items.three.id, items.two.id, items.out.id]);
    expect((await list(`q=${encodeURIComponent('y zest')}`)).ids).toContain(items.two.id);
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await list('q=%25%25%25')).ids).toEqual([]);
    expect((await list('q=___')).ids).toEqual([]);
  });

  it('filters sold out (0) and low stock (LOW_STOCK or fewer, sold out included)', async () => {
    const q = `q=${word}`;
    expect((await list(`${q}&stock=out`)).ids).toEqual([items.out.id]);
    expect((await list(`${q}&stock=low`)).ids).toEqual([items.three.id, items.two.id, items.out.id]);
    const low = await allPages('stock=low');
    expect(low).toEqual(expect.arrayContaining([items.other.id, items.three.id, items.two.id, items.out.id]));
    expect(low).not.toContain(items.four.id);
    const [row] = await ctx.db
      .select({ over: sql<number>`count(*)::int` })
      .from(menuItems)
      .where(sql`${menuItems.id} in ${low} and ${menuItems.quantity} > ${LOW_STOCK}`);
    expect(row!.over).toBe(0);
  });

  it('pages a filtered list with cursors, the next link keeping the filters', async () => {
    const first = await list(`q=${word}&stock=low&limit=1`);
    expect(first.ids).toEqual([items.three.id]);
    const next = new URLSearchParams(/^<\?([^>]*)>/.exec(first.link ?? '')?.[1]);
    expect(Object.fromEntries(next)).toMatchObject({ q: word, stock: 'low', limit: '1' });
    expect(await allPages(`q=${word}&stock=low&limit=1`)).toEqual([
      items.three.id,
      items.two.id,
      items.out.id,
    ]);
  });

  it.each([
    ['an unknown stock filter', 'stock=none', 'stock must be one of: out, low'],
    ['a stock filter in capitals', 'stock=LOW', 'stock must be one of: out, low'],
    ['a search under 3 characters', 'q=ab', 'Search for at least 3 characters'],
    ['a search of blanks', 'q=%20%20%20%20', 'Search for at least 3 characters'],
    ['a search over 100 characters', `q=${'x'.repeat(101)}`, 'Search for at most 100 characters'],
  ])('refuses %s: 400 with its message', async (_, query, message) => {
    const response = await adminCall(ctx, admin, 'GET', `/admin-all-items?${query}`);
    expect(response).toMatchObject({ status: 400, body: { message } });
  });
});

describe('GET /admin-item-update/:id', () => {
  it('answers the item', async () => {
    const item = await insertMenuItem(ctx, { quantity: 0 });
    const response = await adminCall(ctx, admin, 'GET', `/admin-item-update/${item.id}`);
    expect(response.status).toBe(200);
    expect(v.parse(MenuItemSchema, response.body)).toMatchObject({
      _id: item.id,
      name: item.name,
      quantity: 0,
    });
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    const response = await adminCall(ctx, admin, 'GET', `/admin-item-update/${id}`);
    expect(response).toMatchObject({ status: 404, body: { message: 'This menu item does not exist' } });
  });
});

describe('PATCH /admin-item-update/:id', () => {
  const patch = (id: string, body: unknown) =>
    adminCall(ctx, admin, 'PATCH', `/admin-item-update/${id}`, body);

  it('writes name, price, quantity, image and description; the category stays', async () => {
    const item = await insertMenuItem(ctx);
    const response = await patch(item.id, { ...validUpdate, category: 'drink' });
    expect(response).toMatchObject({ status: 200, body: { matchedCount: 1, modifiedCount: 1 } });
    expect(await itemRow(item.id)).toMatchObject({
      name: valid.name,
      priceCents: 1250,
      quantity: 8,
      image: valid.image,
      description: valid.description,
      category: 'pizza',
    });
  });

  it('answers modifiedCount 0 when nothing differs (form values included)', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1250, quantity: 3 });
    const same = {
      name: item.name,
      price: '12.50',
      quantity: '3',
      image: item.image,
      description: item.description,
    };
    expect(await patch(item.id, same)).toMatchObject({
      status: 200,
      body: { matchedCount: 1, modifiedCount: 0 },
    });
    expect(await itemRow(item.id)).toEqual(item);
    // One field differing is a modification.
    expect((await patch(item.id, { ...same, quantity: 4 })).body).toEqual({
      matchedCount: 1,
      modifiedCount: 1,
    });
  });

  it.each(invalidFields)('refuses %s: 400, the item unchanged', async (_, change) => {
    const item = await insertMenuItem(ctx);
    const response = await patch(item.id, { ...validUpdate, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect(await itemRow(item.id)).toEqual(item);
  });

  it('refuses a body that is not JSON: 400', async () => {
    const item = await insertMenuItem(ctx);
    expect(await patch(item.id, 'name=Pizza')).toMatchObject({
      status: 400,
      body: { message: 'The request body must be JSON' },
    });
    expect(await itemRow(item.id)).toEqual(item);
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    const response = await patch(id, validUpdate);
    expect(response).toMatchObject({ status: 404, body: { message: 'This menu item does not exist' } });
  });
});

describe('DELETE /item-delete/:id', () => {
  it('deletes the item: gone from the menu, a second delete is 404', async () => {
    const item = await insertMenuItem(ctx);
    const response = await adminCall(ctx, admin, 'DELETE', `/item-delete/${item.id}`);
    expect(response).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    expect(await itemRow(item.id)).toBeUndefined();
    expect((await call(ctx, 'GET', `/item-detail/${item.id}`)).status).toBe(404);
    const again = await adminCall(ctx, admin, 'DELETE', `/item-delete/${item.id}`);
    expect(again).toMatchObject({ status: 404, body: { message: 'This menu item does not exist' } });
  });

  it('answers 404 for a malformed id', async () => {
    const before = await itemCount();
    expect((await adminCall(ctx, admin, 'DELETE', '/item-delete/42')).status).toBe(404);
    expect(await itemCount()).toBe(before);
  });
});

describe('GET /admin-reservations', () => {
  it('lists every booking newest first, in the admin contract’s shape', async () => {
    const [older] = await ctx.db
      .insert(reservations)
      .values({
        name: 'Rahim',
        email: 'rahim@example.com',
        persons: 2,
        date: '2026-12-01',
        createdAt: new Date('2026-11-01T09:00:00Z'),
      })
      .returning();
    const booked = await call<{ insertedId: string }>(ctx, 'POST', '/reservations', undefined, {
      name: 'Karim',
      email: 'karim@example.com',
      persons: 3,
      date: '2099-12-31',
      time: '19:30',
      phone: '+880 1711 000000',
    });
    expect(booked.status).toBe(201);

    const response = await adminCall(ctx, admin, 'GET', '/admin-reservations');
    expect(response.status).toBe(200);
    const rows = v.parse(ReservationListSchema, response.body);
    expect(rows.map((row) => row._id)).toEqual([booked.body.insertedId, older!.id]);
    expect(rows[0]).toEqual({
      _id: booked.body.insertedId,
      name: 'Karim',
      email: 'karim@example.com',
      persons: 3,
      date: '2099-12-31',
      time: '19:30',
      phone: '+880 1711 000000',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      reference: expect.stringMatching(/^[0-9A-Z]{8}$/),
      state: 'booked',
      walkIn: false,
    });
    expect(rows[1]).toMatchObject({ time: null, phone: null, createdAt: '2026-11-01T09:00:00.000Z' });
  });
});
