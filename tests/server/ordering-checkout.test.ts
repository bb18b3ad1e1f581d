// Checkout by type, area, hours and slot (docs/decisions/037-order-types-slots-and-estimates.md), on a
// clock the test sets (the shop's wall clock, Asia/Dhaka): the fee rules and minimums, a postcode no
// area takes refused before anything is held, the slots' capacity (also raced by many customers), a
// slot freed when its order lapses, the pickup's end, the estimate growing with the queue, and a closed
// shop taking orders for later.
import { and, eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AreaInput, DeliveryAreaListSchema } from '../../contract/delivery.ts';
import { DEFAULT_KITCHEN_SETTINGS, type KitchenSettings, OrderSlotsSchema } from '../../contract/kitchen.ts';
import { DEFAULT_SHOP_HOURS, momentWords } from '../../contract/opening-hours.ts';
import { SHOP_CLOSED_MESSAGE } from '../../contract/shop.ts';
import { releaseExpiredReservations } from '../../server/api/services/expiry.ts';
import { lockSlot } from '../../server/api/services/slots.ts';
import { mailOutbox, orders } from '../../server/db/schema.ts';
import { adminCall, createAdmin, payOrder } from './support/admin.ts';
import {
  addToCart,
  ageOrder,
  type Customer,
  call,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  type MenuItemRow,
  orderByTransaction,
  stockOf,
  transactionIdOf,
} from './support/commerce.ts';
import { SEEDED_AREA } from './support/ordering.ts';
import { nextWeekday, settableClock, shopTime } from './support/shop-time.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const clock = settableClock();
const ctx = sharedTestContext({ now: clock.now });
const admin = fixture(() => createAdmin(ctx));

const MONDAY = nextWeekday(1);
const SUNDAY = nextWeekday(0);

const setAreas = async (areas: AreaInput[]) => {
  const answer = await adminCall(ctx, admin, 'PUT', '/admin-delivery-areas', { areas });
  expect(answer.status).toBe(200);
  return v.parse(DeliveryAreaListSchema, answer.body);
};
const setKitchen = (settings: Partial<KitchenSettings>) =>
  adminCall(ctx, admin, 'PUT', '/admin-kitchen-settings', { ...DEFAULT_KITCHEN_SETTINGS, ...settings });

beforeEach(async () => {
  clock.set(shopTime(MONDAY, '12:00'));
  await setAreas([SEEDED_AREA]);
  await adminCall(ctx, admin, 'PUT', '/admin-shop-hours', DEFAULT_SHOP_HOURS);
  await setKitchen({});
  await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: false });
});
// Orders left holding their slots would fill the next test's: each starts from an empty kitchen.
afterEach(async () => {
  await ctx.db.update(orders).set({ slotAt: null }).where(isNotNull(orders.slotAt));
});

/** A customer with `quantity` units of a fresh item of `priceCents` in the cart. */
async function cartOf(priceCents: number, quantity = 1, category: MenuItemRow['category'] = 'pizza') {
  const item = await insertMenuItem(ctx, { priceCents, quantity: 50, category });
  const customer = await createCustomer(ctx);
  await addToCart(ctx, customer, item, quantity);
  return { item, customer, lines: [{ item, quantity }] };
}

/** Checks out with the spec's body plus `fields`, confirming `total` (taka). */
const checkOut = (
  customer: Customer,
  lines: Array<{ item: MenuItemRow; quantity: number }>,
  total: number,
  fields = {},
) => checkout(ctx, customer, { ...checkoutBody(lines), total_price: total, ...fields });

async function placed(answer: { status: number; body: { url?: string; message?: string } }) {
  expect(answer.status, answer.body.message).toBe(200);
  return (await orderByTransaction(ctx, transactionIdOf(answer.body.url!)))!;
}

const slotsFor = async (customer: Customer, query: string) =>
  v.parse(OrderSlotsSchema, (await call(ctx, 'GET', `/order-slots?${query}`, customer.token)).body);

