import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type Order, OrderListSchema } from '../../contract/order.ts';
import { releaseExpiredReservations } from '../../server/api/services/expiry.ts';
import { orders } from '../../server/db/schema.ts';
import {
  adminCall,
  createAdmin,
  databaseFingerprint,
  paidOrder,
  payOrder,
  placeOrder,
} from './support/admin.ts';
import {
  addToCart,
  ageOrder,
  type Customer,
  call,
  cartLineIds,
  createCustomer,
  insertMenuItem,
  type OrderRow,
  orderByTransaction,
  orderLinesOf,
  postIpn,
  stockOf,
} from './support/commerce.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
const admin = fixture(() => createAdmin(ctx));

const UNKNOWN_ID = '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69';

const confirm = (id: string) => adminCall(ctx, admin, 'PATCH', `/admin-order-delete/${id}`);
const remove = (id: string) => adminCall(ctx, admin, 'DELETE', `/admin-order-delete/${id}`);

async function myOrder(customer: Customer, id: string): Promise<Order | undefined> {
  const response = await call(ctx, 'GET', `/my-orders?uid=${customer.uid}`, customer.token);
  expect(response.status).toBe(200);
  return v.parse(OrderListSchema, response.body).find((order) => order._id === id);
}

async function allOrders(): Promise<Order[]> {
  const response = await adminCall(ctx, admin, 'GET', '/admin-order');
  expect(response.status).toBe(200);
  return v.parse(OrderListSchema, response.body);
}

const reload = async (order: OrderRow) => orderByTransaction(ctx, order.transactionId);

/** The refusal answers this status and message and writes nothing. */
async function expectRefused(
  send: () => Promise<{ status: number; body: unknown }>,
  status: number,
  message: string,
) {
  const before = await databaseFingerprint(ctx);
  expect(await send()).toMatchObject({ status, body: { message } });
  expect(await databaseFingerprint(ctx)).toEqual(before);
}

describe('GET /admin-order', () => {
  it('lists every customer’s orders newest first, with their lines', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 10_000 });
    const first = await placeOrder(ctx, [{ item, quantity: 1 }]);
    const second = await paidOrder(ctx, [{ item, quantity: 2 }]);
    const orders = await allOrders();
    const ids = orders.map((order) => order._id);
    expect(ids.indexOf(second.order.id)).toBeLessThan(ids.indexOf(first.order.id));
    expect(ids[0]).toBe(second.order.id);
    expect(orders[0]).toMatchObject({
      transaction_id: second.order.transactionId,
      total_price: 210,
      payment_status: true,
      status: false,
      refund_due: false,
      carts: [{ itemId: item.id, name: item.name, category: 'pizza', price: 100, quantity: 2 }],
    });
    // The same shape the customer sees.
    expect(await myOrder(second.customer, second.order.id)).toEqual(orders[0]);
  });
});

describe('PATCH /admin-order-delete/:id (Confirm)', () => {
  it('confirms a paid order: the customer sees it confirmed; a second confirm is 409', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { customer, order } = await paidOrder(ctx, [{ item, quantity: 1 }]);
    const response = await confirm(order.id);
    expect(response).toMatchObject({ status: 200, body: { matchedCount: 1 } });
    expect(await reload(order)).toMatchObject({ status: true, paymentStatus: true, refundDue: false });
    expect(await myOrder(customer, order.id)).toMatchObject({ status: true, payment_status: true });
    expect(await stockOf(ctx, item.id)).toBe(4);
    await expectRefused(() => confirm(order.id), 409, 'This order is already confirmed');
  });

  it('refuses an unpaid order: 409', async () => {
    const { order } = await placeOrder(ctx, [{ item: await insertMenuItem(ctx), quantity: 1 }]);
    await expectRefused(() => confirm(order.id), 409, 'Only a paid order can be confirmed');
  });

  it('refuses a cancelled order (refund due): 409', async () => {
    const { order } = await paidOrder(ctx, [{ item: await insertMenuItem(ctx), quantity: 1 }]);
    expect((await remove(order.id)).status).toBe(200);
    await expectRefused(
      () => confirm(order.id),
      409,
      'A cancelled order can not be confirmed: a refund is due',
    );
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    await expectRefused(() => confirm(id), 404, 'No order has this id');
  });
});

