import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/order.ts';
import { pathOf } from '../../contract/route-entry.ts';
import { ROUTES } from '../../contract/routes.ts';
import { SHOP_CLOSED_MESSAGE } from '../../contract/shop.ts';
import { type Admin, adminCall, createAdmin } from './support/admin.ts';
import {
  addToCart,
  call,
  cartLineIds,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  type MenuItemRow,
  ordersOf,
  pressSandboxButton,
  stockOf,
  transactionIdOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

/** The switch as GET /shop-status answers it (beside the hours, which ordering-rules.test.ts reads). */
const status = async () => {
  const { closed } = (await call<{ closed: boolean }>(ctx, 'GET', '/shop-status')).body;
  return { closed };
};

describe('the Shop closed now switch', () => {
  it('starts open, and only an admin switches it', async () => {
    expect(await status()).toEqual({ closed: false });
    const customer = await createCustomer(ctx);
    expect(
      (await call(ctx, 'PUT', `/shop-status?uid=${customer.uid}`, customer.token, { closed: true })).status,
    ).toBe(403);
    expect(await status()).toEqual({ closed: false });
    const admin = await createAdmin(ctx);
    expect((await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: 'yes' })).status).toBe(400);
    const closed = await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: true });
    expect(closed).toMatchObject({ status: 200, body: { closed: true } });
    expect(await status()).toEqual({ closed: true });
    await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: false });
    expect(await status()).toEqual({ closed: false });
  });

  it('refuses checkout with 409 while closed: no order, the cart and the stock as they were', async () => {
    const admin = await createAdmin(ctx);
    const pizza = await insertMenuItem(ctx, { priceCents: 45_050, quantity: 5 });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, pizza, 2);
    const lines = [{ item: pizza, quantity: 2 }];

    await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: true });
    const refused = await checkout(ctx, customer, checkoutBody(lines));
    expect(refused).toMatchObject({ status: 409, body: { message: SHOP_CLOSED_MESSAGE } });
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
    expect(await cartLineIds(ctx, customer.uid)).toHaveLength(1);
    expect(await stockOf(ctx, pizza.id)).toBe(5);

    // Reopened, the same cart checks out.
    await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: false });
    expect((await checkout(ctx, customer, checkoutBody(lines))).status).toBe(200);
    expect(await stockOf(ctx, pizza.id)).toBe(3);
  });
});

describe('a payment that comes after the shop closed', () => {
  /** A customer's order of two pizzas, checked out while the shop is open: its payment page. */
  async function orderWhileOpen(pizza: MenuItemRow) {
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, pizza, 2);
    const answer = await checkout(ctx, customer, checkoutBody([{ item: pizza, quantity: 2 }]));
    expect(answer.status).toBe(200);
    const { url } = answer.body as { url: string };
    return { customer, url, transactionId: transactionIdOf(url) };
  }

  const paidOrder = async (admin: Admin, transactionId: string) => {
    const listed = await adminCall<Order[]>(ctx, admin, 'GET', `/admin-order?q=${transactionId}&limit=10`);
    return listed.body.find((order) => order.transaction_id === transactionId);
  };

  it('is taken (the gateway has the money), and the order is flagged for the kitchen to cook or cancel', async () => {
    const admin = await createAdmin(ctx);
    const pizza = await insertMenuItem(ctx, { quantity: 10 });
    const early = await orderWhileOpen(pizza);
    const late = await orderWhileOpen(pizza);
    expect((await pressSandboxButton(ctx, early.url, 'pay')).status).toBeLessThan(400);

    await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: true });
    try {
      expect((await pressSandboxButton(ctx, late.url, 'pay')).status).toBeLessThan(400);
      // Paid as any order is: its stock kept, its cart lines gone, the customer told it is paid.
      expect(await paidOrder(admin, late.transactionId)).toMatchObject({
        state: 'paid',
        payment_status: true,
        paid_after_closing: true,
      });
      expect(await stockOf(ctx, pizza.id)).toBe(6);
      expect(await cartLineIds(ctx, late.customer.uid)).toEqual([]);
      // The one paid before the switch is not flagged.
      expect(await paidOrder(admin, early.transactionId)).toMatchObject({
        state: 'paid',
        paid_after_closing: false,
      });
      // Staff who will not cook it cancel it: a refund falls due, as for any paid order.
      const { _id: id } = (await paidOrder(admin, late.transactionId))!;
      const cancelled = await adminCall(ctx, admin, 'POST', pathOf(ROUTES.transitionOrder, { id }), {
        to: 'refund_due',
        note: 'We had closed for the night',
      });
      expect(cancelled.status).toBe(200);
      expect(await paidOrder(admin, late.transactionId)).toMatchObject({
        state: 'refund_due',
        paid_after_closing: true,
      });
    } finally {
      await adminCall(ctx, admin, 'PUT', '/shop-status', { closed: false });
    }
  });
});
