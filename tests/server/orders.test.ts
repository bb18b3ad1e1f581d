import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OrderListSchema, PaymentUrlSchema } from '../../contract/order.ts';
import { releaseExpiredReservations } from '../../server/api/services/expiry.ts';
import { menuItems } from '../../server/db/schema.ts';
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
  ORDER_TIME,
  orderByTransaction,
  orderLinesOf,
  ordersOf,
  postIpn,
  SHIPPING,
  setStock,
  stockOf,
  transactionIdOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

/** A customer with these items in the cart (quantity each). */
async function customerWithCart(...lines: Array<{ item: MenuItemRow; quantity: number }>): Promise<Customer> {
  const customer = await createCustomer(ctx);
  for (const { item, quantity } of lines) await addToCart(ctx, customer, item, quantity);
  return customer;
}

/** Places an order for the customer's cart; the transaction id. */
async function placeOrder(customer: Customer, lines: Array<{ item: MenuItemRow; quantity: number }>) {
  const response = await checkout(ctx, customer, checkoutBody(lines));
  expect(response.status).toBe(200);
  return transactionIdOf(response.body.url!);
}

const pay = (transactionId: string, amountCents: number) =>
  postIpn(ctx, ctx.sandbox.notificationFields(transactionId, 'paid', amountCents));

