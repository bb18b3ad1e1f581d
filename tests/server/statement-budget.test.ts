// What the steps of an order cost PostgreSQL in statements (docs/decisions/011-scale.md): each is a
// socket write and read on the API and on PostgreSQL, the larger part of a short statement's cost on
// this host, so the rush's capacity follows their number. A step that takes more than its budget fails
// here, before a benchmark finds the rush slower.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addToCart,
  call,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  orderByTransaction,
  postIpn,
  transactionIdOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

/** Statements sent to PostgreSQL by any client of this process while `run` runs, BEGIN and COMMIT included. */
const query = pg.Client.prototype.query;
let counting: { statements: number } | undefined;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) counting.statements++;
  return (query as (...args: unknown[]) => unknown).apply(this, args);
} as typeof query;
afterEach(() => {
  counting = undefined;
});

async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  counting = { statements: 0 };
  const result = await run();
  const { statements } = counting;
  counting = undefined;
  return { result, statements };
}

describe('the statements an order costs', () => {
  it('add to cart, the cart, checkout and the payment notification each keep to their budget', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1250, quantity: 50, category: 'pizza' });
    const customer = await createCustomer(ctx);

    const added = await statementsOf(() => addToCart(ctx, customer, item, 2));
    expect(added.statements).toBeLessThanOrEqual(8);

    const cart = await statementsOf(() =>
      call(ctx, 'GET', `/add-to-cart?uid=${customer.uid}`, customer.token),
    );
    expect(cart.result.status).toBe(200);
    expect(cart.statements).toBeLessThanOrEqual(3);

    const placed = await statementsOf(() => checkout(ctx, customer, checkoutBody([{ item, quantity: 2 }])));
    expect(placed.result.status, placed.result.body.message).toBe(200);
    // A customer who has never paid costs one statement more: their items' lapse pressure
    // (docs/decisions/042-holds-by-behaviour.md).
    expect(placed.statements).toBeLessThanOrEqual(16);

    const order = (await orderByTransaction(ctx, transactionIdOf(placed.result.body.url!)))!;
    const paid = await statementsOf(() =>
      postIpn(ctx, ctx.sandbox.notificationFields(order.transactionId, 'paid', order.totalCents)),
    );
    expect(paid.result.status).toBe(200);
    expect(paid.statements).toBeLessThanOrEqual(12);
    expect((await orderByTransaction(ctx, order.transactionId))?.state).toBe('paid');

    // Now a customer the shop knows: their checkout reads no pressure.
    await addToCart(ctx, customer, item, 2);
    const again = await statementsOf(() => checkout(ctx, customer, checkoutBody([{ item, quantity: 2 }])));
    expect(again.result.status, again.result.body.message).toBe(200);
    expect(again.statements).toBeLessThanOrEqual(15);
  });
});
