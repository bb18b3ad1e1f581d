// Issue 14, quantities in place: PATCH /cart-line/:id sets a line's quantity under the rules of adding
// it (the caller's own line, the caps, the stock), and the cart's totals follow by the shared rule.

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CART_LINE_MAX_UNITS,
  CartLineSchema,
  cartTotals,
  lineCapMessage,
  ORDER_MAX_UNITS,
  orderCapMessage,
} from '../../contract/cart.ts';
import { readMenuVersion } from '../../server/db/menu-version.ts';
import {
  addToCart,
  type Customer,
  call,
  createCustomer,
  insertMenuItem,
  setStock,
  stockOf,
} from './support/commerce.ts';
import { sharedTestContext, type TestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
/** An app whose line cap is 3: the 400 names the cap in force, not the contract's default. */
const small = sharedTestContext({ holds: { cartLineMaxUnits: 3 } });

const setQuantity = (on: TestContext, customer: Customer | undefined, id: string, body: unknown) =>
  call(on, 'PATCH', `/cart-line/${id}`, customer?.token, body);

async function quantities(on: TestContext, customer: Customer): Promise<number[]> {
  const list = await call(on, 'GET', '/add-to-cart', customer.token);
  return v.parse(v.array(CartLineSchema), list.body).map((line) => line.quantity);
}

describe('PATCH /cart-line/:id', () => {
  it('sets the caller’s line and answers it as the cart lists it; the totals follow', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { priceCents: 1299, quantity: 8 });
    const other = await insertMenuItem(ctx, { priceCents: 10 });
    const id = await addToCart(ctx, customer, item, 1);
    await addToCart(ctx, customer, other, 1);

    const response = await setQuantity(ctx, customer, id, { quantity: 3 });
    expect(response.status).toBe(200);
    expect(v.parse(CartLineSchema, response.body)).toEqual({
      _id: id,
      uid: customer.uid,
      itemId: item.id,
      name: item.name,
      price: 12.99,
      image: item.image,
      category: 'pizza',
      quantity: 3,
      stock: 8,
      options: [],
      instructions: '',
    });
    const list = v.parse(
      v.array(CartLineSchema),
      (await call(ctx, 'GET', '/add-to-cart', customer.token)).body,
    );
    expect(list.map((line) => line.quantity)).toEqual([3, 1]);
    // 38.97 + 0.10, shipping 1.95 + 0.01: what My cart and checkout compute from the lines.
    expect(cartTotals(list)).toEqual({
      totalQty: 4,
      totalPriceWithoutShipping: 39.07,
      totalShipping: 1.96,
      totalPrice: 41.03,
    });
    // Down again, and the same quantity twice, are as welcome.
    expect((await setQuantity(ctx, customer, id, { quantity: 1 })).status).toBe(200);
    expect((await setQuantity(ctx, customer, id, { quantity: 1 })).status).toBe(200);
    expect(await quantities(ctx, customer)).toEqual([1, 1]);
  });

  it('reserves nothing: the stock and the menu’s version stay', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { quantity: 6 });
    const id = await addToCart(ctx, customer, item, 1);
    const before = await readMenuVersion(ctx.db);
    expect((await setQuantity(ctx, customer, id, { quantity: 5 })).status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(6);
    expect(await readMenuVersion(ctx.db)).toEqual(before);
  });

  it('can not reach another customer’s line: 404, the line stays as it was', async () => {
    const customer = await createCustomer(ctx);
    const owner = await createCustomer(ctx);
    const theirs = await addToCart(ctx, owner, await insertMenuItem(ctx), 2);
    const response = await setQuantity(ctx, customer, theirs, { quantity: 5 });
    expect(response).toMatchObject({ status: 404, body: { message: 'This item is not in your cart' } });
    expect(await quantities(ctx, owner)).toEqual([2]);
  });

  it.each([
    ['an unknown id', '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    const customer = await createCustomer(ctx);
    const response = await setQuantity(ctx, customer, id, { quantity: 2 });
    expect(response).toMatchObject({ status: 404, body: { message: 'This item is not in your cart' } });
  });

  it('answers 404 for a line removed meanwhile', async () => {
    const customer = await createCustomer(ctx);
    const id = await addToCart(ctx, customer, await insertMenuItem(ctx));
    await call(ctx, 'DELETE', `/remove-cart-item/${id}`, customer.token);
    expect((await setQuantity(ctx, customer, id, { quantity: 2 })).status).toBe(404);
  });

  it('refuses more than the line cap with the add’s message: 400, the line stays', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { quantity: 50 });
    const id = await addToCart(ctx, customer, item, 2);
    const response = await setQuantity(ctx, customer, id, { quantity: CART_LINE_MAX_UNITS + 1 });
    expect(response).toMatchObject({
      status: 400,
      body: { message: lineCapMessage(CART_LINE_MAX_UNITS, item.name) },
    });
    expect((await setQuantity(ctx, customer, id, { quantity: CART_LINE_MAX_UNITS })).status).toBe(200);
    expect(await quantities(ctx, customer)).toEqual([CART_LINE_MAX_UNITS]);
  });

  it('names the cap the server runs with', async () => {
    const customer = await createCustomer(small);
    const item = await insertMenuItem(small, { quantity: 50 });
    const id = await addToCart(small, customer, item, 1);
    const response = await setQuantity(small, customer, id, { quantity: 4 });
    expect(response).toMatchObject({ status: 400, body: { message: lineCapMessage(3, item.name) } });
  });

  it('refuses more units in the cart than an order may hold: 400, the line stays', async () => {
    const customer = await createCustomer(ctx);
    const item = () => insertMenuItem(ctx, { quantity: 50 });
    await addToCart(ctx, customer, await item(), CART_LINE_MAX_UNITS);
    await addToCart(ctx, customer, await item(), ORDER_MAX_UNITS - CART_LINE_MAX_UNITS - 1);
    const id = await addToCart(ctx, customer, await item(), 1);
    // Each line within its own cap; the cart one unit over.
    const response = await setQuantity(ctx, customer, id, { quantity: 2 });
    expect(response).toMatchObject({ status: 400, body: { message: orderCapMessage(ORDER_MAX_UNITS) } });
    expect(await quantities(ctx, customer)).toEqual([
      CART_LINE_MAX_UNITS,
      ORDER_MAX_UNITS - CART_LINE_MAX_UNITS - 1,
      1,
    ]);
  });

  it('refuses more than the stock now with the add’s message: 409, the line stays', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const id = await addToCart(ctx, customer, item, 2);
    await setStock(ctx, item.id, 3);
    const response = await setQuantity(ctx, customer, id, { quantity: 4 });
    expect(response).toMatchObject({ status: 409, body: { message: `Only 3 ${item.name} left in stock` } });
    expect((await setQuantity(ctx, customer, id, { quantity: 3 })).status).toBe(200);
    await setStock(ctx, item.id, 0);
    const soldOut = await setQuantity(ctx, customer, id, { quantity: 1 });
    expect(soldOut).toMatchObject({ status: 409, body: { message: `${item.name} is no longer in stock` } });
    expect(await quantities(ctx, customer)).toEqual([3]);
  });

  it.each([
    ['quantity 0', { quantity: 0 }, 'quantity must be at least 1'],
    ['a negative quantity', { quantity: -1 }, 'quantity must be at least 1'],
    ['a fractional quantity', { quantity: 2.5 }, 'quantity must be a whole number'],
    ['a quantity that is a string', { quantity: '2' }, 'quantity must be a number'],
    ['no quantity', {}, expect.stringContaining('quantity')],
    ['a huge quantity', { quantity: 1e9 }, 'quantity must be at most 100000'],
  ])('refuses %s: 400 with a message, the line stays', async (_, body, message) => {
    const customer = await createCustomer(ctx);
    const id = await addToCart(ctx, customer, await insertMenuItem(ctx), 2);
    const response = await setQuantity(ctx, customer, id, body);
    expect(response).toMatchObject({ status: 400, body: { message } });
    expect(await quantities(ctx, customer)).toEqual([2]);
  });

  it('refuses a body that is not JSON: 400', async () => {
    const customer = await createCustomer(ctx);
    const id = await addToCart(ctx, customer, await insertMenuItem(ctx));
    const response = await setQuantity(ctx, customer, id, '{nope');
    expect(response).toMatchObject({ status: 400, body: { message: 'The request body must be JSON' } });
  });

  it('answers 401 without an API token', async () => {
    const customer = await createCustomer(ctx);
    const id = await addToCart(ctx, customer, await insertMenuItem(ctx));
    const response = await setQuantity(ctx, undefined, id, { quantity: 2 });
    expect(response).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    expect(await quantities(ctx, customer)).toEqual([1]);
  });
});