describe('POST /create-payment-intent', () => {
  it('creates an unpaid order from the cart at current prices, reserves the stock and answers the payment page', async () => {
    const pizza = await insertMenuItem(ctx, { priceCents: 45_050, quantity: 5 });
    const cola = await insertMenuItem(ctx, { priceCents: 6_000, quantity: 9, category: 'drink' });
    const lines = [
      { item: pizza, quantity: 2 },
      { item: cola, quantity: 3 },
    ];
    const customer = await customerWithCart(...lines);
    const cart = await cartLineIds(ctx, customer.uid);
    // The client's lines are ignored: only its total must agree with the server's.
    const body = checkoutBody(lines, { carts: [{ itemId: pizza.id, price: 0.01, quantity: 99 }] });
    const response = await checkout(ctx, customer, body);
    expect(response.status).toBe(200);
    const { url } = v.parse(PaymentUrlSchema, response.body);
    expect(url).toMatch(/^http:\/\/api\.pizzon\.test\/sandbox-pay\/PZ[0-9A-F]{24}\?sig=/);

    const order = (await orderByTransaction(ctx, transactionIdOf(url)))!;
    // 2 × 450.50 + 3 × 60.00 = 1081.00, shipping 45.05 + 9.00 = 54.05
    expect(order).toMatchObject({
      userUid: customer.uid,
      orderTime: ORDER_TIME,
      ...SHIPPING,
      totalCents: 113_505,
      paymentStatus: false,
      status: false,
      stockReleased: false,
      refundDue: false,
      paidAt: null,
    });
    const orderLines = await orderLinesOf(ctx, order.id);
    expect(
      orderLines
        .map((line) => [line.itemId, line.name, line.category, line.priceCents, line.quantity])
        .sort(),
    ).toEqual(
      [
        [pizza.id, pizza.name, 'pizza', 45_050, 2],
        [cola.id, cola.name, 'drink', 6_000, 3],
      ].sort(),
    );
    expect(orderLines.map((line) => line.cartLineId).sort()).toEqual([...cart].sort());
    expect(await stockOf(ctx, pizza.id)).toBe(3);
    expect(await stockOf(ctx, cola.id)).toBe(6);
    // The cart stays until the order is paid.
    expect(await cartLineIds(ctx, customer.uid)).toEqual(cart);
  });

  it('gives every order its own unguessable transaction id', async () => {
    const item = await insertMenuItem(ctx);
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const customer = await customerWithCart({ item, quantity: 1 });
      ids.add(await placeOrder(customer, [{ item, quantity: 1 }]));
    }
    expect(ids.size).toBe(3);
  });

  it('refuses a total that is not the server’s: 409, no order, stock unchanged', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 10_000, quantity: 4 });
    const customer = await customerWithCart({ item, quantity: 2 });
    const response = await checkout(ctx, customer, checkoutBody([{ item, quantity: 2 }], { total_price: 1 }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'Prices have changed: please review your cart' });
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
    expect(await stockOf(ctx, item.id)).toBe(4);
  });

  it('refuses a total computed from an old price: 409', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 10_000 });
    const customer = await customerWithCart({ item, quantity: 1 });
    const body = checkoutBody([{ item, quantity: 1 }]);
    await ctx.db.update(menuItems).set({ priceCents: 11_000 }).where(eq(menuItems.id, item.id));
    const response = await checkout(ctx, customer, body);
    expect(response.status).toBe(409);
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
  });

  it('refuses an empty cart: 400', async () => {
    const customer = await createCustomer(ctx);
    const response = await checkout(ctx, customer, checkoutBody([]));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Your cart is empty' });
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
  });

  it('refuses when a line’s stock ran short since: 409 naming what is left, nothing reserved', async () => {
    const plenty = await insertMenuItem(ctx, { quantity: 10 });
    const scarce = await insertMenuItem(ctx, { quantity: 3 });
    const lines = [
      { item: plenty, quantity: 2 },
      { item: scarce, quantity: 3 },
    ];
    const customer = await customerWithCart(...lines);
    await setStock(ctx, scarce.id, 1);
    const response = await checkout(ctx, customer, checkoutBody(lines));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: `Only 1 ${scarce.name} left in stock` });
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
    expect(await stockOf(ctx, plenty.id)).toBe(10);
    expect(await stockOf(ctx, scarce.id)).toBe(1);
  });

  it('refuses a sold-out line: 409', async () => {
    const item = await insertMenuItem(ctx, { quantity: 1 });
    const customer = await customerWithCart({ item, quantity: 1 });
    await setStock(ctx, item.id, 0);
    const response = await checkout(ctx, customer, checkoutBody([{ item, quantity: 1 }]));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: `${item.name} is no longer in stock` });
  });

  it.each([
    ['an empty name', { fullName: '' }, 'empty filed can not be submitted'],
    ['a blank city', { city: '   ' }, 'empty filed can not be submitted'],
    ['no phone', { phone: undefined }, 'empty filed can not be submitted'],
    ['no email', { email: undefined }, 'empty filed can not be submitted'],
    ['a malformed email', { email: 'nadia-at-example' }, 'Invalid email address'],
    ['a phone with letters', { phone: 'call me' }, 'Phone must be 6 to 20 digits'],
    ['a huge address', { address: 'a'.repeat(10_000) }, 'This field is too long'],
    [
      'an order time in another format',
      { order_time: '2026-11-23T20:05:09Z' },
      expect.stringContaining('order_time'),
    ],
    ['no order time', { order_time: undefined }, expect.stringContaining('order_time')],
    ['a total that is not a number', { total_price: '12' }, 'total_price must be a number'],
  ])('refuses %s: 400, nothing written', async (_, change, message) => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const customer = await customerWithCart({ item, quantity: 1 });
    const response = await checkout(ctx, customer, checkoutBody([{ item, quantity: 1 }], change));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
    expect(await stockOf(ctx, item.id)).toBe(5);
  });

  it('refuses a body that is not JSON: 400', async () => {
    const customer = await createCustomer(ctx);
    const response = await checkout(ctx, customer, '{oops');
    expect(response).toMatchObject({ status: 400, body: { message: 'The request body must be JSON' } });
  });

  it('answers 401 without a token and 403 for another customer’s uid', async () => {
    const customer = await createCustomer(ctx);
    const other = await createCustomer(ctx);
    const body = checkoutBody([]);
    expect((await call(ctx, 'POST', '/create-payment-intent', undefined, body)).status).toBe(401);
    const response = await call(ctx, 'POST', `/create-payment-intent?uid=${other.uid}`, customer.token, body);
    expect(response.status).toBe(403);
  });
});

