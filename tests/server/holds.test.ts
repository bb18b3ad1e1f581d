import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lineCapMessage, orderCapMessage } from '../../contract/cart.ts';
import { releaseExpiredReservations } from '../../server/api/services/expiry.ts';
import { DEFAULT_HOLDS, resolveHolds } from '../../server/api/services/holds.ts';
import { cartLines, orders } from '../../server/db/schema.ts';
import {
  addToCart,
  ageOrder,
  type Customer,
  call,
  cartLineIds,
  checkout,
  checkoutBody,
  createCustomer,
  givePaidOrder,
  insertMenuItem,
  type MenuItemRow,
  orderByTransaction,
  ordersOf,
  postIpn,
  pressSandboxButton,
  stockOf,
  transactionIdOf,
} from './support/commerce.ts';
import { sharedTestContext, type TestContext } from './support/test-app.ts';

// What one account can keep from everyone else: at most 10 units of an item per cart line, 20 per
// order, one order holding stock at a time, for 10 minutes (the defaults; AppDeps.holds sets others).

const ctx = sharedTestContext();
/** An app with smaller caps and a 2-minute hold. */
const SMALL = { cartLineMaxUnits: 3, orderMaxUnits: 5, holdMinutes: 2 };
const small = sharedTestContext({ holds: SMALL });

type Line = { item: MenuItemRow; quantity: number };

const add = (on: TestContext, customer: Customer, item: MenuItemRow, quantity: number) =>
  call<{ insertedId?: string | null; message: string }>(on, 'POST', '/add-to-cart', customer.token, {
    itemId: item.id,
    quantity,
  });

/** A cart line written straight to the database, as one added before the caps (or under larger ones). */
async function insertCartLine(on: TestContext, customer: Customer, item: MenuItemRow, quantity: number) {
  await on.db.insert(cartLines).values({ userUid: customer.uid, itemId: item.id, quantity });
}

/** The customer's orders that still hold stock. */
async function holdingOrders(on: TestContext, uid: string) {
  return on.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userUid, uid), eq(orders.paymentStatus, false), eq(orders.stockReleased, false)));
}

async function checkedOut(on: TestContext, customer: Customer, lines: Line[]): Promise<string> {
  const response = await checkout(on, customer, checkoutBody(lines));
  expect(response.status).toBe(200);
  return transactionIdOf(response.body.url!);
}

describe('POST /add-to-cart keeps a cart within the caps', () => {
  it('refuses more than 10 units of an item in one line: 400 naming the cap, nothing stored', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { quantity: 50 });
    const response = await add(ctx, customer, item, 11);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: `You can order at most 10 ${item.name} at a time.` });
    expect(await cartLineIds(ctx, customer.uid)).toEqual([]);
    expect((await add(ctx, customer, item, 10)).status).toBe(201);
  });

  it('refuses the whole stock of an item when it is above the cap, as one line would take it all', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { quantity: 30 });
    const response = await add(ctx, customer, item, 30);
    expect(response).toMatchObject({ status: 400, body: { message: lineCapMessage(10, item.name) } });
  });

  it('refuses a line that would take the cart above 20 units: 400, the cart unchanged', async () => {
    const customer = await createCustomer(ctx);
    const [one, two, three] = await Promise.all([
      insertMenuItem(ctx, { quantity: 40 }),
      insertMenuItem(ctx, { quantity: 40 }),
      insertMenuItem(ctx, { quantity: 40 }),
    ]);
    await addToCart(ctx, customer, one!, 10);
    await addToCart(ctx, customer, two!, 10);
    const before = await cartLineIds(ctx, customer.uid);
    const response = await add(ctx, customer, three!, 1);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'An order can hold at most 20 items: please remove some from your cart.',
    });
    expect(await cartLineIds(ctx, customer.uid)).toEqual(before);
    // One more of an item already in the cart raises its line: the item's cap refuses it first.
    const again = await add(ctx, customer, one!, 1);
    expect(again).toMatchObject({ status: 400, body: { message: lineCapMessage(10, one!.name) } });
    expect(await cartLineIds(ctx, customer.uid)).toEqual(before);
  });

  it('takes its caps from the app’s holds option', async () => {
    const customer = await createCustomer(small);
    const [one, two] = await Promise.all([
      insertMenuItem(small, { quantity: 40 }),
      insertMenuItem(small, { quantity: 40 }),
    ]);
    expect(await add(small, customer, one!, 4)).toMatchObject({
      status: 400,
      body: { message: lineCapMessage(3, one!.name) },
    });
    expect((await add(small, customer, one!, 3)).status).toBe(201);
    expect(await add(small, customer, two!, 3)).toMatchObject({
      status: 400,
      body: { message: orderCapMessage(5) },
    });
    expect((await add(small, customer, two!, 2)).status).toBe(201);
  });
});