describe('the delivery fee and the minimum, by the area of the postcode', () => {
  it('charges a client that names no type the spec’s 5 % of each line, as before areas', async () => {
    const { customer, lines } = await cartOf(1_990, 2);
    // 39.80 tk of food and 1.99 tk of shipping.
    const order = await placed(await checkout(ctx, customer, checkoutBody(lines)));
    expect(order).toMatchObject({
      totalCents: 4_179,
      orderType: 'delivery',
      deliveryAreaId: expect.any(String),
    });
  });

  it('charges an area’s fixed fee, none from its free amount, and refuses below its minimum with 400', async () => {
    const [dhanmondi] = await setAreas([
      {
        ...SEEDED_AREA,
        name: 'Dhanmondi',
        postcodes: ['1205'],
        feeKind: 'fixed',
        fee: 2.5,
        freeAbove: 40,
        minimum: 15,
      },
      SEEDED_AREA,
    ]);
    const fixed = await cartOf(2_000);
    const order = await placed(await checkOut(fixed.customer, fixed.lines, 22.5));
    expect(order).toMatchObject({ totalCents: 2_250, deliveryAreaId: dhanmondi!._id });

    const free = await cartOf(2_000, 2);
    expect((await placed(await checkOut(free.customer, free.lines, 40))).totalCents).toBe(4_000);

    const short = await cartOf(1_150);
    const stock = await stockOf(ctx, short.item.id);
    const refused = await checkOut(short.customer, short.lines, 13.65);
    expect(refused).toMatchObject({ status: 400, body: { message: 'Add 3.50 tk more for delivery' } });
    expect(await stockOf(ctx, short.item.id)).toBe(stock);
  });

  it('refuses a postcode no area takes with 400, before any stock is held', async () => {
    await setAreas([{ ...SEEDED_AREA, name: 'Dhanmondi', postcodes: ['1205'] }]);
    const { item, customer, lines } = await cartOf(2_000);
    const refused = await checkout(ctx, customer, checkoutBody(lines, { postcode: '1230' }));
    expect(refused).toMatchObject({
      status: 400,
      body: { message: "We don't deliver to 1230 yet — try pickup" },
    });
    expect(await stockOf(ctx, item.id)).toBe(50);
    expect(await ctx.db.select().from(orders).where(eq(orders.userUid, customer.uid))).toEqual([]);
  });

  it('charges a pickup no fee and keeps no address, even with one sent along', async () => {
    await setAreas([{ ...SEEDED_AREA, name: 'Dhanmondi', postcodes: ['1205'] }]);
    const { customer, lines } = await cartOf(2_000);
    const order = await placed(
      await checkOut(customer, lines, 20, { orderType: 'pickup', postcode: '1230', email: '' }),
    );
    expect(order).toMatchObject({
      orderType: 'pickup',
      totalCents: 2_000,
      address: '',
      postcode: '',
      deliveryAreaId: null,
    });
  });

  it('refuses a pickup without a phone in the spec’s words: 400', async () => {
    const { customer, lines } = await cartOf(2_000);
    const refused = await checkOut(customer, lines, 20, { orderType: 'pickup', phone: '' });
    expect(refused).toMatchObject({ status: 400, body: { message: 'empty filed can not be submitted' } });
  });
});

describe('a pickup’s end', () => {
  it('goes ready for pickup → collected; out for delivery is refused with 409', async () => {
    const { customer, lines } = await cartOf(2_000);
    const order = await payOrder(
      ctx,
      await placed(await checkOut(customer, lines, 20, { orderType: 'pickup' })),
    );
    const move = (to: string) => adminCall(ctx, admin, 'POST', `/admin-order/${order.id}/transition`, { to });
    for (const to of ['accepted', 'preparing']) expect((await move(to)).status).toBe(200);
    expect((await move('out_for_delivery')).status).toBe(409);
    expect((await move('ready_for_pickup')).status).toBe(200);
    expect((await move('delivered')).status).toBe(409);
    expect(await move('collected')).toMatchObject({
      status: 200,
      body: { state: 'collected', order_type: 'pickup' },
    });
  });
});