describe('GET /my-orders', () => {
  it('lists the caller’s orders newest first, in the spec’s shape, and never another customer’s', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 20_000, quantity: 10 });
    const other = await insertMenuItem(ctx, { priceCents: 5_000, quantity: 10, category: 'salad' });
    const customer = await customerWithCart({ item, quantity: 1 });
    const first = await placeOrder(customer, [{ item, quantity: 1 }]);
    // Paid, so the next checkout does not replace it (a replaced order is cancelled and leaves My order).
    expect((await pay(first, 21_000)).status).toBe(200);
    await addToCart(ctx, customer, item, 1);
    await addToCart(ctx, customer, other, 2);
    const second = await placeOrder(customer, [
      { item, quantity: 1 },
      { item: other, quantity: 2 },
    ]);
    const stranger = await customerWithCart({ item, quantity: 1 });
    await placeOrder(stranger, [{ item, quantity: 1 }]);

    const response = await call(ctx, 'GET', `/my-orders?uid=${customer.uid}`, customer.token);
    expect(response.status).toBe(200);
    const orders = v.parse(OrderListSchema, response.body);
    expect(orders.map((order) => order.transaction_id)).toEqual([second, first]);
    const newest = orders[0]!;
    expect(newest).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      order_time: ORDER_TIME,
      ...SHIPPING,
      total_price: 315, // 200 + 100 + 5% shipping
      payment_status: false,
      status: false,
      refund_due: false,
    });
    expect(newest.carts).toHaveLength(2);
    expect(newest.carts).toContainEqual({
      _id: expect.any(String),
      itemId: other.id,
      name: other.name,
      category: 'salad',
      price: 50,
      quantity: 2,
      options: [],
      instructions: '',
    });
  });

  it('answers an empty list for a customer without orders', async () => {
    const customer = await createCustomer(ctx);
    expect(await call(ctx, 'GET', '/my-orders', customer.token)).toMatchObject({ status: 200, body: [] });
  });

  it('keeps an order line’s name and price after its menu item is deleted', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 30_000 });
    const customer = await customerWithCart({ item, quantity: 1 });
    await placeOrder(customer, [{ item, quantity: 1 }]);
    await ctx.db.delete(menuItems).where(eq(menuItems.id, item.id));
    const orders = v.parse(OrderListSchema, (await call(ctx, 'GET', '/my-orders', customer.token)).body);
    expect(orders[0]!.carts).toEqual([
      {
        _id: expect.any(String),
        itemId: null,
        name: item.name,
        category: 'pizza',
        price: 300,
        quantity: 1,
        options: [],
        instructions: '',
      },
    ]);
  });

  it('answers 401 without a token', async () => {
    expect((await call(ctx, 'GET', '/my-orders')).status).toBe(401);
  });
});

describe('DELETE /order-delete/:id', () => {
  it('deletes the caller’s unpaid order and gives its stock back', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const customer = await customerWithCart({ item, quantity: 2 });
    const transactionId = await placeOrder(customer, [{ item, quantity: 2 }]);
    const order = (await orderByTransaction(ctx, transactionId))!;
    expect(await stockOf(ctx, item.id)).toBe(3);

    const response = await call(
      ctx,
      'DELETE',
      `/order-delete/${order.id}?uid=${customer.uid}`,
      customer.token,
    );
    expect(response).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    // Cancelled by the customer: gone from My order, kept in the books with its lines.
    expect(await ordersOf(ctx, customer.uid)).toMatchObject([{ state: 'cancelled' }]);
    expect(await orderLinesOf(ctx, order.id)).toHaveLength(1);
    expect((await call(ctx, 'GET', '/my-orders', customer.token)).body).toEqual([]);
    expect(await stockOf(ctx, item.id)).toBe(5);
    // The cart is untouched: the customer can order again.
    expect(await cartLineIds(ctx, customer.uid)).toHaveLength(1);
    const again = await call(ctx, 'DELETE', `/order-delete/${order.id}`, customer.token);
    expect(again.status).toBe(409);
    expect(await stockOf(ctx, item.id)).toBe(5);
  });

  it('can not delete another customer’s order: 404, order and stock untouched', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const owner = await customerWithCart({ item, quantity: 1 });
    const order = (await orderByTransaction(ctx, await placeOrder(owner, [{ item, quantity: 1 }])))!;
    const intruder = await createCustomer(ctx);
    const response = await call(ctx, 'DELETE', `/order-delete/${order.id}`, intruder.token);
    expect(response).toMatchObject({ status: 404, body: { message: 'No order of yours has this id' } });
    expect(await ordersOf(ctx, owner.uid)).toHaveLength(1);
    expect(await stockOf(ctx, item.id)).toBe(4);
    // Nor see it.
    expect((await call(ctx, 'GET', '/my-orders', intruder.token)).body).toEqual([]);
  });

  it.each([
    ['an unknown id', '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    const customer = await createCustomer(ctx);
    const response = await call(ctx, 'DELETE', `/order-delete/${id}`, customer.token);
    expect(response.status).toBe(404);
  });

  it('refuses to delete a paid order: 409, nothing changes', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5, priceCents: 10_000 });
    const customer = await customerWithCart({ item, quantity: 1 });
    const transactionId = await placeOrder(customer, [{ item, quantity: 1 }]);
    expect((await pay(transactionId, 10_500)).status).toBe(200);
    const order = (await orderByTransaction(ctx, transactionId))!;
    const response = await call(ctx, 'DELETE', `/order-delete/${order.id}`, customer.token);
    expect(response).toMatchObject({ status: 409, body: { message: 'A paid order can not be deleted' } });
    expect(await orderByTransaction(ctx, transactionId)).toEqual(order);
    expect(await stockOf(ctx, item.id)).toBe(4);
  });

  it('answers 401 without a token', async () => {
    expect((await call(ctx, 'DELETE', '/order-delete/3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69')).status).toBe(
      401,
    );
  });
});

