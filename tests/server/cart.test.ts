import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AddedSchema, CartLineListSchema, DeletedSchema } from '../../contract/cart.ts';
import { menuItems } from '../../server/db/schema.ts';
import {
  addToCart,
  call,
  cartLineIds,
  createCustomer,
  insertMenuItem,
  setStock,
  stockOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

describe('POST /add-to-cart', () => {
  it('adds a line to the caller’s cart: 201 with the insertedId and the spec’s message', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx);
    const response = await call(ctx, 'POST', '/add-to-cart', customer.token, {
      itemId: item.id,
      quantity: 2,
    });
    expect(response.status).toBe(201);
    const added = v.parse(AddedSchema, response.body);
    expect(added).toEqual({
      insertedId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message: `"${item.name}" item has been added to your cart`,
      quantity: 2,
    });
    expect(await cartLineIds(ctx, customer.uid)).toEqual([added.insertedId]);
    // Adding to the cart reserves nothing: stock is taken when an order is placed.
    expect(await stockOf(ctx, item.id)).toBe(item.quantity);
  });

  it('ignores the uid, name, price, image and category in the body: the line shows the menu’s', async () => {
    const customer = await createCustomer(ctx);
    const other = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { priceCents: 12_345 });
    const response = await call(ctx, 'POST', '/add-to-cart', customer.token, {
      uid: other.uid,
      itemId: item.id,
      name: 'Free pizza',
      price: 0.01,
      image: 'https://evil.example/x.png',
      category: 'drink',
      quantity: 1,
    });
    expect(response.status).toBe(201);
    const list = await call(ctx, 'GET', `/add-to-cart?uid=${customer.uid}`, customer.token);
    expect(list.body).toEqual([
      {
        _id: (response.body as { insertedId: string }).insertedId,
        uid: customer.uid,
        itemId: item.id,
        name: item.name,
        price: 123.45,
        image: item.image,
        category: 'pizza',
        quantity: 1,
        stock: item.quantity,
        options: [],
        instructions: '',
      },
    ]);
    expect(await cartLineIds(ctx, other.uid)).toEqual([]);
  });

  it('adds to the line already in the cart (200 with its id and new quantity) rather than a second line', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx);
    const first = await addToCart(ctx, customer, item, 1);
    const again = await call(ctx, 'POST', '/add-to-cart', customer.token, { itemId: item.id, quantity: 3 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      insertedId: first,
      message: `"${item.name}" item has been added to your cart`,
      quantity: 4,
    });
    const list = await call<Array<{ _id: string; quantity: number }>>(
      ctx,
      'GET',
      '/add-to-cart',
      customer.token,
    );
    expect(list.body.map((line) => [line._id, line.quantity])).toEqual([[first, 4]]);
  });

  it('answers 200 with insertedId null, the spec’s "already added", to an addition sent again with its key', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx);
    const body = { itemId: item.id, quantity: 2, addKey: '8a1f1c86-3b3e-4c57-9a0e-5b1c7d2e9f10' };
    const first = await call<{ insertedId: string }>(ctx, 'POST', '/add-to-cart', customer.token, body);
    expect(first.status).toBe(201);
    const again = await call(ctx, 'POST', '/add-to-cart', customer.token, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ insertedId: null, message: `"${item.name}" item has been already added` });
    const list = await call<Array<{ _id: string; quantity: number }>>(
      ctx,
      'GET',
      '/add-to-cart',
      customer.token,
    );
    expect(list.body.map((line) => [line._id, line.quantity])).toEqual([[first.body.insertedId, 2]]);
    // The key is the customer's own: another customer's addition with it is theirs to make.
    const other = await createCustomer(ctx);
    expect((await call(ctx, 'POST', '/add-to-cart', other.token, body)).status).toBe(201);
  });

  it('lets another customer add the same item', async () => {
    const item = await insertMenuItem(ctx);
    const one = await createCustomer(ctx);
    const two = await createCustomer(ctx);
    await addToCart(ctx, one, item);
    const response = await call(ctx, 'POST', '/add-to-cart', two.token, { itemId: item.id, quantity: 1 });
    expect(response.status).toBe(201);
  });

  it.each([
    ['quantity 0', { quantity: 0 }, 400, 'quantity must be at least 1'],
    ['a negative quantity', { quantity: -2 }, 400, 'quantity must be at least 1'],
    ['a fractional quantity', { quantity: 1.5 }, 400, 'quantity must be a whole number'],
    ['a quantity that is a string', { quantity: '2' }, 400, 'quantity must be a number'],
    ['a malformed itemId', { itemId: 'not-a-uuid' }, 400, 'This menu item does not exist'],
    ['no itemId', { itemId: undefined }, 400, expect.stringContaining('itemId')],
    [
      'an unknown itemId',
      { itemId: '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69' },
      404,
      'This menu item does not exist',
    ],
  ])('refuses %s, and stores nothing', async (_, change, status, message) => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx);
    const response = await call(ctx, 'POST', '/add-to-cart', customer.token, {
      itemId: item.id,
      quantity: 1,
      ...change,
    });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
    expect(await cartLineIds(ctx, customer.uid)).toEqual([]);
  });

  it('refuses a body that is not JSON: 400', async () => {
    const customer = await createCustomer(ctx);
    const response = await call(ctx, 'POST', '/add-to-cart', customer.token, '{nope');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'The request body must be JSON' });
  });

  it('refuses more than the stock: 409 naming what is left, nothing stored', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { quantity: 2 });
    const response = await call(ctx, 'POST', '/add-to-cart', customer.token, {
      itemId: item.id,
      quantity: 3,
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: `Only 2 ${item.name} left in stock` });
    expect(await cartLineIds(ctx, customer.uid)).toEqual([]);
  });

  it('refuses a sold-out item: 409, nothing stored', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { quantity: 0 });
    const response = await call(ctx, 'POST', '/add-to-cart', customer.token, {
      itemId: item.id,
      quantity: 1,
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: `${item.name} is no longer in stock` });
    expect(await cartLineIds(ctx, customer.uid)).toEqual([]);
  });

  it('accepts exactly the stock', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx, { quantity: 2 });
    const response = await call(ctx, 'POST', '/add-to-cart', customer.token, {
      itemId: item.id,
      quantity: 2,
    });
    expect(response.status).toBe(201);
  });
});