describe('slots and their capacity', () => {
  it('takes an order as soon as possible now plus its preparation, ride and queue, due then', async () => {
    const { customer, lines } = await cartOf(2_000);
    const order = await placed(await checkOut(customer, lines, 21));
    // A pizza takes 15 minutes, the ride 20: due at 12:35, by the 12:45 slot.
    expect(order).toMatchObject({
      scheduled: false,
      dueAt: new Date(shopTime(MONDAY, '12:35')),
      readyAt: new Date(shopTime(MONDAY, '12:15')),
      startAt: new Date(shopTime(MONDAY, '12:00')),
      slotAt: new Date(shopTime(MONDAY, '12:45')),
      pizzaUnits: 1,
    });
  });

  it('tells the estimate in the paid mail, in the shop’s words: at the door, or at the counter', async () => {
    const delivery = await cartOf(2_000);
    const asap = await payOrder(ctx, await placed(await checkOut(delivery.customer, delivery.lines, 21)));
    const pickup = await cartOf(2_000);
    const seven = (await slotsFor(pickup.customer, 'orderType=pickup')).slots.find(
      (s) => s.time === '19:00',
    )!;
    const later = await payOrder(
      ctx,
      await placed(
        await checkOut(pickup.customer, pickup.lines, 20, { orderType: 'pickup', slot: seven.at }),
      ),
    );
    const paidMail = async (orderId: string) =>
      (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)))[0]!.body;
    const day = momentWords(MONDAY, '12:35').split(' at ')[0];
    expect(await paidMail(asap.id)).toContain(`We expect it at your door by ${day} at 12:35pm.`);
    expect(await paidMail(later.id)).toContain(
      `It will be ready at the counter by ${day} at 7:00pm. The kitchen will accept it shortly, and we will write again when it is ready for pickup.`,
    );
  });

  it('grows the estimate with the queue ahead in the kitchen', async () => {
    await setKitchen({ slotOrders: 2 });
    const { customer } = await cartOf(2_000);
    const before = (await slotsFor(customer, 'orderType=pickup')).asap!.minutes;
    for (let n = 0; n < 4; n++) {
      const other = await cartOf(2_000);
      await payOrder(
        ctx,
        await placed(await checkOut(other.customer, other.lines, 20, { orderType: 'pickup' })),
      );
    }
    // Four paid orders ahead, two a slot: two slots' more.
    expect((await slotsFor(customer, 'orderType=pickup')).asap!.minutes).toBe(before + 30);
  });

  it('holds a slot to its capacity and offers the next free one instead: 409 with the slot', async () => {
    await setKitchen({ slotOrders: 1 });
    const first = await cartOf(2_000);
    const offered = (await slotsFor(first.customer, 'orderType=pickup')).slots;
    const [seven, sevenFifteen] = [
      offered.find((s) => s.time === '19:00')!,
      offered.find((s) => s.time === '19:15')!,
    ];
    const order = await placed(
      await checkOut(first.customer, first.lines, 20, { orderType: 'pickup', slot: seven.at }),
    );
    expect(order).toMatchObject({ scheduled: true, dueAt: new Date(seven.at), slotAt: new Date(seven.at) });

    const second = await cartOf(2_000);
    expect((await slotsFor(second.customer, 'orderType=pickup')).slots.map((s) => s.at)).not.toContain(
      seven.at,
    );
    const full = await checkOut(second.customer, second.lines, 20, { orderType: 'pickup', slot: seven.at });
    expect(full).toMatchObject({
      status: 409,
      body: {
        message: 'That time (today at 7:00pm) has just filled up: today at 7:15pm is the next free one',
        slot: sevenFifteen,
      },
    });
    // Pizzas count too: a slot of 3 pizzas takes no order of 4.
    await setKitchen({ slotOrders: 5, slotPizzas: 3 });
    const big = await cartOf(2_000, 4);
    const tooMany = await checkOut(big.customer, big.lines, 80, {
      orderType: 'pickup',
      slot: sevenFifteen.at,
    });
    expect(tooMany.status).toBe(409);
  });

  it('frees the slot of an order that lapsed unpaid (or was cancelled); a paid one keeps it', async () => {
    await setKitchen({ slotOrders: 1 });
    const first = await cartOf(2_000);
    const seven = (await slotsFor(first.customer, 'orderType=pickup')).slots.find((s) => s.time === '19:00')!;
    const unpaid = await placed(
      await checkOut(first.customer, first.lines, 20, { orderType: 'pickup', slot: seven.at }),
    );
    const second = await cartOf(2_000);
    expect(
      (await checkOut(second.customer, second.lines, 20, { orderType: 'pickup', slot: seven.at })).status,
    ).toBe(409);
    await ageOrder(ctx, unpaid.id, 11);
    expect(await releaseExpiredReservations(ctx.db, 10)).toBe(1);
    const taken = await placed(
      await checkOut(second.customer, second.lines, 20, { orderType: 'pickup', slot: seven.at }),
    );
    await payOrder(ctx, taken);
    await ageOrder(ctx, taken.id, 60);
    await releaseExpiredReservations(ctx.db, 10);
    const third = await cartOf(2_000);
    expect(
      (await checkOut(third.customer, third.lines, 20, { orderType: 'pickup', slot: seven.at })).status,
    ).toBe(409);
  });

  it('passes over a full slot without waiting for it, while another checkout counts it', async () => {
    await setKitchen({ slotOrders: 1 });
    const first = await cartOf(2_000);
    const full = await placed(await checkOut(first.customer, first.lines, 21));
    const second = await cartOf(2_000);
    // A checkout holding the full slot's lock to its end: the next one must not queue behind it.
    const answer = await ctx.db.transaction(async (tx) => {
      await lockSlot(tx, full.slotAt!);
      return Promise.race([
        checkOut(second.customer, second.lines, 21),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the checkout waited for a full slot')), 5_000),
        ),
      ]);
    });
    const next = await placed(answer);
    expect(next.slotAt!.getTime()).toBeGreaterThan(full.slotAt!.getTime());
  });

  it('gives the last place of a slot to exactly one of many racing customers', async () => {
    await setKitchen({ slotOrders: 3 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => cartOf(2_000)));
    const seven = (await slotsFor(buyers[0]!.customer, 'orderType=pickup')).slots.find(
      (s) => s.time === '19:00',
    )!;
    const body = { orderType: 'pickup', slot: seven.at };
    for (const buyer of buyers.slice(0, 2))
      await placed(await checkOut(buyer.customer, buyer.lines, 20, body));
    const answers = await Promise.all(buyers.slice(2).map((b) => checkOut(b.customer, b.lines, 20, body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const holding = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.slotAt, new Date(seven.at)), eq(orders.state, 'awaiting_payment')));
    expect(holding).toHaveLength(3);
  });
});

