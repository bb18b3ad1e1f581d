import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_FILTERS } from '../../contract/menu.ts';
import type { OrderStage } from '../../contract/order.ts';
import { listAllMenuItems } from '../../server/api/services/menu.ts';
import { listAllOrders, listOrders } from '../../server/api/services/order-lists.ts';
import { CursorSchema, type PageRequest } from '../../server/api/services/paging.ts';
import { listReservations } from '../../server/api/services/reservations.ts';
import { countOrdersByState, readMailBacklog } from '../../server/api/services/shop-figures.ts';
import { listUsers } from '../../server/api/services/users.ts';
import type { Database } from '../../server/db/client.ts';
import { seedMenu } from '../../server/db/seed/menu.ts';
import { seedVolume } from '../../server/db/seed/volume.ts';
import { plansOf, type RecordingDatabase, recordingDatabase } from './support/query-plans.ts';

/**
 * Every paged list query is served by an index, shown by PostgreSQL's own plan on a restaurant-sized
 * table: no sequential scan of orders (or of their lines, users, bookings) on any page, first or deep.
 */
let recording: RecordingDatabase;
let pool: RecordingDatabase['pool'];
let db: Database;

beforeAll(async () => {
  recording = await recordingDatabase();
  ({ pool, db } = recording);
  await seedMenu(db);
  await seedVolume(db, { customers: 3_000, orders: 30_000, reservations: 5_000 });
}, 120_000);
afterAll(async () => {
  await recording.close();
});

/** Every node of the plans of the SELECTs `read` sends. */
const nodesOfPlans = async (read: () => Promise<unknown>) =>
  (await plansOf(recording, read)).flatMap((plan) => plan.nodes);

/** The tables `read` has PostgreSQL read in full. */
const scansOf = async (read: () => Promise<unknown>): Promise<string[]> =>
  (await nodesOfPlans(read))
    .filter((node) => node['Node Type'] === 'Seq Scan')
    .map((node) => node['Relation Name'] ?? '?');

/** The cursor of the page after the first `pages` pages of `limit` rows. */
async function deepCursor(read: (page: PageRequest) => Promise<{ next: string | null }>, pages: number) {
  let cursor: PageRequest['cursor'];
  for (let i = 0; i < pages; i++) {
    const { next } = await read({ limit: 100, cursor });
    cursor = v.parse(CursorSchema, next);
  }
  return cursor;
}

