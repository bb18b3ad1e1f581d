// One estimate (issue 43, item 4; docs/decisions/043-service-night.md): the website and the phone order
// quote the same minutes for the same lines at the same moment (estimateMinutes of the same inputs),
// Busy adding the same to both; and an order staff move ahead of its times is committed to new ones
// with the move (item 3), so its customer is never told the minutes to a time the kitchen gave up.
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_KITCHEN_SETTINGS,
  estimateMinutes,
  type KitchenSettings,
  OrderSlotsSchema,
} from '../../contract/kitchen.ts';
import { DEFAULT_SHOP_HOURS, momentWords } from '../../contract/opening-hours.ts';
import type { Order } from '../../contract/order.ts';
import { WAITING_STATES } from '../../contract/owners-day.ts';
import type { PhoneOrderTaken } from '../../contract/phone-order.ts';
import { kitchenQueue, orders } from '../../server/db/schema.ts';
import { adminCall, createAdmin, payOrder } from './support/admin.ts';
import {
  addToCart,
  type Customer,
  call,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  type MenuItemRow,
  ORDER_TIME,
  orderByTransaction,
  transactionIdOf,
} from './support/commerce.ts';
import { SEEDED_AREA } from './support/ordering.ts';
import { nextWeekday, settableClock, shopTime } from './support/shop-time.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const clock = settableClock();
const ctx = sharedTestContext({ now: clock.now });
const staff = fixture(() => createAdmin(ctx));

const MONDAY = nextWeekday(1);
const MINUTE = 60_000;

const KITCHEN: KitchenSettings = {
  ...DEFAULT_KITCHEN_SETTINGS,
  slotOrders: 2,
  prepMinutes: { ...DEFAULT_KITCHEN_SETTINGS.prepMinutes, pizza: 25, drink: 5 },
};
const setKitchen = (settings: Partial<KitchenSettings>) =>
  adminCall(ctx, staff, 'PUT', '/admin-kitchen-settings', { ...KITCHEN, ...settings });

beforeEach(async () => {
  clock.set(shopTime(MONDAY, '12:00'));
  await adminCall(ctx, staff, 'PUT', '/admin-delivery-areas', { areas: [SEEDED_AREA] });
  await adminCall(ctx, staff, 'PUT', '/admin-shop-hours', DEFAULT_SHOP_HOURS);
  await setKitchen({});
  await adminCall(ctx, staff, 'PUT', '/shop-status', { closed: false });
});
// Orders left in the kitchen's queue or holding slots would move the next test's estimates.
afterEach(async () => {
  await ctx.db.update(orders).set({ slotAt: null, state: 'cancelled' }).where(isNotNull(orders.slotAt));
});

