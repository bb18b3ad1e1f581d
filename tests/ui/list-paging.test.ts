import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstantSchema } from '../../contract/paging.ts';
import { fetchAllOrders } from '../../src/api/admin.ts';
import { localDayRange } from '../../src/api/days.ts';
import { fetchMyOrders } from '../../src/api/orders.ts';
import {
  manageItemsAddress,
  manageOrdersAddress,
  manageUsersAddress,
  pagedAddress,
  reservationsAddress,
} from '../../src/routes/list-address.ts';
import {
  ManageItemsSearchSchema,
  ManageOrdersSearchSchema,
  ManageUsersSearchSchema,
  PagedSearchSchema,
  queryOf,
  ReservationsSearchSchema,
} from '../../src/routes/list-search.ts';

/** Runs `check` with the process in another time zone (Node reads TZ again when it is set). */
function inZone(zone: string, check: () => void) {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    check();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe("Manage orders' days as the server's instants", () => {
  it("starts at the admin's local midnight of From and ends at the midnight after To", () => {
    inZone('Asia/Dhaka', () => {
      expect(localDayRange({ from: '2026-11-24', to: '2026-11-30' })).toEqual({
        from: '2026-11-24T00:00:00+06:00',
        to: '2026-12-01T00:00:00+06:00',
      });
    });
    inZone('UTC', () => {
      expect(localDayRange({ from: '2026-11-24', to: '2026-11-24' })).toEqual({
        from: '2026-11-24T00:00:00+00:00',
        to: '2026-11-25T00:00:00+00:00',
      });
    });
  });

  it('keeps whole local days across a change of clocks', () => {
    // New York moves its clocks forward on 8 March 2026: that day has 23 hours.
    inZone('America/New_York', () => {
      const range = localDayRange({ from: '2026-03-08', to: '2026-03-08' });
      expect(range).toEqual({ from: '2026-03-08T00:00:00-05:00', to: '2026-03-09T00:00:00-04:00' });
      expect(Date.parse(range.to!) - Date.parse(range.from!)).toBe(23 * 3600 * 1000);
    });
  });

  it('gives instants the server accepts, and leaves out a day not chosen', () => {
    const range = localDayRange({ from: '2026-02-28', to: '2026-02-28' });
    expect(v.is(InstantSchema, range.from)).toBe(true);
    expect(v.is(InstantSchema, range.to)).toBe(true);
    expect(new Date(range.from!).getDate()).toBe(28);
    expect(new Date(range.to!).getDate()).toBe(1);
    expect(localDayRange({ from: '2026-02-28' })).toEqual({ from: range.from });
    expect(localDayRange({})).toEqual({});
  });
});

describe('the paged lists’ addresses', () => {
  it('keeps good filters, cursor and page size as they are', () => {
    const search = {
      status: 'paid',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'Sumi',
      cursor: 'MjAyNi0xMS0yNF8x',
      limit: 5,
    };
    expect(v.parse(ManageOrdersSearchSchema, search)).toEqual(search);
    expect(v.parse(ManageUsersSearchSchema, { role: 'admin', q: 'ada' })).toEqual({
      role: 'admin',
      q: 'ada',
    });
    expect(v.parse(ReservationsSearchSchema, { date: '2099-05-01' })).toEqual({ date: '2099-05-01' });
    expect(v.parse(ManageItemsSearchSchema, { stock: 'low', q: 'pepperoni' })).toEqual({
      stock: 'low',
      q: 'pepperoni',
    });
    expect(v.parse(PagedSearchSchema, { cursor: 'abc', limit: '3' })).toEqual({ cursor: 'abc', limit: 3 });
  });

  it('drops what a hand-edited or stale link spoiled, instead of failing', async () => {
    const spoiled = {
      status: 'shipped',
      from: '2026-13-45',
      q: 'ab',
      cursor: 'not a cursor!',
      limit: 500,
    };
    const result = await ManageOrdersSearchSchema['~standard'].validate(spoiled);
    expect(result.issues).toBeUndefined();
    expect(queryOf((result as { value: object }).value)).toEqual({});
    expect(v.parse(ManageUsersSearchSchema, { role: 'owner', q: 7 })).toEqual({});
    expect(v.parse(ReservationsSearchSchema, { date: 'tomorrow' })).toEqual({});
    expect(v.parse(ManageItemsSearchSchema, { stock: 'none', q: 'ab' })).toEqual({});
    expect(v.parse(PagedSearchSchema, { limit: 0 })).toEqual({});
  });

  it('reads a search the router took for a number as text, and a range ending before it starts as its start', () => {
    expect(v.parse(ManageOrdersSearchSchema, { q: 1205 }).q).toBe('1205');
    expect(queryOf(v.parse(ManageOrdersSearchSchema, { from: '2026-11-30', to: '2026-11-01' }))).toEqual({
      from: '2026-11-30',
    });
  });

  it('keeps an order number however short for Manage orders, as the server searches it, and no other list', () => {
    expect(v.parse(ManageOrdersSearchSchema, { q: 7 }).q).toBe('7');
    expect(v.parse(ManageOrdersSearchSchema, { q: '#7' }).q).toBe('#7');
    expect(v.parse(ManageOrdersSearchSchema, { q: '#x' }).q).toBeUndefined();
    expect(v.parse(ManageUsersSearchSchema, { q: 7 })).toEqual({});
  });

  it('are kept by the router field by field, as the URL has them, for the pages to check', () => {
    expect(manageOrdersAddress.keys).toEqual(Object.keys(ManageOrdersSearchSchema.pipe[0].entries));
    expect(manageUsersAddress.keys).toEqual(Object.keys(ManageUsersSearchSchema.entries));
    expect(manageItemsAddress.keys).toEqual(Object.keys(ManageItemsSearchSchema.entries));
    expect(reservationsAddress.keys).toEqual(Object.keys(ReservationsSearchSchema.entries));
    expect(pagedAddress.keys).toEqual(Object.keys(PagedSearchSchema.entries));
    expect(
      manageOrdersAddress({ status: 'shipped', q: 1205, page: 2, to: { evil: true }, cursor: 'c' }),
    ).toEqual({
      status: 'shipped',
      q: 1205,
      cursor: 'c',
    });
  });

  it('takes the cursor out of the filters', () => {
    expect(queryOf({ status: 'paid', q: undefined, cursor: 'abc', limit: 2 })).toEqual({
      status: 'paid',
      limit: 2,
    });
  });
});

const order = {
  _id: 'o1',
  order_time: 'November 24,2026 08:05:09 PM',
  fullName: 'Sumi Akter',
  email: 'sumi@pizzon.test',
  phone: '01700 000000',
  address: '12 Lake Road',
  city: 'Dhaka',
  postcode: '1205',
  transaction_id: 'PZ1',
  total_price: 13.13,
  payment_status: true,
  status: false,
  refund_due: false,
  state: 'paid',
  paid_at: '2026-11-23T14:05:09.000Z',
  paid_after_closing: false,
  carts: [],
};

describe('the list fetchers', () => {
  afterEach(() => vi.unstubAllGlobals());

  function answer(rows: unknown[], link?: string) {
    const fetch = vi.fn(
      async (_request: Request) =>
        new Response(JSON.stringify(rows), {
          headers: { 'Content-Type': 'application/json', ...(link ? { Link: link } : {}) },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    return () => new URL(fetch.mock.calls[0]![0].url).searchParams;
  }

  it('asks for one page with the filters set (days as instants) and reads the next cursor from Link', async () => {
    const sent = answer([order], '<?uid=admin&status=paid&limit=2&cursor=MjAyNi0x>; rel="next"');
    const page = await fetchAllOrders(
      'admin',
      { status: 'paid', from: '2026-11-24', q: undefined, limit: 2 },
      null,
    );
    expect(page).toEqual({ rows: [order], next: 'MjAyNi0x' });
    expect(Object.fromEntries(sent())).toEqual({
      uid: 'admin',
      status: 'paid',
      limit: '2',
      from: localDayRange({ from: '2026-11-24' }).from,
    });
  });

  it('answers no next cursor on the last page, and sends the cursor it is given', async () => {
    const sent = answer([order]);
    expect(await fetchMyOrders('carla', {}, 'MjAyNi0x')).toEqual({ rows: [order], next: null });
    expect(Object.fromEntries(sent())).toEqual({ uid: 'carla', cursor: 'MjAyNi0x' });
  });

  it('refuses rows that break the contract', async () => {
    answer([{ ...order, total_price: 'free' }]);
    await expect(fetchMyOrders('carla', {}, null)).rejects.toThrow();
  });
});
