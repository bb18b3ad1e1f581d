// The rules ordering is held to (docs/decisions/037-order-types-slots-and-estimates.md): the delivery
// areas, the shop's week, the kitchen's rules, and the slots a cart is offered, read on a clock the test
// sets (the shop's wall clock, Asia/Dhaka).
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { DeliveryAreaListSchema } from '../../contract/delivery.ts';
import { DEFAULT_KITCHEN_SETTINGS, type OrderSlots, OrderSlotsSchema } from '../../contract/kitchen.ts';
import { DEFAULT_SHOP_HOURS, type ShopHours } from '../../contract/opening-hours.ts';
import { ShopNowSchema } from '../../contract/shop.ts';
import { cartLines } from '../../server/db/schema.ts';
import { adminCall, createAdmin } from './support/admin.ts';
import { addToCart, call, createCustomer, insertMenuItem } from './support/commerce.ts';
import { SEEDED_AREA } from './support/ordering.ts';
import { nextWeekday, settableClock, shopTime } from './support/shop-time.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const clock = settableClock();
const ctx = sharedTestContext({ now: clock.now });
const admin = fixture(() => createAdmin(ctx));
const customer = fixture(() => createCustomer(ctx));

const MONDAY = nextWeekday(1);
const SUNDAY = nextWeekday(0);

const shopNow = async () => v.parse(ShopNowSchema, (await call(ctx, 'GET', '/shop-status')).body);
const slots = async (query: string) => {
  const answer = await call(ctx, 'GET', `/order-slots?${query}`, customer.token);
  expect(answer.status).toBe(200);
  return v.parse(OrderSlotsSchema, answer.body);
};
const times = (offer: OrderSlots) => offer.slots.map((slot) => `${slot.date} ${slot.time}`);

beforeEach(async () => {
  clock.set(shopTime(MONDAY, '12:00'));
  await adminCall(ctx, admin, 'PUT', '/admin-shop-hours', DEFAULT_SHOP_HOURS);
  await adminCall(ctx, admin, 'PUT', '/admin-kitchen-settings', DEFAULT_KITCHEN_SETTINGS);
  await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: false });
});