/** The orders ahead in the kitchen now, counted as the server counts them (services/slots.ts). */
async function aheadNow(): Promise<number> {
  const [queued] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${kitchenQueue.orders}), 0)::int` })
    .from(kitchenQueue);
  const [started] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.scheduled, true),
        inArray(orders.state, [...WAITING_STATES]),
        lte(orders.startAt, new Date(clock.now())),
      ),
    );
  return queued!.n + started!.n;
}

/** A customer's pickup of one `item`, checked out as soon as possible and paid: one more ahead. */
async function paidPickup(item: MenuItemRow) {
  const customer = await createCustomer(ctx);
  await addToCart(ctx, customer, item, 1);
  const answer = await checkout(ctx, customer, {
    ...checkoutBody([{ item, quantity: 1 }]),
    orderType: 'pickup',
    total_price: item.priceCents / 100,
  });
  expect(answer.status, answer.body.message).toBe(200);
  return payOrder(ctx, (await orderByTransaction(ctx, transactionIdOf(answer.body.url!)))!);
}

const websiteQuote = async (customer: Customer, query: string) =>
  v.parse(OrderSlotsSchema, (await call(ctx, 'GET', `/order-slots?${query}`, customer.token)).body).asap!
    .minutes;
const phoneQuote = async (query: string) =>
  v.parse(OrderSlotsSchema, (await adminCall(ctx, staff, 'GET', `/order-slots?${query}`)).body).asap!.minutes;

describe('the phone order and the website', () => {
  it('quote the same minutes for the same lines at the same moment, estimateMinutes’s, Busy or not', async () => {
    const pizza = await insertMenuItem(ctx, { priceCents: 2_000, quantity: 50, category: 'pizza' });
    const cola = await insertMenuItem(ctx, { priceCents: 300, quantity: 50, category: 'drink' });
    for (let n = 0; n < 5; n++) await paidPickup(pizza);
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, pizza, 2);
    await addToCart(ctx, customer, cola, 1);
    const lines = `lines=${pizza.id}:2,${cola.id}:1`;
    const ahead = await aheadNow();
    expect(ahead).toBeGreaterThanOrEqual(5);

    const quoted: Record<string, number> = {};
    for (const busy of [false, true]) {
      await setKitchen({ busy, busyMinutes: 15 });
      for (const [type, ride] of [
        ['pickup', 0],
        ['delivery', SEEDED_AREA.deliveryMinutes],
      ] as const) {
        const query = `orderType=${type}&postcode=1205`;
        const website = await websiteQuote(customer, query);
        const phone = await phoneQuote(`${query}&${lines}`);
        expect(phone, `${type}, busy ${busy}`).toBe(website);
        expect(website).toBe(
          estimateMinutes({ prepMinutes: 25 + (busy ? 15 : 0), ahead, deliveryMinutes: ride }, KITCHEN),
        );
        quoted[`${type} ${busy}`] = phone;
      }
    }
    expect(quoted['pickup true']! - quoted['pickup false']!).toBe(15);
    expect(quoted['delivery true']! - quoted['delivery false']!).toBe(15);
    // Without lines the caller's own cart is read, as before: the staff member's, empty, as a new
    // customer's is.
    const ownCart = await phoneQuote('orderType=pickup');
    expect(ownCart).toBe(await websiteQuote(await createCustomer(ctx), 'orderType=pickup'));
    expect(ownCart).not.toBe(quoted['pickup true']);
  });

  it('commits the phone order to the minutes it quoted', async () => {
    const pizza = await insertMenuItem(ctx, { priceCents: 2_000, quantity: 50, category: 'pizza' });
    for (let n = 0; n < 3; n++) await paidPickup(pizza);
    const quoted = await phoneQuote(`orderType=pickup&lines=${pizza.id}:1`);
    const answer = await adminCall<PhoneOrderTaken>(ctx, staff, 'POST', '/admin-phone-order', {
      orderType: 'pickup',
      fullName: 'Karim Uddin',
      phone: '+880 1811 222333',
      email: '',
      lines: [{ itemId: pizza.id, quantity: 1 }],
      paymentMethod: 'cash',
      order_time: ORDER_TIME,
    });
    expect(answer.status).toBe(201);
    expect(Date.parse(answer.body.order.due_at!) - clock.now()).toBe(quoted * MINUTE);
  });

  it('refuses lines that are not item ids and quantities with 400', async () => {
    for (const lines of ['nonsense', `${crypto.randomUUID()}:0`, `${crypto.randomUUID()}`]) {
      const answer = await adminCall(ctx, staff, 'GET', `/order-slots?orderType=pickup&lines=${lines}`);
      expect(answer.status, lines).toBe(400);
    }
  });
});

describe('an order moved ahead of its times', () => {
  /** A delivery booked for 18:45, paid: started at 18:00 (25 minutes' pizza, a 20 minutes' ride). */
  async function bookedForLater() {
    const pizza = await insertMenuItem(ctx, { priceCents: 2_000, quantity: 50, category: 'pizza' });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, pizza, 1);
    const slots = v.parse(
      OrderSlotsSchema,
      (await call(ctx, 'GET', '/order-slots?orderType=delivery&postcode=1205', customer.token)).body,
    );
    const slot = slots.slots.find((offered) => offered.time === '18:45')!;
    const answer = await checkout(ctx, customer, {
      ...checkoutBody([{ item: pizza, quantity: 1 }]),
      total_price: 21,
      slot: slot.at,
    });
    expect(answer.status, answer.body.message).toBe(200);
    const order = await payOrder(ctx, (await orderByTransaction(ctx, transactionIdOf(answer.body.url!)))!);
    expect(order).toMatchObject({
      scheduled: true,
      startAt: new Date(shopTime(MONDAY, '18:00')),
      readyAt: new Date(shopTime(MONDAY, '18:25')),
      dueAt: new Date(shopTime(MONDAY, '18:45')),
    });
    return order;
  }
  const move = (id: string, to: string) =>
    adminCall<Order & { message?: string }>(ctx, staff, 'POST', `/admin-order/${id}/transition`, { to });

  it('is due after the ride from when it is sent out, with the shop’s words for it', async () => {
    const order = await bookedForLater();
    // Accepted and started six hours early, the kitchen's queue empty: made now.
    clock.set(shopTime(MONDAY, '12:10'));
    expect(await aheadNow()).toBe(0);
    const accepted = await move(order.id, 'accepted');
    expect(accepted.status, accepted.body.message).toBe(200);
    expect(accepted.body).toMatchObject({
      start_at: new Date(shopTime(MONDAY, '12:10')).toISOString(),
      due_at: new Date(shopTime(MONDAY, '12:55')).toISOString(),
    });
    expect((await move(order.id, 'preparing')).status).toBe(200);
    clock.set(shopTime(MONDAY, '12:20'));
    const out = await move(order.id, 'out_for_delivery');
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({
      ready_at: new Date(shopTime(MONDAY, '12:20')).toISOString(),
      due_at: new Date(shopTime(MONDAY, '12:40')).toISOString(),
    });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      dueAt: new Date(shopTime(MONDAY, '12:40')),
      dueText: momentWords(MONDAY, '12:40'),
      slotAt: order.slotAt,
    });
  });

  it('sent out hours before it was to be ready: due the ride from then', async () => {
    const order = await bookedForLater();
    await ctx.db.update(orders).set({ state: 'preparing' }).where(eq(orders.id, order.id));
    clock.set(shopTime(MONDAY, '12:30'));
    const out = await move(order.id, 'out_for_delivery');
    expect(out.status, out.body.message).toBe(200);
    expect(Date.parse(out.body.due_at!)).toBe(clock.now() + SEEDED_AREA.deliveryMinutes * MINUTE);
  });

  it('keeps its times when the step is on time', async () => {
    const order = await bookedForLater();
    clock.set(shopTime(MONDAY, '18:00'));
    const accepted = await move(order.id, 'accepted');
    expect(accepted.status).toBe(200);
    expect(accepted.body.due_at).toBe(order.dueAt!.toISOString());
    expect((await move(order.id, 'preparing')).body.ready_at).toBe(order.readyAt!.toISOString());
  });
});