describe('DELETE /admin-order-delete/:id (Remove)', () => {
  it('cancels an unpaid order (kept, with its timeline) and gives its stock back', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { customer, order } = await placeOrder(ctx, [{ item, quantity: 2 }]);
    expect(await stockOf(ctx, item.id)).toBe(3);
    const response = await remove(order.id);
    expect(response).toMatchObject({ status: 200, body: { deletedCount: 1, refund_due: false } });
    expect(await reload(order)).toMatchObject({ state: 'cancelled', paymentStatus: false });
    expect(await orderLinesOf(ctx, order.id)).toHaveLength(1);
    expect(await stockOf(ctx, item.id)).toBe(5);
    // The customer sees the restaurant cancelled it.
    expect(await myOrder(customer, order.id)).toMatchObject({ state: 'cancelled' });
    // The customer's cart is untouched.
    expect(await cartLineIds(ctx, customer.uid)).toHaveLength(1);
    await expectRefused(() => remove(order.id), 409, 'This order is already cancelled');
  });

  it('refuses an expired order (nothing to cancel) without giving the stock back twice', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { order } = await placeOrder(ctx, [{ item, quantity: 2 }]);
    await ageOrder(ctx, order.id, 31);
    await releaseExpiredReservations(ctx.db);
    expect(await stockOf(ctx, item.id)).toBe(5);
    await expectRefused(
      () => remove(order.id),
      409,
      `Order ${order.transactionId} is Expired: staff can not move it to Cancelled`,
    );
    expect(await stockOf(ctx, item.id)).toBe(5);
  });

  it('cancels a paid order: kept in the books, refund due, stock given back', async () => {
    const pizza = await insertMenuItem(ctx, { quantity: 5, priceCents: 10_000 });
    const cola = await insertMenuItem(ctx, { quantity: 9, priceCents: 2_000, category: 'drink' });
    const { customer, order } = await paidOrder(ctx, [
      { item: pizza, quantity: 2 },
      { item: cola, quantity: 3 },
    ]);
    expect(await stockOf(ctx, pizza.id)).toBe(3);
    expect(await stockOf(ctx, cola.id)).toBe(6);

    const response = await remove(order.id);
    expect(response).toMatchObject({ status: 200, body: { deletedCount: 1, refund_due: true } });
    expect(await reload(order)).toMatchObject({
      paymentStatus: true,
      status: false,
      refundDue: true,
      stockReleased: true,
      totalCents: order.totalCents,
    });
    expect(await orderLinesOf(ctx, order.id)).toHaveLength(2);
    expect(await stockOf(ctx, pizza.id)).toBe(5);
    expect(await stockOf(ctx, cola.id)).toBe(9);

    // The customer sees it (paid, refund due); the payment result page calls it closed.
    expect(await myOrder(customer, order.id)).toMatchObject({ payment_status: true, refund_due: true });
    const status = await call(ctx, 'GET', `/payment-status/${order.transactionId}`, customer.token);
    expect(status.body).toEqual({
      transaction_id: order.transactionId,
      payment_status: true,
      closed: true,
      receipt: expect.any(String),
      order_number: order.orderNumber,
    });
    // The customer still can not delete it; a second Remove is refused; nothing gives the stock back again.
    const customerDelete = await call(ctx, 'DELETE', `/order-delete/${order.id}`, customer.token);
    expect(customerDelete).toMatchObject({
      status: 409,
      body: { message: 'A paid order can not be deleted' },
    });
    await expectRefused(() => remove(order.id), 409, 'This order is already cancelled');
    await ageOrder(ctx, order.id, 120);
    await releaseExpiredReservations(ctx.db);
    // A replayed payment notification changes nothing either.
    const replay = await postIpn(
      ctx,
      ctx.sandbox.notificationFields(order.transactionId, 'paid', order.totalCents),
    );
    expect(replay.status).toBe(200);
    expect(await stockOf(ctx, pizza.id)).toBe(5);
    expect(await stockOf(ctx, cola.id)).toBe(9);
    expect(await reload(order)).toMatchObject({ paymentStatus: true, refundDue: true, stockReleased: true });
  });

  it('cancels a confirmed order not yet delivered: refund due, stock back', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { order } = await paidOrder(ctx, [{ item, quantity: 1 }]);
    expect((await confirm(order.id)).status).toBe(200);
    expect((await remove(order.id)).body).toEqual({ deletedCount: 1, refund_due: true });
    expect(await reload(order)).toMatchObject({ state: 'refund_due' });
    expect(await stockOf(ctx, item.id)).toBe(5);
  });

  it('refuses a delivered order: 409', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { order } = await paidOrder(ctx, [{ item, quantity: 1 }]);
    await ctx.db.update(orders).set({ state: 'delivered' }).where(eq(orders.id, order.id));
    await expectRefused(() => remove(order.id), 409, 'A delivered order can not be removed');
    expect(await stockOf(ctx, item.id)).toBe(4);
  });

  it('refuses an order already due a refund after a late payment: 409', async () => {
    const item = await insertMenuItem(ctx, { quantity: 1 });
    const { order } = await placeOrder(ctx, [{ item, quantity: 1 }]);
    await ageOrder(ctx, order.id, 31);
    await releaseExpiredReservations(ctx.db);
    const other = await createCustomer(ctx);
    await placeOrder(ctx, [{ item, quantity: 1 }], other);
    // Paid after the reservation lapsed and the last unit went to someone else.
    expect(await payOrder(ctx, order)).toMatchObject({ state: 'refund_due', refundDue: true });
    await expectRefused(() => remove(order.id), 409, 'This order is already cancelled');
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    await expectRefused(() => remove(id), 404, 'No order has this id');
  });
});