describe('POST /create-payment-intent keeps an order within the caps', () => {
  it('refuses a cart line above 10 units (added before the caps): 400, no order, nothing reserved', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { quantity: 30 });
    await insertCartLine(ctx, customer, item, 30);
    const response = await checkout(ctx, customer, checkoutBody([{ item, quantity: 30 }]));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: lineCapMessage(10, item.name) });
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
    expect(await stockOf(ctx, item.id)).toBe(30);
  });

  it('refuses a cart above 20 units: 400, no order, nothing reserved', async () => {
    const customer = await createCustomer(ctx);
    const items = await Promise.all([1, 2, 3].map(() => insertMenuItem(ctx, { quantity: 40 })));
    const lines = items.map((item, i) => ({ item, quantity: i === 2 ? 1 : 10 }));
    for (const { item, quantity } of lines) await insertCartLine(ctx, customer, item, quantity);
    const response = await checkout(ctx, customer, checkoutBody(lines));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: orderCapMessage(20) });
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
    for (const item of items) expect(await stockOf(ctx, item.id)).toBe(40);
  });

  it('accepts exactly the caps', async () => {
    const customer = await createCustomer(ctx);
    const items = await Promise.all([1, 2].map(() => insertMenuItem(ctx, { quantity: 40 })));
    const lines = items.map((item) => ({ item, quantity: 10 }));
    for (const { item, quantity } of lines) await addToCart(ctx, customer, item, quantity);
    await checkedOut(ctx, customer, lines);
    for (const item of items) expect(await stockOf(ctx, item.id)).toBe(30);
  });
});

