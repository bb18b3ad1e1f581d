import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createMenuCache, UNREACHABLE_RETRY_MS } from '../../server/api/cache/menu-cache.ts';
import { menuItems } from '../../server/db/schema.ts';
import { seedMenu } from '../../server/db/seed/menu.ts';
import { adminCall, createAdmin } from './support/admin.ts';
import { fixture, SITE_ORIGIN, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
const item = fixture(async () => {
  await seedMenu(ctx.db);
  return (await ctx.db.select().from(menuItems).limit(1))[0]!;
});

const get = (path: string, headers: Record<string, string> = {}) =>
  ctx.request(path, { headers: { Origin: SITE_ORIGIN, ...headers } });

/** An admin edits the item's price through the API, as Manage items does. */
async function changePrice(price: number): Promise<void> {
  const admin = await createAdmin(ctx);
  const { status } = await adminCall(ctx, admin, 'PATCH', `/admin-item-update/${item.id}`, {
    name: item.name,
    price,
    quantity: item.quantity,
    image: item.image,
    description: item.description,
  });
  expect(status).toBe(200);
}

describe.each([
  ['GET /all-items', () => '/all-items?category=all&limit=0'],
  ['GET /item-detail/:id', () => `/item-detail/${item.id}`],
])('%s', (_, path) => {
  it('tags the menu with a weak ETag and has caches revalidate it before every use', async () => {
    const response = await get(path());
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^W\/"[^"]+"$/);
    // Stated here, not read from the route's constant: the test says what a cache must be told.
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
  });

  it('answers 304 without a body when the caller already holds the current menu', async () => {
    const first = await get(path());
    const tag = first.headers.get('etag')!;
    const again = await get(path(), { 'If-None-Match': tag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBe('public, no-cache');
    // The storefront is another origin: without this header the browser could not use the 304.
    expect(again.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
  });

  it('matches the tag as browsers send it: in a list, or strong', async () => {
    const tag = (await get(path())).headers.get('etag')!;
    const strong = tag.replace(/^W\//, '');
    expect((await get(path(), { 'If-None-Match': `W/"older", ${tag}` })).status).toBe(304);
    expect((await get(path(), { 'If-None-Match': strong })).status).toBe(304);
    expect((await get(path(), { 'If-None-Match': 'W/"older"' })).status).toBe(200);
  });

  it('answers the new menu with a new tag once an admin has changed it', async () => {
    const before = await get(path());
    const tag = before.headers.get('etag')!;
    await changePrice(item.priceCents / 100 + 1);
    const after = await get(path(), { 'If-None-Match': tag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    expect(await after.text()).toContain(`"price":${item.priceCents / 100 + 1}`);
    await changePrice(item.priceCents / 100);
  });
});

describe('compression', () => {
  it('sends the menu gzipped to a client that takes gzip, the same JSON', async () => {
    const plain = await get('/all-items?category=all&limit=0');
    const zipped = await get('/all-items?category=all&limit=0', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/);
    const body = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString();
    expect(JSON.parse(body)).toEqual(await plain.json());
    expect(plain.headers.get('content-encoding')).toBeNull();
    const refused = await get('/all-items?category=all&limit=0', { 'Accept-Encoding': 'gzip;q=0, br' });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });
});

describe('what is not cached', () => {
  it('gives each category its own tag', async () => {
    const all = await get('/all-items?category=all&limit=0');
    const pizza = await get('/all-items?category=pizza&limit=0');
    expect(pizza.headers.get('etag')).not.toBe(all.headers.get('etag'));
    const stale = await get('/all-items?category=pizza&limit=0', {
      'If-None-Match': all.headers.get('etag')!,
    });
    expect(stale.status).toBe(200);
  });

  it.each([
    ['an unknown item', '/item-detail/00000000-0000-4000-8000-000000000000', 404],
    ['an invalid query', '/all-items?category=pasta&limit=8', 400],
  ])('answers %s without a tag or a cache lifetime', async (_, path, status) => {
    const response = await get(path, { 'If-None-Match': '*' });
    expect(response.status).toBe(status);
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it('forgets an item an admin deleted: its page answers 404 at once', async () => {
    const [extra] = await ctx.db
      .insert(menuItems)
      .values({
        name: 'Cache Test Pie',
        priceCents: 900,
        quantity: 3,
        image: '/images/menu/cache-test.svg',
        category: 'pizza',
        description: 'A pie that exists for a moment.',
      })
      .returning();
    const tag = (await get(`/item-detail/${extra!.id}`)).headers.get('etag')!;
    const admin = await createAdmin(ctx);
    expect((await adminCall(ctx, admin, 'DELETE', `/item-delete/${extra!.id}`)).status).toBe(200);
    const gone = await get(`/item-detail/${extra!.id}`, { 'If-None-Match': tag });
    expect(gone.status).toBe(404);
  });
});

describe('while the database can not be read', () => {
  /** A version that is known (listening) or not, and whose reads fail with `failure` when it is set. */
  function versionStandIn() {
    const stand = {
      listening: true,
      failure: undefined as Error | undefined,
      reads: 0,
      version: {
        current: () => (stand.listening ? ctx.menuVersion.current() : undefined),
        read: async () => {
          stand.reads += 1;
          if (stand.failure) throw stand.failure;
          return ctx.menuVersion.read();
        },
        catchUp: async () => {},
        close: async () => {},
      },
    };
    return stand;
  }
  const refused = () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('serves the last menu it read, and asks the database again only after a moment', async () => {
    const stand = versionStandIn();
    const cache = createMenuCache(ctx.db, stand.version);
    const read = await cache.snapshot();
    // The database goes: the listener is lost, and reads are refused.
    stand.listening = false;
    stand.failure = refused();
    expect(await cache.snapshot()).toBe(read);
    expect(stand.reads).toBe(1);
    // An unreachable database would hold every read for the connect timeout: one asks per moment.
    expect(await cache.snapshot()).toBe(read);
    expect(stand.reads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, UNREACHABLE_RETRY_MS + 50));
    expect(await cache.snapshot()).toBe(read);
    expect(stand.reads).toBe(2);
    // Back: the current menu again.
    stand.failure = undefined;
    await new Promise((resolve) => setTimeout(resolve, UNREACHABLE_RETRY_MS + 50));
    expect((await cache.snapshot()).versions).toEqual(await ctx.menuVersion.read());
    expect(stand.reads).toBe(3);
  });

  it('has nothing to serve before its first read, and hides no error of another kind', async () => {
    const stand = versionStandIn();
    stand.listening = false;
    stand.failure = refused();
    const cold = createMenuCache(ctx.db, stand.version);
    await expect(cold.snapshot()).rejects.toThrow('ECONNREFUSED');

    stand.failure = undefined;
    await cold.snapshot();
    stand.failure = new TypeError('a bug of ours');
    await expect(cold.snapshot()).rejects.toThrow('a bug of ours');
  });
});
