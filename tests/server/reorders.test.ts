import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type CartLine, cartTotals } from '../../contract/cart.ts';
import {
  AGAIN_CHOICES_GONE,
  AGAIN_GONE,
  AGAIN_SOLD_OUT,
  againOnlyLeft,
  type OrderAgain,
  type PayNowAnswer,
} from '../../contract/reorder.ts';
import { nothingToPay } from '../../server/api/services/pay-now.ts';
import { menuItems, optionChoices, optionGroups, orders } from '../../server/db/schema.ts';
import { placeOrder } from './support/admin.ts';
import {
  addToCart,
  ageOrder,
  type Customer,
  call,
  cartLineIds,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  ORDER_TIME,
  orderByTransaction,
  ordersOf,
  postIpn,
  setStock,
  stockOf,
  transactionIdOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

// Coming back to an order (docs/decisions/038-promos-reorders-and-the-owners-day.md): Order again puts
// a past order's lines into the cart at today's prices, skipping and naming what can not be had; Pay
// now pays an unpaid order on its own page while its hold lasts, else through a fresh checkout.

const ctx = sharedTestContext();

const orderAgain = (customer: Customer, id: string) =>
  call<OrderAgain & { message?: string }>(
    ctx,
    'POST',
    `/my-orders/${id}/again?uid=${customer.uid}`,
    customer.token,
  );
const payNow = (customer: Customer, id: string) =>
  call<PayNowAnswer & { message?: string }>(
    ctx,
    'POST',
    `/my-orders/${id}/pay?uid=${customer.uid}`,
    customer.token,
    {
      order_time: ORDER_TIME,
    },
  );
const cartOf = async (customer: Customer) =>
  (await call<CartLine[]>(ctx, 'GET', `/add-to-cart?uid=${customer.uid}`, customer.token)).body;
/** Takes every line out of the customer's cart, as My cart's Remove does. */
async function emptyCart(customer: Customer) {
  for (const id of await cartLineIds(ctx, customer.uid)) {
    await call(ctx, 'DELETE', `/remove-cart-item/${id}`, customer.token);
  }
}

/** Checks out the customer's cart as it is (the total the cart shows): their unpaid order. */
async function checkOutCart(customer: Customer) {
  const total = cartTotals(await cartOf(customer)).totalPrice;
  const answer = await checkout(ctx, customer, checkoutBody([], { total_price: total }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (await orderByTransaction(ctx, transactionIdOf(answer.body.url!)))!;
}

/** An item with a Size group (Small −2.00, Large +3.00) whose default is Small. */
async function pizzaWithSizes(priceCents: number) {
  const item = await insertMenuItem(ctx, { priceCents });
  const [group] = await ctx.db
    .insert(optionGroups)
    .values({ itemId: item.id, name: 'Size', required: true, minChoices: 1, maxChoices: 1, position: 0 })
    .returning();
  const [small, large] = await ctx.db
    .insert(optionChoices)
    .values([
      { groupId: group!.id, name: 'Small', priceDeltaCents: -200, isDefault: true, position: 0 },
      { groupId: group!.id, name: 'Large', priceDeltaCents: 300, position: 1 },
    ])
    .returning();
  return { item, small: small!, large: large! };
}

describe('Order again', () => {
  it('puts the lines, with their choices, into the cart at today’s prices, naming what it skipped', async () => {
    const { item: pizza, large } = await pizzaWithSizes(1_000);
    const drink = await insertMenuItem(ctx, { priceCents: 200, category: 'drink' });
    const gone = await insertMenuItem(ctx, { priceCents: 300, category: 'desert' });
    const customer = await createCustomer(ctx);
    const added = await call(ctx, 'POST', '/add-to-cart', customer.token, {
      itemId: pizza.id,
      quantity: 2,
      choices: [large.id],
      instructions: 'well done',
    });
    expect(added.status).toBe(201);
    await addToCart(ctx, customer, drink, 3);
    await addToCart(ctx, customer, gone, 1);
    const order = await checkOutCart(customer);
    await postIpn(ctx, ctx.sandbox.notificationFields(order.transactionId, 'paid', order.totalCents));
    expect(await cartOf(customer)).toEqual([]);

    // Friday's order, the next day: the pizza costs more, the drink is sold out, the dessert is gone.
    await ctx.db.update(menuItems).set({ priceCents: 1_100 }).where(eq(menuItems.id, pizza.id));
    await setStock(ctx, drink.id, 0);
    await ctx.db.delete(menuItems).where(eq(menuItems.id, gone.id));
    const again = await orderAgain(customer, order.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      added: [{ name: pizza.name, quantity: 2 }],
      skipped: [
        { name: drink.name, reason: AGAIN_SOLD_OUT },
        { name: gone.name, reason: AGAIN_GONE },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    });
    const [line] = await cartOf(customer);
    expect(line).toMatchObject({ itemId: pizza.id, quantity: 2, price: 14, instructions: 'well done' });
    expect(line!.options).toEqual([{ group: 'Size', name: 'Large', priceDelta: 3, extra: false }]);
  });

  it('cuts a line to the stock left after the cart, and skips a line whose choice is gone', async () => {
    const { item: pizza, large } = await pizzaWithSizes(1_000);
    const salad = await insertMenuItem(ctx, { priceCents: 500, category: 'salad', quantity: 10 });
    const customer = await createCustomer(ctx);
    await call(ctx, 'POST', '/add-to-cart', customer.token, {
      itemId: pizza.id,
      quantity: 1,
      choices: [large.id],
    });
    await addToCart(ctx, customer, salad, 4);
    const order = await checkOutCart(customer);
    await emptyCart(customer);
    // Large is sold out today; 3 salads are left, one of them already in the cart again.
    await ctx.db.update(optionChoices).set({ available: false }).where(eq(optionChoices.id, large.id));
    await setStock(ctx, salad.id, 3);
    await addToCart(ctx, customer, salad, 1);
    const again = await orderAgain(customer, order.id);
    expect(again.body.added).toEqual([{ name: salad.name, quantity: 2 }]);
    expect(again.body.skipped).toEqual(
      expect.arrayContaining([
        { name: pizza.name, reason: AGAIN_CHOICES_GONE },
        { name: salad.name, reason: againOnlyLeft(2) },
      ]),
    );
    expect((await cartOf(customer)).find((line) => line.itemId === salad.id)?.quantity).toBe(3);
  });

  it('is the owner’s only: someone else’s order is 404', async () => {
    const { order } = await placeOrder(ctx, [{ item: await insertMenuItem(ctx), quantity: 1 }]);
    const stranger = await createCustomer(ctx);
    expect((await orderAgain(stranger, order.id)).status).toBe(404);
    expect((await payNow(stranger, order.id)).status).toBe(404);
  });
});

describe('Pay now', () => {
  it('opens the same order’s page while its hold lasts: same order, same stock', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { customer, order } = await placeOrder(ctx, [{ item, quantity: 2 }]);
    expect(await stockOf(ctx, item.id)).toBe(3);
    const answer = await payNow(customer, order.id);
    expect(answer.status).toBe(200);
    expect(answer.body.fresh).toBe(false);
    expect(transactionIdOf(answer.body.url)).toBe(order.transactionId);
    expect(await ordersOf(ctx, customer.uid)).toHaveLength(1);
    expect(await stockOf(ctx, item.id)).toBe(3);
  });

  it('checks the same lines out afresh once the hold has lapsed, at today’s prices', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000, quantity: 5 });
    const { customer, order } = await placeOrder(ctx, [{ item, quantity: 2 }]);
    await ageOrder(ctx, order.id, 30);
    await ctx.db.update(menuItems).set({ priceCents: 1_200 }).where(eq(menuItems.id, item.id));
    const answer = await payNow(customer, order.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.fresh).toBe(true);
    const fresh = (await orderByTransaction(ctx, transactionIdOf(answer.body.url)))!;
    expect(fresh.id).not.toBe(order.id);
    // 2 × 12.00 + 5 % shipping.
    expect(fresh.totalCents).toBe(2_520);
    expect(fresh).toMatchObject({
      fullName: order.fullName,
      address: order.address,
      state: 'awaiting_payment',
    });
    // The old order is replaced, its stock back; the new one holds the same two.
    expect((await orderByTransaction(ctx, order.transactionId))!.state).toBe('cancelled');
    expect(await stockOf(ctx, item.id)).toBe(3);
    // Paid, it takes the lines it came from out of the cart, as the old one would have.
    await postIpn(ctx, ctx.sandbox.notificationFields(fresh.transactionId, 'paid', fresh.totalCents));
    expect(await cartOf(customer)).toEqual([]);
  });

  it('checks out afresh after a failed payment, and refuses what can no longer be had', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { customer, order } = await placeOrder(ctx, [{ item, quantity: 2 }]);
    await postIpn(ctx, ctx.sandbox.notificationFields(order.transactionId, 'failed', order.totalCents));
    await setStock(ctx, item.id, 0);
    const refused = await payNow(customer, order.id);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: `${item.name} is ${AGAIN_SOLD_OUT}: use Order again` },
    });
    await setStock(ctx, item.id, 1);
    // One is left of the two: the same lines can not be had, and the stock says so.
    const short = await payNow(customer, order.id);
    expect(short).toMatchObject({ status: 409, body: { message: `Only 1 ${item.name} left in stock` } });
    await setStock(ctx, item.id, 4);
    const paid = await payNow(customer, order.id);
    expect(paid.body.fresh).toBe(true);
  });

  it('has nothing to pay on a paid or cancelled order', async () => {
    const item = await insertMenuItem(ctx);
    const { customer, order } = await placeOrder(ctx, [{ item, quantity: 1 }]);
    await postIpn(ctx, ctx.sandbox.notificationFields(order.transactionId, 'paid', order.totalCents));
    const paid = (await orderByTransaction(ctx, order.transactionId))!;
    expect(await payNow(customer, order.id)).toMatchObject({
      status: 409,
      body: { message: nothingToPay(paid) },
    });
    const other = await placeOrder(ctx, [{ item, quantity: 1 }]);
    await call(
      ctx,
      'DELETE',
      `/order-delete/${other.order.id}?uid=${other.customer.uid}`,
      other.customer.token,
    );
    const [cancelled] = await ctx.db.select().from(orders).where(eq(orders.id, other.order.id));
    expect(await payNow(other.customer, other.order.id)).toMatchObject({
      status: 409,
      body: { message: nothingToPay(cancelled!) },
    });
  });
});