describe('one order holding stock per customer', () => {
  it('a new checkout releases the previous unpaid order’s stock: the same cart never holds twice', async () => {
    const item = await insertMenuItem(ctx, { quantity: 10 });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, item, 4);
    const first = await checkedOut(ctx, customer, [{ item, quantity: 4 }]);
    expect(await stockOf(ctx, item.id)).toBe(6);

    const second = await checkedOut(ctx, customer, [{ item, quantity: 4 }]);
    expect(await stockOf(ctx, item.id)).toBe(6);
    // The first is cancelled by the customer (replaced), unpaid and closed; only the second holds stock.
    expect(await orderByTransaction(ctx, first)).toMatchObject({ state: 'cancelled', stockReleased: true });
    expect(await orderByTransaction(ctx, second)).toMatchObject({
      paymentStatus: false,
      stockReleased: false,
    });
    const status = await call(ctx, 'GET', `/payment-status/${first}`, customer.token);
    expect(status.body).toEqual({ transaction_id: first, payment_status: false, closed: true });
    // Deleting the replaced order is refused (it is cancelled already) and gives nothing back twice.
    const firstId = (await orderByTransaction(ctx, first))!.id;
    expect((await call(ctx, 'DELETE', `/order-delete/${firstId}`, customer.token)).status).toBe(409);
    expect(await stockOf(ctx, item.id)).toBe(6);
  });

  it('gives back the items the new cart no longer has and takes the new ones', async () => {
    const [kept, dropped, added] = await Promise.all([
      insertMenuItem(ctx, { quantity: 10 }),
      insertMenuItem(ctx, { quantity: 10 }),
      insertMenuItem(ctx, { quantity: 10 }),
    ]);
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, kept!, 2);
    const droppedLine = await addToCart(ctx, customer, dropped!, 3);
    await checkedOut(ctx, customer, [
      { item: kept!, quantity: 2 },
      { item: dropped!, quantity: 3 },
    ]);
    expect([await stockOf(ctx, kept!.id), await stockOf(ctx, dropped!.id)]).toEqual([8, 7]);

    await call(ctx, 'DELETE', `/remove-cart-item/${droppedLine}`, customer.token);
    await addToCart(ctx, customer, added!, 5);
    await checkedOut(ctx, customer, [
      { item: kept!, quantity: 2 },
      { item: added!, quantity: 5 },
    ]);
    expect([
      await stockOf(ctx, kept!.id),
      await stockOf(ctx, dropped!.id),
      await stockOf(ctx, added!.id),
    ]).toEqual([8, 10, 5]);
    expect(await holdingOrders(ctx, customer.uid)).toHaveLength(1);
  });

  it('lets the customer check out again even when their own hold took the last units', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, item, 5);
    await checkedOut(ctx, customer, [{ item, quantity: 5 }]);
    expect(await stockOf(ctx, item.id)).toBe(0);
    await checkedOut(ctx, customer, [{ item, quantity: 5 }]);
    expect(await stockOf(ctx, item.id)).toBe(0);
  });

  it('keeps the previous order holding when the new checkout is refused', async () => {
    const item = await insertMenuItem(ctx, { quantity: 10, priceCents: 10_000 });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, item, 2);
    const first = await checkedOut(ctx, customer, [{ item, quantity: 2 }]);
    const refused = await checkout(ctx, customer, checkoutBody([{ item, quantity: 2 }], { total_price: 1 }));
    expect(refused.status).toBe(409);
    expect(await stockOf(ctx, item.id)).toBe(8);
    expect(await orderByTransaction(ctx, first)).toMatchObject({ stockReleased: false });
  });

  it('holds once however many checkouts of the same customer run at the same time', async () => {
    const item = await insertMenuItem(ctx, { quantity: 10 });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, item, 10);
    const body = checkoutBody([{ item, quantity: 10 }]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkout(ctx, customer, body)));
    // Queued on the customer's row, each releases the one before it: none finds the stock taken.
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(await stockOf(ctx, item.id)).toBe(0);
    expect(await holdingOrders(ctx, customer.uid)).toHaveLength(1);
    expect(await ordersOf(ctx, customer.uid)).toHaveLength(6);
  });

  it('takes a superseded order’s stock again if it is paid after all, when there is stock', async () => {
    const item = await insertMenuItem(ctx, { quantity: 10, priceCents: 10_000 });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, item, 2);
    const first = await checkedOut(ctx, customer, [{ item, quantity: 2 }]);
    await checkedOut(ctx, customer, [{ item, quantity: 2 }]);
    const paid = await postIpn(ctx, ctx.sandbox.notificationFields(first, 'paid', 21_000));
    expect(paid.status).toBe(200);
    expect(await orderByTransaction(ctx, first)).toMatchObject({ paymentStatus: true, stockReleased: false });
    // The paid order took the cart's line; the second order still holds its own two units.
    expect(await stockOf(ctx, item.id)).toBe(6);
  });
});