describe('a closed shop', () => {
  it('takes an order for a later slot, never refusing it for the hour', async () => {
    clock.set(shopTime(SUNDAY, '15:00'));
    const { customer, lines } = await cartOf(2_000);
    const offer = await slotsFor(customer, 'orderType=delivery&postcode=1205');
    expect(offer.asap).toBeNull();
    const order = await placed(await checkOut(customer, lines, 21, { slot: offer.slots[0]!.at }));
    expect(order).toMatchObject({ scheduled: true, slotAt: new Date(offer.slots[0]!.at) });
  });

  it('takes a spec client’s order outside the hours for the first slot after the opening', async () => {
    clock.set(shopTime(SUNDAY, '15:00'));
    const { customer, lines } = await cartOf(2_000);
    const first = (await slotsFor(customer, 'orderType=delivery&postcode=1205')).slots[0]!;
    const order = await placed(await checkout(ctx, customer, checkoutBody(lines)));
    expect(order).toMatchObject({ scheduled: true, slotAt: new Date(first.at), dueAt: new Date(first.at) });
  });

  it('refuses as soon as possible while the owner’s switch is on (409), and takes tomorrow’s slot', async () => {
    await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: true });
    const { item, customer, lines } = await cartOf(2_000);
    expect(await checkout(ctx, customer, checkoutBody(lines))).toMatchObject({
      status: 409,
      body: { message: SHOP_CLOSED_MESSAGE },
    });
    expect(await stockOf(ctx, item.id)).toBe(50);
    const tomorrow = (await slotsFor(customer, 'orderType=pickup')).slots[0]!;
    expect(tomorrow.date > MONDAY).toBe(true);
    const order = await placed(
      await checkOut(customer, lines, 20, { orderType: 'pickup', slot: tomorrow.at }),
    );
    expect(order.scheduled).toBe(true);
    // A slot today is not offered while closed: 409, nothing held.
    const today = await cartOf(2_000);
    const refused = await checkOut(today.customer, today.lines, 20, {
      orderType: 'pickup',
      slot: new Date(shopTime(MONDAY, '19:00')).toISOString(),
    });
    expect(refused.status).toBe(409);
  });
});