describe('the delivery areas', () => {
  it('start as one area for every postcode at the spec’s 5 % of the food, with no minimum', async () => {
    const areas = v.parse(DeliveryAreaListSchema, (await call(ctx, 'GET', '/delivery-areas')).body);
    expect(areas).toEqual([{ _id: expect.any(String), ...SEEDED_AREA }]);
  });

  it('are saved whole by the owner: an area kept by its id, a new one added, postcodes as written down', async () => {
    const [everywhere] = v.parse(DeliveryAreaListSchema, (await call(ctx, 'GET', '/delivery-areas')).body);
    const saved = await adminCall(ctx, admin, 'PUT', '/admin-delivery-areas', {
      areas: [
        {
          name: 'Dhanmondi',
          postcodes: ['1205', ' 1209 ', 'sw1a 1aa'],
          feeKind: 'fixed',
          feePercent: 0,
          fee: 2.5,
          freeAbove: 20,
          minimum: 10,
          deliveryMinutes: 15,
        },
        everywhere,
      ],
    });
    expect(saved.status).toBe(200);
    const areas = v.parse(DeliveryAreaListSchema, saved.body);
    expect(areas.map((area) => [area.name, area.postcodes])).toEqual([
      ['Dhanmondi', ['1205', '1209', 'SW1A1AA']],
      ['Every postcode', []],
    ]);
    expect(areas[1]!._id).toBe(everywhere!._id);
    expect(areas[0]).toMatchObject({ feeKind: 'fixed', fee: 2.5, freeAbove: 20, minimum: 10 });
    // The seed back, for the other tests.
    await adminCall(ctx, admin, 'PUT', '/admin-delivery-areas', { areas: [everywhere] });
  });

  it('refuses a postcode in two areas: 400, nothing saved', async () => {
    const area = { ...SEEDED_AREA, name: 'A', postcodes: ['1205'] };
    const answer = await adminCall(ctx, admin, 'PUT', '/admin-delivery-areas', {
      areas: [area, { ...area, name: 'B', postcodes: ['12 05'] }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'A postcode is listed in two areas' });
    expect(v.parse(DeliveryAreaListSchema, (await call(ctx, 'GET', '/delivery-areas')).body)).toHaveLength(1);
  });
});

describe('the shop’s week', () => {
  it('is the footer’s until the owner changes it: open 6:00am–10:00pm, Sunday closed', async () => {
    const now = await shopNow();
    expect(now.hours).toEqual(DEFAULT_SHOP_HOURS);
    expect(now).toMatchObject({ closed: false, openNow: true, opensAt: null });
  });

  it('says when the shop opens while it is closed: on a Sunday, Monday at 6:00', async () => {
    clock.set(shopTime(SUNDAY, '15:00'));
    const now = await shopNow();
    expect(now.openNow).toBe(false);
    expect(now.opensAt).toMatchObject({ time: '06:00' });
    expect(now.opensAt!.date > SUNDAY).toBe(true);
  });

  it('follows the owner: a Sunday opened, a holiday closed, late hours kept', async () => {
    const hours: ShopHours = {
      week: DEFAULT_SHOP_HOURS.week.map((day) =>
        day.day === 0 ? { ...day, closed: false, opens: '10:00', closes: '23:30' } : day,
      ),
      closedDates: [{ date: MONDAY, note: 'Eid' }],
    };
    expect((await adminCall(ctx, admin, 'PUT', '/admin-shop-hours', hours)).body).toEqual(hours);
    clock.set(shopTime(SUNDAY, '23:00'));
    expect((await shopNow()).openNow).toBe(true);
    clock.set(shopTime(MONDAY, '12:00'));
    const closed = await shopNow();
    expect(closed.openNow).toBe(false);
    expect(closed.opensAt!.date > MONDAY).toBe(true);
  });

  it('refuses a day that closes before it opens: 400 naming the day', async () => {
    const week = DEFAULT_SHOP_HOURS.week.map((day) =>
      day.day === 2 ? { ...day, opens: '22:00', closes: '06:00' } : day,
    );
    const answer = await adminCall(ctx, admin, 'PUT', '/admin-shop-hours', { week, closedDates: [] });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Tuesday must open before it closes' } });
  });
});

describe('the slots a cart is offered', () => {
  beforeEach(async () => {
    await ctx.db.delete(cartLines).where(eq(cartLines.userUid, customer.uid));
    await addToCart(ctx, customer, await insertMenuItem(ctx, { quantity: 50 }), 2);
  });

  it('offers as soon as possible when open: the preparation, plus the ride for a delivery', async () => {
    const pickup = await slots('orderType=pickup');
    expect(pickup.asap?.minutes).toBe(15);
    expect(pickup.opensAt).toBeNull();
    // Due by each slot: 12:15 is the first a 15-minute pizza can make.
    expect(times(pickup)[0]).toBe(`${MONDAY} 12:15`);
    const delivery = await slots('orderType=delivery&postcode=1205');
    expect(delivery.asap?.minutes).toBe(35);
    expect(times(delivery)[0]).toBe(`${MONDAY} 12:45`);
    // Every 15 minutes until closing, today and the six days after (Sunday closed).
    expect(times(pickup)).toContain(`${MONDAY} 22:00`);
    expect(times(pickup).some((time) => time.startsWith(SUNDAY))).toBe(false);
    expect(new Set(pickup.slots.map((slot) => slot.date)).size).toBe(6);
  });

  it('adds the owner’s preparation time and the busy switch', async () => {
    await adminCall(ctx, admin, 'PUT', '/admin-kitchen-settings', {
      ...DEFAULT_KITCHEN_SETTINGS,
      prepMinutes: { ...DEFAULT_KITCHEN_SETTINGS.prepMinutes, pizza: 25 },
      busy: true,
      busyMinutes: 10,
    });
    expect((await slots('orderType=pickup')).asap?.minutes).toBe(35);
  });

  it('offers only later slots while the shop is closed: from the opening, never as soon as possible', async () => {
    clock.set(shopTime(SUNDAY, '15:00'));
    const offer = await slots('orderType=pickup');
    expect(offer.asap).toBeNull();
    expect(offer.opensAt).toMatchObject({ time: '06:00' });
    // The kitchen opens at 6:00 and needs 15 minutes.
    expect(offer.slots[0]).toMatchObject({ date: offer.opensAt!.date, time: '06:15' });
  });

  it('offers nothing today while the owner’s switch is on: from tomorrow’s opening', async () => {
    await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: true });
    const offer = await slots('orderType=pickup');
    expect(offer.asap).toBeNull();
    expect(offer.opensAt!.date > MONDAY).toBe(true);
    expect(offer.slots.every((slot) => slot.date > MONDAY)).toBe(true);
    expect((await shopNow()).opensAt).toEqual(offer.opensAt);
  });
});