describe('one account trying every way to hold more than the cap', () => {
  it('never holds more than 10 of an item, and another customer can still buy', async () => {
    const item = await insertMenuItem(ctx, { quantity: 25, priceCents: 10_000 });
    const filler = await insertMenuItem(ctx, { quantity: 25 });
    const greedy = await createCustomer(ctx);
    const held = async () => 25 - (await stockOf(ctx, item.id));

    // The whole stock in one line, then more than the cap.
    expect((await add(ctx, greedy, item, 25)).status).toBe(400);
    expect((await add(ctx, greedy, item, 11)).status).toBe(400);
    // The cap, then the same item again (it would raise the line past the cap; no second line is made).
    const line = await addToCart(ctx, greedy, item, 10);
    expect((await add(ctx, greedy, item, 10)).status).toBe(400);
    expect(await cartLineIds(ctx, greedy.uid)).toEqual([line]);
    // More items than an order may hold.
    await addToCart(ctx, greedy, filler, 10);
    expect((await add(ctx, greedy, filler, 1)).status).toBe(400);
    const third = await insertMenuItem(ctx, { quantity: 25 });
    expect((await add(ctx, greedy, third, 1)).status).toBe(400);

    // Checking out the same cart again and again, one after the other and all at once.
    const lines = [
      { item, quantity: 10 },
      { item: filler, quantity: 10 },
    ];
    const body = checkoutBody(lines);
    for (let i = 0; i < 3; i++) expect((await checkout(ctx, greedy, body)).status).toBe(200);
    expect(await held()).toBe(10);
    const burst = await Promise.all(Array.from({ length: 5 }, () => checkout(ctx, greedy, body)));
    expect(burst.every((answer) => answer.status === 200)).toBe(true);
    expect(await held()).toBe(10);

    // Emptying the cart and filling it again, or failing a payment and checking out again.
    await call(ctx, 'DELETE', `/remove-cart-item/${line}`, greedy.token);
    await addToCart(ctx, greedy, item, 10);
    const url = (await checkout(ctx, greedy, body)).body.url!;
    expect(await held()).toBe(10);
    expect((await pressSandboxButton(ctx, url, 'fail')).status).toBe(303);
    expect(await held()).toBe(0);
    expect((await checkout(ctx, greedy, body)).status).toBe(200);
    expect(await held()).toBe(10);
    // Past the cap by writing straight to the cart (as an old line would be): checkout refuses it.
    await ctx.db
      .update(cartLines)
      .set({ quantity: 25 })
      .where(and(eq(cartLines.userUid, greedy.uid), eq(cartLines.itemId, item.id)));
    expect((await checkout(ctx, greedy, checkoutBody([{ item, quantity: 25 }]))).status).toBe(400);
    expect(await held()).toBe(10);
    expect(await holdingOrders(ctx, greedy.uid)).toHaveLength(1);

    // Another customer buys what is left of the item, and pays.
    const other = await createCustomer(ctx);
    await addToCart(ctx, other, item, 10);
    const bought = await checkout(ctx, other, checkoutBody([{ item, quantity: 10 }]));
    expect(bought.status).toBe(200);
    expect((await pressSandboxButton(ctx, bought.body.url!, 'pay')).status).toBe(303);
    expect(await orderByTransaction(ctx, transactionIdOf(bought.body.url!))).toMatchObject({
      paymentStatus: true,
    });
    expect(await stockOf(ctx, item.id)).toBe(5);
  });
});

describe('the hold expires after the configured minutes', () => {
  it('lasts 10 minutes by default for a customer who has paid before', async () => {
    const item = await insertMenuItem(ctx, { quantity: 6 });
    const customer = await createCustomer(ctx);
    await givePaidOrder(ctx, customer);
    await addToCart(ctx, customer, item, 2);
    const order = (await orderByTransaction(ctx, await checkedOut(ctx, customer, [{ item, quantity: 2 }])))!;
    expect(DEFAULT_HOLDS.holdMinutes).toBe(10);
    await ageOrder(ctx, order.id, 9);
    await releaseExpiredReservations(ctx.db);
    expect(await stockOf(ctx, item.id)).toBe(4);
    await ageOrder(ctx, order.id, 11);
    await releaseExpiredReservations(ctx.db);
    expect(await stockOf(ctx, item.id)).toBe(6);
  });

  it('ends after the app’s holdMinutes when a checkout needs the stock', async () => {
    // Placed 3 minutes ago: past the 2-minute hold, not the 10-minute one.
    for (const [on, status] of [
      [small, 200],
      [ctx, 409],
    ] as const) {
      const item = await insertMenuItem(on, { quantity: 1 });
      const first = await createCustomer(on);
      await givePaidOrder(on, first);
      await addToCart(on, first, item, 1);
      const abandoned = await checkedOut(on, first, [{ item, quantity: 1 }]);
      await ageOrder(on, (await orderByTransaction(on, abandoned))!.id, SMALL.holdMinutes + 1);

      // The second customer's line was added while the unit was free; it is held by the first now.
      const second = await createCustomer(on);
      await insertCartLine(on, second, item, 1);
      const response = await checkout(on, second, checkoutBody([{ item, quantity: 1 }]));
      expect(response.status).toBe(status);
    }
  });

  it('refuses holds that are not whole numbers of at least 1, and keeps the defaults for the rest', () => {
    expect(resolveHolds({ holdMinutes: 5, orderMaxUnits: undefined })).toEqual({
      ...DEFAULT_HOLDS,
      holdMinutes: 5,
    });
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => resolveHolds({ cartLineMaxUnits: bad })).toThrow(/holds.cartLineMaxUnits/);
    }
  });
});
