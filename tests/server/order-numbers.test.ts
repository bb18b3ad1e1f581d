// One short order number (issue 43, item 2): #1, #2 … of the shop's calendar day, taken in the
// order's own insert, so that no two orders of a day share one, over any number of API processes; the
// day's first order starts again at 1; Manage orders finds today's order by it; every mail says it.

import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../contract/opening-hours.ts';
import type { Order, PaymentStatus } from '../../contract/order.ts';
import type { PhoneOrderTaken } from '../../contract/phone-order.ts';
import { DEFAULT_SHOP_TIME_ZONE, shopClock } from '../../server/api/services/shop-clock.ts';
import { cartLines, mailOutbox, menuItems, openingHours, orders } from '../../server/db/schema.ts';
import { adminCall, createAdmin, payOrder, placeOrder } from './support/admin.ts';
import {
  type ApiProcess,
  registeredAccounts,
  sharedScratchDatabase,
  twoApiProcesses,
} from './support/api-process.ts';
import { call, checkoutBody, insertMenuItem, type MenuItemRow, ORDER_TIME } from './support/commerce.ts';
import { nextWeekday, settableClock, shopTime } from './support/shop-time.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';
import { until } from './support/until.ts';

describe('the day’s order numbers over two API processes', () => {
  const scratch = sharedScratchDatabase();
  const apis = twoApiProcesses(scratch, { TRUST_PROXY: 'true' });

  it('gives 16 racing checkouts, spread over both, the numbers 1 to 16, each once', async () => {
    // Open around the clock: the race runs whenever the suite does.
    await scratch.db.update(openingHours).set({ opens: '00:00', closes: '23:59', closed: false });
    const [item] = await scratch.db
      .insert(menuItems)
      .values({
        name: 'The Numbered Margherita',
        priceCents: 1_500,
        quantity: 100,
        image: '/images/menu/margherita-napoletana.svg',
        category: 'pizza',
        description: 'One of many.',
      })
      .returning();
    const buyers = await registeredAccounts(scratch.db, 16, 'numbered', 'user');
    await scratch.db
      .insert(cartLines)
      .values(buyers.map(({ uid }) => ({ userUid: uid, itemId: item!.id, quantity: 1 })));
    const apiOf = (i: number): ApiProcess => (i % 2 === 0 ? apis.a : apis.b);
    const body = checkoutBody([{ item: item as MenuItemRow, quantity: 1 }]);
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        fetch(`${apiOf(i).url}/create-payment-intent?uid=${buyer.uid}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${buyer.token}`,
            // Each from an address of its own: one address's checkout quota is not what is raced here.
            'X-Forwarded-For': `198.51.100.${i + 1}`,
          },
          body: JSON.stringify(body),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(16).fill(200));
    const numbered = await scratch.db
      .select({ day: orders.orderDay, number: orders.orderNumber })
      .from(orders)
      .where(
        inArray(
          orders.userUid,
          buyers.map((buyer) => buyer.uid),
        ),
      );
    // The shop's day (its time zone's, as both processes run it); a race across its midnight would
    // number each day's orders from 1.
    const days = new Map<string, number[]>();
    for (const { day, number } of numbered) days.set(day!, [...(days.get(day!) ?? []), number!]);
    expect([...days.keys()]).toContain(shopClock(DEFAULT_SHOP_TIME_ZONE).today());
    for (const numbers of days.values()) {
      expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    }
  });
});