describe('reservations that expire', () => {
  it('gives back the stock of an unpaid order older than the 10-minute hold, exactly once', async () => {
    const item = await insertMenuItem(ctx, { quantity: 6 });
    const customer = await customerWithCart({ item, quantity: 2 });
    await givePaidOrder(ctx, customer);
    const transactionId = await placeOrder(customer, [{ item, quantity: 2 }]);
    const order = (await orderByTransaction(ctx, transactionId))!;
    expect(await stockOf(ctx, item.id)).toBe(4);

    await ageOrder(ctx, order.id, 9);
    await releaseExpiredReservations(ctx.db);
    expect(await stockOf(ctx, item.id)).toBe(4);

    await ageOrder(ctx, order.id, 11);
    // Sweeps running at the same time release it once between them.
    await Promise.all([
      releaseExpiredReservations(ctx.db),
      releaseExpiredReservations(ctx.db),
      releaseExpiredReservations(ctx.db),
    ]);
    await releaseExpiredReservations(ctx.db);
    expect(await stockOf(ctx, item.id)).toBe(6);
    expect(await orderByTransaction(ctx, transactionId)).toMatchObject({
      stockReleased: true,
      paymentStatus: false,
    });
    const status = await call(ctx, 'GET', `/payment-status/${transactionId}`, customer.token);
    expect(status.body).toEqual({ transaction_id: transactionId, payment_status: false, closed: true });

    // A lapsed order is expired; the customer's Delete cancels it (a payment the gateway still takes
    // for it is handled from cancelled as from expired) and gives nothing back a second time.
    const deleted = await call(ctx, 'DELETE', `/order-delete/${order.id}`, customer.token);
    expect(deleted).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    expect(await orderByTransaction(ctx, transactionId)).toMatchObject({ state: 'cancelled' });
    expect(await stockOf(ctx, item.id)).toBe(6);
    const again = await call(ctx, 'DELETE', `/order-delete/${order.id}`, customer.token);
    expect(again).toMatchObject({
      status: 409,
      body: { message: `Order ${transactionId} is Cancelled: customer can not move it to Cancelled` },
    });
  });

  it('leaves paid orders alone', async () => {
    const item = await insertMenuItem(ctx, { quantity: 6, priceCents: 10_000 });
    const customer = await customerWithCart({ item, quantity: 1 });
    const transactionId = await placeOrder(customer, [{ item, quantity: 1 }]);
    await pay(transactionId, 10_500);
    const order = (await orderByTransaction(ctx, transactionId))!;
    await ageOrder(ctx, order.id, 120);
    await releaseExpiredReservations(ctx.db);
    expect(await stockOf(ctx, item.id)).toBe(5);
    expect(await orderByTransaction(ctx, transactionId)).toMatchObject({
      paymentStatus: true,
      stockReleased: false,
    });
  });

  it('is swept when a checkout finds the stock held by lapsed reservations', async () => {
    const item = await insertMenuItem(ctx, { quantity: 1 });
    const first = await customerWithCart({ item, quantity: 1 });
    const abandoned = (await orderByTransaction(ctx, await placeOrder(first, [{ item, quantity: 1 }])))!;
    expect(await stockOf(ctx, item.id)).toBe(0);
    await ageOrder(ctx, abandoned.id, 11);

    // The second customer added the item while it was in stock; the sweep frees the lapsed unit in time.
    const second = await createCustomer(ctx);
    await setStock(ctx, item.id, 1);
    await addToCart(ctx, second, item, 1);
    await setStock(ctx, item.id, 0);
    const response = await checkout(ctx, second, checkoutBody([{ item, quantity: 1 }]));
    expect(response.status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(0);
    expect(await orderByTransaction(ctx, abandoned.transactionId)).toMatchObject({ stockReleased: true });
  });
});