describe('the paged list queries use their indexes', () => {
  const STAGES: OrderStage[] = ['unpaid', 'paid', 'confirmed', 'refund_due'];
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();

  it('Manage orders: first and deep pages, every filter', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const deep = await deepCursor((page) => listAllOrders(db, page, today), 20);
    const cases = [
      {},
      ...STAGES.map((status) => ({ status })),
      { from: monthAgo, to: weekAgo },
      { status: 'paid' as const, from: monthAgo },
      { q: 'nadia rahman' },
      { q: 'pz0a1b' },
      // An order number: today's order with it, or the text.
      { q: '12' },
      { q: '#12' },
      { q: 'example.com', status: 'confirmed' as const },
      ...(['awaiting_payment', 'paid', 'out_for_delivery'] as const).map((state) => ({ state })),
      { state: 'accepted' as const, from: monthAgo },
    ];
    for (const filters of cases) {
      for (const cursor of [undefined, deep]) {
        const scans = await scansOf(() => listAllOrders(db, { limit: 20, cursor, ...filters }, today));
        expect(scans, JSON.stringify({ filters, deep: Boolean(cursor) })).toEqual([]);
      }
    }
  });

  it("My order: a customer's first and later pages", async () => {
    const { rows } = await pool.query<{ user_uid: string }>(
      'select user_uid from orders group by user_uid order by count(*) desc limit 1',
    );
    const uid = rows[0]!.user_uid;
    const second = await deepCursor((page) => listOrders(db, uid, { ...page, limit: 5 }), 1);
    for (const cursor of [undefined, second]) {
      expect(await scansOf(() => listOrders(db, uid, { limit: 5, cursor }))).toEqual([]);
    }
  });

  it('Manage users and Reservations: first and deep pages', async () => {
    const users = await deepCursor((page) => listUsers(db, page), 10);
    const bookings = await deepCursor((page) => listReservations(db, page), 10);
    const reads = [
      () => listUsers(db, { limit: 20, cursor: undefined }),
      () => listUsers(db, { limit: 20, cursor: users }),
      () => listUsers(db, { limit: 20, cursor: users, role: 'user' }),
      () => listUsers(db, { limit: 20, cursor: undefined, role: 'admin' }),
      () => listUsers(db, { limit: 20, cursor: undefined, q: 'tanvir' }),
      () => listReservations(db, { limit: 20, cursor: undefined }),
      () => listReservations(db, { limit: 20, cursor: bookings }),
      () =>
        listReservations(db, { limit: 20, cursor: undefined, date: new Date().toISOString().slice(0, 10) }),
    ];
    for (const [i, read] of reads.entries()) expect(await scansOf(read), `read ${i}`).toEqual([]);
  });

  it('keeps no pending list in the trigram indexes: no insert or state change ever merges one', async () => {
    // At a rush the orders' list filled in about forty seconds, and the write that found it full spent
    // seconds merging it while every request queued (migration 0010).
    const result = await db.execute<{ relname: string; reloptions: string[] | null }>(
      sql`select relname, reloptions from pg_class where relname like '%\_search\_idx' order by relname`,
    );
    expect(result.rows).toEqual(
      ['menu_items_search_idx', 'orders_search_idx', 'users_search_idx'].map((relname) => ({
        relname,
        reloptions: ['fastupdate=off'],
      })),
    );
  });

  it('Manage items: first and deep pages, its search and stock filters', async () => {
    // A restaurant's menu is small enough that PostgreSQL rightly reads it whole; a chain's catalogue
    // of 20 000 items (one in 500 sold out, 3 in 500 more low) shows the index each filter takes.
    await db.execute(sql`
      insert into menu_items (name, price_cents, quantity, image, category, description, created_at)
      select (array['Margherita','Pepperoni','Diavola','Caesar','Tiramisu','Cola','Smash'])[1 + i % 7]
               || ' No. ' || i,
             500 + i % 1000, i % 500, '/images/menu/item.svg', 'pizza', 'Catalogue item',
             now() - random() * interval '730 days'
      from generate_series(1, 20000) as i`);
    // As autovacuum leaves a live table: the rows just written merged into the trigram index proper.
    await db.execute(sql`vacuum analyze menu_items`);
    const deep = await deepCursor((page) => listAllMenuItems(db, page), 20);
    const searches = [undefined, 'pepperoni', 'no. 1234', 'zzq', 'nothing like it'];
    for (const q of searches) {
      for (const stock of [undefined, ...STOCK_FILTERS]) {
        for (const cursor of [undefined, deep]) {
          const scans = await scansOf(() => listAllMenuItems(db, { limit: 20, cursor, q, stock }));
          expect(scans, JSON.stringify({ q, stock, deep: Boolean(cursor) })).toEqual([]);
        }
      }
    }
  });
});

// GET /metrics asks these at every scrape (server/api/metrics.ts): a year of orders and of mail sent must
// not make a scrape read either table in full.
describe('the figures GET /metrics reads', () => {
  beforeAll(async () => {
    await db.execute(sql`
      insert into mail_outbox (kind, to_address, subject, body, state, sent_at)
      select 'booking', 'guest' || i || '@example.com', 'Booked', 'x', 'sent', now()
      from generate_series(1, 20000) as i`);
    // As autovacuum leaves the tables between rushes: their visibility maps set.
    await db.execute(sql`vacuum analyze orders`);
    await db.execute(sql`vacuum analyze mail_outbox`);
  });

  it('counts orders by state from the state index alone, never reading the table', async () => {
    const plan = await nodesOfPlans(() => countOrdersByState(db));
    expect(plan.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(plan.filter((node) => node['Relation Name'] === 'orders')).toEqual([
      expect.objectContaining({ 'Node Type': 'Index Only Scan', 'Index Name': 'orders_state_created_idx' }),
    ]);
    const counts = await countOrdersByState(db);
    const [{ total }] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from orders`))
      .rows as [{ total: number }];
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(total);
  });

  it('reads the mail backlog from the pending rows’ index, never the mail already sent', async () => {
    const plan = await nodesOfPlans(() => readMailBacklog(db));
    expect(plan.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(plan.filter((node) => node['Relation Name'] === 'mail_outbox')).toEqual([
      expect.objectContaining({ 'Index Name': 'mail_outbox_due_idx' }),
    ]);
  });
});