describe('the day’s order numbers on the shop’s clock', () => {
  const clock = settableClock();
  const ctx = sharedTestContext({ now: clock.now });
  const admin = fixture(() => createAdmin(ctx));
  const MONDAY = nextWeekday(1);
  const TUESDAY = addDays(MONDAY, 1);

  /** A customer's order of one fresh item (unpaid, online), at the clock's time. */
  async function order() {
    const item = await insertMenuItem(ctx, { priceCents: 1_200, quantity: 10 });
    return (await placeOrder(ctx, [{ item, quantity: 1 }])).order;
  }

  it('numbers each of the shop’s days from 1, its first order after midnight starting again', async () => {
    await ctx.db.update(openingHours).set({ opens: '00:00', closes: '23:59', closed: false });
    clock.set(shopTime(MONDAY, '12:00'));
    const first = await order();
    clock.set(shopTime(MONDAY, '23:30'));
    const second = await order();
    clock.set(shopTime(TUESDAY, '00:30'));
    const next = await order();
    const after = await order();
    expect([first, second, next, after].map((row) => [row.orderDay, row.orderNumber])).toEqual([
      [MONDAY, 1],
      [MONDAY, 2],
      [TUESDAY, 1],
      [TUESDAY, 2],
    ]);

    // The order's answer carries it, and so does its payment's status once paid.
    const paid = await placeOrder(ctx, [{ item: await insertMenuItem(ctx, { quantity: 5 }), quantity: 1 }]);
    await payOrder(ctx, paid.order);
    const status = await call<PaymentStatus>(
      ctx,
      'GET',
      `/payment-status/${paid.order.transactionId}`,
      paid.customer.token,
    );
    expect(status.body).toMatchObject({ payment_status: true, order_number: 3 });
    const mine = await call<Order[]>(ctx, 'GET', `/my-orders?uid=${paid.customer.uid}`, paid.customer.token);
    expect(mine.body.map((row) => row.order_number)).toEqual([3]);

    // The receipt names the order by its number, the long id kept beside its lines.
    const [receipt] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, paid.order.id), eq(mailOutbox.kind, 'order_paid')));
    expect(receipt!.subject).toBe('Pizzon: payment received for order #3');
    expect(receipt!.body).toContain('for order #3.');
    expect(receipt!.body).toContain(`Your order #3 (${paid.order.transactionId}):`);
  });

  it('takes a phone order’s number from the same day’s count, and its payment link mail says it', async () => {
    clock.set(shopTime(TUESDAY, '13:00'));
    const before = await order();
    const item = await insertMenuItem(ctx, { priceCents: 1_000, quantity: 10 });
    const taken = await adminCall<PhoneOrderTaken>(ctx, admin, 'POST', '/admin-phone-order', {
      orderType: 'pickup',
      fullName: 'Karim Uddin',
      phone: '+880 1811 222333',
      email: 'karim@example.com',
      lines: [{ itemId: item.id, quantity: 1 }],
      order_time: ORDER_TIME,
    });
    expect(taken.status).toBe(201);
    expect(taken.body.order.order_number).toBe(before.orderNumber! + 1);
    const [link] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, taken.body.order._id));
    expect(link!.subject).toBe(`Your Pizzon order #${before.orderNumber! + 1}: pay here`);
  });

  it('takes a phone order again when PostgreSQL ends it in a deadlock over the number and a slot', async () => {
    const FRIDAY = addDays(MONDAY, 4);
    clock.set(shopTime(FRIDAY, '13:00'));
    const item = await insertMenuItem(ctx, { priceCents: 1_000, quantity: 10 });
    const locks = async () =>
      (
        await ctx.db.execute<{ relname: string; granted: boolean }>(
          sql`select c.relname, l.granted from pg_locks l join pg_class c on c.oid = l.relation
            where c.relname in ('order_numbers', 'slot_loads') and l.pid <> pg_backend_pid()`,
        )
      ).rows;
    // Another transaction holds every slot's row, as a checkout freeing the slot of the order it
    // replaces does, and asks for the day's number only once the phone order holds it and waits.
    let taken: Promise<Awaited<ReturnType<typeof adminCall<PhoneOrderTaken>>>> | undefined;
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`lock table slot_loads in exclusive mode`);
      taken = adminCall<PhoneOrderTaken>(ctx, admin, 'POST', '/admin-phone-order', {
        orderType: 'pickup',
        fullName: 'Karim Uddin',
        phone: '+880 1811 222333',
        email: '',
        lines: [{ itemId: item.id, quantity: 1 }],
        order_time: ORDER_TIME,
        paymentMethod: 'cash',
      });
      const waiting = (held: Awaited<ReturnType<typeof locks>>) =>
        held.some((lock) => lock.relname === 'order_numbers' && lock.granted) &&
        held.some((lock) => lock.relname === 'slot_loads' && !lock.granted);
      expect(waiting(await until(locks, waiting))).toBe(true);
      await tx.execute(
        sql`insert into order_numbers (day, last) values (${FRIDAY}, 0)
          on conflict (day) do update set last = order_numbers.last`,
      );
    });
    const answer = await taken!;
    expect(answer.status).toBe(201);
    expect(answer.body.order.order_number).toBe(1);
  });

  it('finds today’s order by its number in Manage orders, typed as 6 or #6, and not another day’s', async () => {
    await ctx.db.update(openingHours).set({ opens: '00:00', closes: '23:59', closed: false });
    const WEDNESDAY = addDays(TUESDAY, 1);
    clock.set(shopTime(WEDNESDAY, '12:00'));
    const today: Array<Awaited<ReturnType<typeof order>>> = [];
    for (let i = 0; i < 6; i++) today.push(await order());
    const sixth = today[5]!;
    expect(sixth.orderNumber).toBe(6);
    const search = (q: string) =>
      adminCall<Order[]>(ctx, admin, 'GET', `/admin-order?q=${encodeURIComponent(q)}`);
    for (const q of ['6', '#6', ' #6 ']) {
      const found = await search(q);
      expect(found.status, q).toBe(200);
      expect(
        found.body.map((row) => row._id),
        q,
      ).toContain(sixth.id);
      // No other day has a sixth order; other orders come only by their id's text.
      expect(
        found.body.filter((row) => row.order_number === 6).map((row) => row._id),
        q,
      ).toEqual([sixth.id]);
    }
    // The next day, #6 is the next day's (none yet): no id, name or e-mail holds a '#'.
    clock.set(shopTime(addDays(WEDNESDAY, 1), '12:00'));
    expect((await search('#6')).body).toEqual([]);
    // Two characters that are not a number are still too short a search.
    expect(await search('ab')).toMatchObject({
      status: 400,
      body: { message: 'Search for at least 3 characters' },
    });
  });
});
