import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_LANES, boardLanes, WAITING_LANES } from '../../contract/kitchen-lanes.ts';
import type { MenuItem } from '../../contract/menu.ts';
import type { Order } from '../../contract/order.ts';
import { KITCHEN_COLUMNS, type OrderEvent } from '../../contract/order-lifecycle.ts';
import type { OwnersDay } from '../../contract/owners-day.ts';
import { ALREADY_IN_STOCK, ALREADY_SOLD_OUT, HOW_MANY_BACK } from '../../server/api/services/item-stock.ts';
import { readOwnersDay } from '../../server/api/services/owners-day.ts';
import { DEFAULT_SHOP_TIME_ZONE, shopClock } from '../../server/api/services/shop-clock.ts';
import { menuItems, orderEvents, orderLines, orders, reservations, users } from '../../server/db/schema.ts';
import { seedMenu } from '../../server/db/seed/menu.ts';
import { seedVolume } from '../../server/db/seed/volume.ts';
import { type Admin, adminCall, createAdmin, paidOrder } from './support/admin.ts';
import { insertMenuItem, stockOf } from './support/commerce.ts';
import { plansOf, type RecordingDatabase, recordingDatabase } from './support/query-plans.ts';
import { sharedTestContext } from './support/test-app.ts';

// The owner's day (docs/decisions/038-promos-reorders-and-the-owners-day.md): today's figures, each
// from one query an index serves, and Manage items' Sold out / Back in stock and Mark refunded.

const ctx = sharedTestContext();
const clock = shopClock(DEFAULT_SHOP_TIME_ZONE);

/**
 * An order placed `daysAgo` days ago in `state`, its lines and, if paid, when (minutes after placing);
 * `more`: how it is paid, its type, and for an order for later, when the kitchen should start it.
 */
