import { describe, expect, it } from 'vitest';
import { SHOP_CLOSED_MESSAGE } from '../../server/contract/shop.ts';
import { adminCall, createAdmin } from './support/admin.ts';
import {
  addToCart,
  call,
  cartLineIds,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  ordersOf,
  stockOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

const status = async () => (await call<{ closed: boolean }>(ctx, 'GET', '/shop-status')).body;

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