describe('GET /add-to-cart', () => {
  it('lists only the caller’s lines, oldest first, with the menu’s current price', async () => {
    const customer = await createCustomer(ctx);
    const other = await createCustomer(ctx);
    const first = await insertMenuItem(ctx, { category: 'burger' });
    const second = await insertMenuItem(ctx, { category: 'drink' });
    const ids = [await addToCart(ctx, customer, first, 1), await addToCart(ctx, customer, second, 2)];
    await addToCart(ctx, other, first, 1);
    await setStock(ctx, first.id, 7);
    await ctx.db.update(menuItems).set({ priceCents: 99_900 }).where(eq(menuItems.id, first.id));

    const list = await call(ctx, 'GET', `/add-to-cart?uid=${customer.uid}`, customer.token);
    expect(list.status).toBe(200);
    const lines = v.parse(CartLineListSchema, list.body);
    expect(lines.map((line) => line._id)).toEqual(ids);
    expect(lines.map((line) => [line.itemId, line.price, line.quantity, line.category])).toEqual([
      [first.id, 999, 1, 'burger'],
      [second.id, second.priceCents / 100, 2, 'drink'],
    ]);
    expect(lines.every((line) => line.uid === customer.uid)).toBe(true);
  });

  it('answers an empty list for an empty cart', async () => {
    const customer = await createCustomer(ctx);
    const list = await call(ctx, 'GET', '/add-to-cart', customer.token);
    expect(list).toMatchObject({ status: 200, body: [] });
  });

  it('drops a line whose menu item was deleted', async () => {
    const customer = await createCustomer(ctx);
    const item = await insertMenuItem(ctx);
    await addToCart(ctx, customer, item);
    await ctx.db.delete(menuItems).where(eq(menuItems.id, item.id));
    expect((await call(ctx, 'GET', '/add-to-cart', customer.token)).body).toEqual([]);
  });

  it('refuses a uid query that names another customer: 403', async () => {
    const customer = await createCustomer(ctx);
    const other = await createCustomer(ctx);
    const list = await call(ctx, 'GET', `/add-to-cart?uid=${other.uid}`, customer.token);
    expect(list.status).toBe(403);
  });
});

describe('DELETE /remove-cart-item/:id', () => {
  it('removes the caller’s own line: deletedCount 1', async () => {
    const customer = await createCustomer(ctx);
    const keep = await addToCart(ctx, customer, await insertMenuItem(ctx));
    const remove = await addToCart(ctx, customer, await insertMenuItem(ctx));
    const response = await call(ctx, 'DELETE', `/remove-cart-item/${remove}`, customer.token);
    expect(response.status).toBe(200);
    expect(v.parse(DeletedSchema, response.body)).toEqual({ deletedCount: 1 });
    expect(await cartLineIds(ctx, customer.uid)).toEqual([keep]);
  });

  it('can not reach another customer’s line: 404, the line stays', async () => {
    const customer = await createCustomer(ctx);
    const other = await createCustomer(ctx);
    const theirs = await addToCart(ctx, other, await insertMenuItem(ctx));
    const response = await call(ctx, 'DELETE', `/remove-cart-item/${theirs}`, customer.token);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'This item is not in your cart' });
    expect(await cartLineIds(ctx, other.uid)).toEqual([theirs]);
  });

  it.each([
    ['an unknown id', '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_, id) => {
    const customer = await createCustomer(ctx);
    const response = await call(ctx, 'DELETE', `/remove-cart-item/${id}`, customer.token);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'This item is not in your cart' });
  });

  it('answers 404 the second time', async () => {
    const customer = await createCustomer(ctx);
    const line = await addToCart(ctx, customer, await insertMenuItem(ctx));
    expect((await call(ctx, 'DELETE', `/remove-cart-item/${line}`, customer.token)).status).toBe(200);
    expect((await call(ctx, 'DELETE', `/remove-cart-item/${line}`, customer.token)).status).toBe(404);
  });
});

describe('without an API token', () => {
  it.each([
    ['GET', '/add-to-cart', undefined],
    ['POST', '/add-to-cart', { itemId: '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69', quantity: 1 }],
    ['DELETE', '/remove-cart-item/3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69', undefined],
  ])('%s %s answers 401', async (method, path, body) => {
    const response = await call(ctx, method, path, undefined, body);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: expect.any(String) });
  });
});