async function seededOrder(
  state: (typeof orders.$inferInsert)['state'],
  lines: Array<{ name: string; quantity: number; priceCents: number }>,
  { daysAgo = 0, paidAfterMinutes }: { daysAgo?: number; paidAfterMinutes?: number } = {},
  more: Pick<typeof orders.$inferInsert, 'paymentMethod' | 'orderType' | 'scheduled' | 'startAt'> = {},
) {
  const total = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const [order] = await ctx.db
    .insert(orders)
    .values({
      userUid: 'owners-day-customer',
      orderTime: 'November 23,2026 08:05:09 PM',
      createdAt: sql`now() - make_interval(days => ${daysAgo}, mins => 30)`,
      fullName: 'Nadia Rahman',
      email: 'nadia@example.com',
      phone: '+880 1711 000000',
      address: '12 Lake Road',
      city: 'Dhaka',
      postcode: '1205',
      transactionId: `PZOWNER${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
      totalCents: total,
      state,
      paidAt:
        paidAfterMinutes === undefined
          ? null
          : sql`now() - make_interval(days => ${daysAgo}, mins => ${30 - paidAfterMinutes})`,
      ...more,
    })
    .returning();
  await ctx.db
    .insert(orderLines)
    .values(lines.map((line) => ({ orderId: order!.id, category: 'pizza' as const, ...line })));
  return order!;
}

/** The order went out for delivery `minutesAfterPaid` after it was paid. */
async function sentOut(order: typeof orders.$inferSelect, minutesAfterPaid: number) {
  await ctx.db.insert(orderEvents).values({
    orderId: order.id,
    userUid: order.userUid,
    sequence: 5,
    fromState: 'preparing',
    toState: 'out_for_delivery',
    actor: 'staff',
    at: sql`${order.paidAt!.toISOString()}::timestamptz + make_interval(mins => ${minutesAfterPaid})`,
  });
}

describe('the owner’s day, against seeded orders', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await createAdmin(ctx);
    const margherita = { name: 'Margherita', priceCents: 1_000 };
    const cola = { name: 'Cola', priceCents: 200 };
    // Today: two waiting (paid, preparing), one sent out, one delivered, one refunded, one unpaid.
    await seededOrder('paid', [{ ...margherita, quantity: 2 }], { paidAfterMinutes: 2 });
    await seededOrder('preparing', [{ ...cola, quantity: 5 }], { paidAfterMinutes: 1 });
    const out = await seededOrder('out_for_delivery', [{ ...margherita, quantity: 1 }], {
      paidAfterMinutes: 1,
    });
    await sentOut(out, 20);
    const delivered = await seededOrder(
      'delivered',
      [
        { ...margherita, quantity: 1 },
        { ...cola, quantity: 1 },
      ],
      { paidAfterMinutes: 1 },
    );
    await sentOut(delivered, 10);
    await seededOrder('refunded', [{ name: 'Calzone', priceCents: 5_000, quantity: 9 }], {
      paidAfterMinutes: 1,
    });
    await seededOrder('awaiting_payment', [{ name: 'Calzone', priceCents: 5_000, quantity: 1 }]);
    // Days ago: not today's, though one still waits in the kitchen's queue.
    await seededOrder('accepted', [{ name: 'Burger', priceCents: 900, quantity: 30 }], {
      daysAgo: 2,
      paidAfterMinutes: 1,
    });
    await seededOrder('delivered', [{ name: 'Burger', priceCents: 900, quantity: 30 }], {
      daysAgo: 3,
      paidAfterMinutes: 1,
    });
    // Bookings: two today (one cancelled), one tomorrow.
    const today = clock.today();
    await ctx.db.insert(reservations).values([
      { name: 'A', email: 'a@example.com', persons: 4, date: today, state: 'booked' },
      { name: 'B', email: 'b@example.com', persons: 2, date: today, state: 'seated' },
      { name: 'C', email: 'c@example.com', persons: 6, date: today, state: 'cancelled' },
      {
        name: 'D',
        email: 'd@example.com',
        persons: 3,
        date: clock
          .instant(today, 36 * 60)
          .toISOString()
          .slice(0, 10),
      },
    ]);
  });

  it('answers today’s orders by state, revenue, the queue, the time to the door, top items, bookings', async () => {
    const answer = await adminCall<OwnersDay>(ctx, admin, 'GET', '/admin-today');
    expect(answer.status).toBe(200);
    const day = answer.body;
    expect(day.day).toBe(clock.today());
    expect(day.ordersByState).toMatchObject({
      paid: 1,
      preparing: 1,
      out_for_delivery: 1,
      delivered: 1,
      refunded: 1,
      awaiting_payment: 1,
      accepted: 0,
    });
    // 20.00 + 10.00 + 10.00 + 12.00: the refunded order is not revenue, the unpaid one not yet.
    expect(day.revenue).toBe(52);
    // The queue: today's paid and preparing, and the one accepted two days ago (its wait the oldest).
    expect(day.waiting.orders).toBe(3);
    const [oldest] = await ctx.db
      .select({ paidAt: sql<Date>`min(${orders.paidAt})` })
      .from(orders)
      .where(sql`${orders.state} in ('paid', 'accepted', 'preparing')`);
    expect(day.waiting.oldestPaidAt).toBe(new Date(oldest!.paidAt).toISOString());
    expect(day.averageMinutesToDelivery).toBe(15);
    expect(day.topItems).toEqual([
      { name: 'Cola', quantity: 6 },
      { name: 'Margherita', quantity: 4 },
    ]);
    expect(day.bookings).toEqual({ count: 2, guests: 6 });
  });

  it('is staff’s only', async () => {
    const customer = await ctx.db.select().from(users).limit(1);
    expect(customer).toBeDefined();
    const refused = await ctx.request('/admin-today');
    expect(refused.status).toBe(401);
  });
});

describe('the owner’s figures are the kitchen board’s lanes', () => {
  let admin: Admin;
  const pizza = [{ name: 'Margherita', priceCents: 1_000, quantity: 1 }];
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  beforeAll(async () => {
    admin = await createAdmin(ctx);
    const cash = { paymentMethod: 'cash' } as const;
    // A cash order placed, not yet accepted: on the board in Placed, no payment yet.
    await seededOrder('placed', pizza, {}, cash);
    // Ordered for tonight: in Later until its start, paid online or placed in cash.
    await seededOrder(
      'paid',
      pizza,
      { paidAfterMinutes: 1 },
      { scheduled: true, startAt: minutesFromNow(300) },
    );
    await seededOrder('placed', pizza, {}, { ...cash, scheduled: true, startAt: minutesFromNow(120) });
    // Ordered for later, its start passed: in Paid, waiting since its start, not since it was paid.
    await seededOrder(
      'paid',
      pizza,
      { paidAfterMinutes: 1 },
      { scheduled: true, startAt: minutesFromNow(-5) },
    );
    // A pickup ready at the counter and a delivery on its way, both to be paid in cash.
    await seededOrder('ready_for_pickup', pizza, {}, { ...cash, orderType: 'pickup' });
    await seededOrder('out_for_delivery', [{ ...pizza[0]!, quantity: 2 }], {}, cash);
    await seededOrder('accepted', pizza, {}, cash);
    await seededOrder('preparing', pizza, { paidAfterMinutes: 1 }, { orderType: 'pickup' });
    // Off the board: a pickup collected, a cash order refused at the door.
    await seededOrder('collected', pizza, { paidAfterMinutes: 1 }, { orderType: 'pickup' });
    await seededOrder('cash_refused', pizza, {}, cash);
  });

  /** Every order on the board, read as the board reads them: each of its columns from Manage orders. */
  async function boardOrders(): Promise<Order[]> {
    const columns = await Promise.all(
      KITCHEN_COLUMNS.map(async (state) => {
        const page = await adminCall<{ rows?: Order[] } | Order[]>(
          ctx,
          admin,
          'GET',
          `/admin-order?state=${state}&limit=100`,
        );
        expect(page.status).toBe(200);
        return Array.isArray(page.body) ? page.body : page.body.rows!;
      }),
    );
    return columns.flat();
  }

  it('counts waiting, each lane, on the way and ready for pickup as the board shows them', async () => {
    const day = (await adminCall<OwnersDay>(ctx, admin, 'GET', '/admin-today')).body;
    const lanes = boardLanes(await boardOrders(), Date.now());
    const onBoard = Object.fromEntries(BOARD_LANES.map((lane) => [lane, lanes[lane].length]));
    expect(day.lanes).toEqual(onBoard);
    expect(day.waiting.orders).toBe(WAITING_LANES.reduce((sum, lane) => sum + lanes[lane].length, 0));
    // What was seeded here, besides the figures' own test's orders: both kinds of Later, the cash order
    // in Placed, and neither the pickup ready nor the delivery out counted as waiting.
    expect(lanes.later).toHaveLength(2);
    expect(lanes.placed.length).toBeGreaterThan(0);
    expect(day.lanes.out_for_delivery).toBe(lanes.out_for_delivery.length);
    expect(day.lanes.ready_for_pickup).toBe(lanes.ready_for_pickup.length);
    expect(day.waiting.orders).toBe(
      lanes.later.length +
        lanes.paid.length +
        lanes.placed.length +
        lanes.accepted.length +
        lanes.preparing.length,
    );
    // The cash to collect: every cash order on the board; riders carry the one out, the counter the pickup.
    const cash = Object.values(lanes)
      .flat()
      .filter((order) => order.payment_method === 'cash');
    const taka = (list: Order[]) => list.reduce((sum, order) => sum + order.total_price, 0);
    expect(day.cash).toMatchObject({
      orders: cash.length,
      onTheWay: {
        orders: 1,
        toCollect: taka(lanes.out_for_delivery.filter((o) => o.payment_method === 'cash')),
      },
      atTheCounter: { orders: 1, toCollect: 10 },
    });
    expect(day.cash!.toCollect).toBeCloseTo(taka(cash));
  });

  it('has the oldest waiting outside Later, an order for later waiting from its start', async () => {
    const day = (await adminCall<OwnersDay>(ctx, admin, 'GET', '/admin-today')).body;
    const lanes = boardLanes(await boardOrders(), Date.now());
    const ids = WAITING_LANES.filter((lane) => lane !== 'later').flatMap((lane) =>
      lanes[lane].map((o) => o._id),
    );
    const rows = await ctx.db.select().from(orders).where(inArray(orders.id, ids));
    // Paid online, placed in cash; ordered for later, from when the kitchen was to start it.
    const since = (row: (typeof rows)[number]) =>
      Math.max((row.paidAt ?? row.createdAt).getTime(), row.scheduled ? row.startAt!.getTime() : 0);
    const late = rows.find((row) => row.scheduled)!;
    expect(since(late)).toBe(late.startAt!.getTime());
    expect(day.waiting.oldestPaidAt).toBe(new Date(Math.min(...rows.map(since))).toISOString());
  });
});

describe('Manage items: Sold out and Back in stock', () => {
  const toggle = (admin: Admin, id: string, body: unknown) =>
    adminCall<{ quantity: number; restock_quantity: number | null; message?: string }>(
      ctx,
      admin,
      'PUT',
      `/admin-item-stock/${id}`,
      body,
    );

  it('keeps the count Sold out replaced, and Back in stock puts it back', async () => {
    const admin = await createAdmin(ctx);
    const item = await insertMenuItem(ctx, { quantity: 12 });
    expect((await toggle(admin, item.id, { soldOut: true })).body).toEqual({
      quantity: 0,
      restock_quantity: 12,
    });
    const list = await adminCall<MenuItem[]>(ctx, admin, 'GET', '/admin-all-items?stock=out&limit=100');
    expect(list.body.find((row) => row._id === item.id)).toMatchObject({ quantity: 0, restock_quantity: 12 });
    // The public menu knows nothing of it.
    const page = await (await ctx.request(`/item-detail/${item.id}`)).json();
    expect(page).not.toHaveProperty('restock_quantity');
    expect(await toggle(admin, item.id, { soldOut: true })).toMatchObject({
      status: 409,
      body: { message: ALREADY_SOLD_OUT },
    });
    expect((await toggle(admin, item.id, { soldOut: false })).body).toEqual({
      quantity: 12,
      restock_quantity: null,
    });
    expect(await stockOf(ctx, item.id)).toBe(12);
    expect(await toggle(admin, item.id, { soldOut: false })).toMatchObject({
      status: 409,
      body: { message: ALREADY_IN_STOCK },
    });
  });

  it('asks how many when it kept none, and takes the count it is given', async () => {
    const admin = await createAdmin(ctx);
    const item = await insertMenuItem(ctx, { quantity: 0 });
    expect(await toggle(admin, item.id, { soldOut: false })).toMatchObject({
      status: 400,
      body: { message: HOW_MANY_BACK },
    });
    expect(await toggle(admin, item.id, { soldOut: false, quantity: 0 })).toMatchObject({
      status: 400,
      body: { message: 'Quantity must be at least 1 to be back in stock' },
    });
    expect((await toggle(admin, item.id, { soldOut: false, quantity: 7 })).body).toEqual({
      quantity: 7,
      restock_quantity: null,
    });
    const [row] = await ctx.db.select().from(menuItems).where(eq(menuItems.id, item.id));
    expect(row!.quantity).toBe(7);
  });
});

describe('Mark refunded', () => {
  it('moves a refund-due order to refunded, an event with who and when', async () => {
    const admin = await createAdmin(ctx);
    const { order } = await paidOrder(ctx, [{ item: await insertMenuItem(ctx), quantity: 1 }]);
    const move = (to: string) => adminCall(ctx, admin, 'POST', `/admin-order/${order.id}/transition`, { to });
    expect((await move('refund_due')).status).toBe(200);
    const before = Date.now();
    expect((await move('refunded')).status).toBe(200);
    const events = await adminCall<OrderEvent[]>(ctx, admin, 'GET', `/admin-order/${order.id}/events`);
    const refunded = events.body.at(-1)!;
    expect(refunded).toMatchObject({
      from: 'refund_due',
      to: 'refunded',
      by: { actor: 'staff', uid: admin.uid },
    });
    expect(Date.parse(refunded.at)).toBeGreaterThanOrEqual(before - 1_000);
  });
});

describe('each figure is one query an index serves, at 100,000 orders', () => {
  let recording: RecordingDatabase;
  beforeAll(async () => {
    recording = await recordingDatabase(7);
    const { db } = recording;
    await seedMenu(db);
    await seedVolume(db, { customers: 5_000, orders: 100_000, reservations: 10_000 });
    // As autovacuum leaves a table a rush has filled: its statistics and visibility map up to date.
    for (const table of ['orders', 'order_lines', 'order_events', 'reservations']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
  }, 240_000);
  afterAll(async () => {
    await recording.close();
  });

  it('reads no table in full: every figure’s plan goes through an index', async () => {
    let day: OwnersDay | undefined;
    const plans = await plansOf(recording, async () => {
      day = await readOwnersDay(recording.db, clock);
    });
    expect(day!.waiting.orders).toBeGreaterThan(10_000);
    expect(plans).toHaveLength(7);
    for (const { text, nodes } of plans) {
      expect(
        nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']),
        text,
      ).toEqual([]);
      expect(
        nodes.some((node) => node['Index Name'] !== undefined),
        text,
      ).toBe(true);
    }
  });
});