describe('deleting a menu item that carts and orders refer to', () => {
  /** An item in a customer's cart and in another customer's unpaid order (with a second item). */
  async function itemInUse() {
    const doomed = await insertMenuItem(ctx, { quantity: 10, priceCents: 10_000 });
    const kept = await insertMenuItem(ctx, { quantity: 10, priceCents: 5_000, category: 'salad' });
    const shopper = await createCustomer(ctx);
    await addToCart(ctx, shopper, doomed, 1);
    await addToCart(ctx, shopper, kept, 1);
    const { customer, order } = await placeOrder(ctx, [
      { item: doomed, quantity: 2 },
      { item: kept, quantity: 3 },
    ]);
    expect(await stockOf(ctx, kept.id)).toBe(7);
    const response = await adminCall(ctx, admin, 'DELETE', `/item-delete/${doomed.id}`);
    expect(response).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    return { doomed, kept, shopper, customer, order };
  }

  it('removes its cart lines; order lines keep name and price with itemId null', async () => {
    const { doomed, kept, shopper, customer, order } = await itemInUse();
    const cart = await call<Array<{ itemId: string }>>(ctx, 'GET', '/add-to-cart', shopper.token);
    expect(cart.body.map((line) => line.itemId)).toEqual([kept.id]);
    expect(await cartLineIds(ctx, customer.uid)).toHaveLength(1);

    const shown = (await allOrders()).find((row) => row._id === order.id)!;
    expect(shown.carts).toContainEqual({
      _id: expect.any(String),
      itemId: null,
      name: doomed.name,
      category: 'pizza',
      price: 100,
      quantity: 2,
      options: [],
      instructions: '',
    });
    expect(await myOrder(customer, order.id)).toEqual(shown);
  });

  it('lets the expiry sweep release the order: the remaining item’s stock comes back', async () => {
    const { kept, order } = await itemInUse();
    await ageOrder(ctx, order.id, 31);
    await expect(releaseExpiredReservations(ctx.db)).resolves.toBeGreaterThanOrEqual(1);
    expect(await reload(order)).toMatchObject({ stockReleased: true, paymentStatus: false });
    expect(await stockOf(ctx, kept.id)).toBe(10);
  });

  it('lets the customer delete the order', async () => {
    const { kept, customer, order } = await itemInUse();
    const response = await call(ctx, 'DELETE', `/order-delete/${order.id}`, customer.token);
    expect(response).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    expect(await stockOf(ctx, kept.id)).toBe(10);
  });

  it('lets the admin remove (cancel) the order', async () => {
    const { kept, order } = await itemInUse();
    expect((await remove(order.id)).status).toBe(200);
    expect(await reload(order)).toMatchObject({ state: 'cancelled' });
    expect(await stockOf(ctx, kept.id)).toBe(10);
  });

  it('lets a failed payment release the order', async () => {
    const { kept, order } = await itemInUse();
    const failed = await postIpn(
      ctx,
      ctx.sandbox.notificationFields(order.transactionId, 'failed', order.totalCents),
    );
    expect(failed.status).toBe(200);
    expect(await reload(order)).toMatchObject({ stockReleased: true, paymentStatus: false });
    expect(await stockOf(ctx, kept.id)).toBe(10);
  });

  it('makes a payment after the reservation lapsed a refund due, not a crash', async () => {
    const { kept, order } = await itemInUse();
    await ageOrder(ctx, order.id, 31);
    await releaseExpiredReservations(ctx.db);
    expect(await payOrder(ctx, order)).toMatchObject({ state: 'refund_due', refundDue: true });
    expect(await stockOf(ctx, kept.id)).toBe(10);
  });

  it('lets the order be paid in time, then cancelled by the admin', async () => {
    const { kept, order } = await itemInUse();
    expect(await payOrder(ctx, order)).toMatchObject({ paymentStatus: true });
    expect((await remove(order.id)).body).toEqual({ deletedCount: 1, refund_due: true });
    expect(await stockOf(ctx, kept.id)).toBe(10);
  });
});
