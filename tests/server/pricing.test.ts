import { asc, eq, inArray, like } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CartLineListSchema, cartTotals } from '../../contract/cart.ts';
import { formatAdminPrice } from '../../contract/money.ts';
import { OrderSchema } from '../../contract/order.ts';
import { priceOrder } from '../../contract/pricing.ts';
import type { PaymentGateway, PaymentPageRequest } from '../../server/api/payments/gateway.ts';
import { PRICES_CHANGED } from '../../server/api/services/checkout.ts';
import { mailOutbox, orderLines, orders } from '../../server/db/schema.ts';
import { seedMenu } from '../../server/db/seed/menu.ts';
import { seedVolume } from '../../server/db/seed/volume.ts';
import {
  addToCart,
  call,
  checkout,
  createCustomer,
  insertMenuItem,
  ORDER_TIME,
  orderByTransaction,
  ordersOf,
  postIpn,
  SHIPPING,
  transactionIdOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

/** What checkout asked the gateway for, each time. */
const asked: PaymentPageRequest[] = [];
const ctx = sharedTestContext({
  gateway: (sandbox): PaymentGateway => ({
    name: sandbox.name,
    createPaymentPage: (order) => {
      asked.push(order);
      return sandbox.createPaymentPage(order);
    },
    verifyNotification: (fields) => sandbox.verifyNotification(fields),
  }),
});

describe('one price for the cart, the order, the gateway and the mail', () => {
  it('charges at checkout exactly the totals the cart shows', async () => {
    // Lines whose shipping rounds differently line by line than over the order (contract/pricing.ts).
    const pizza = await insertMenuItem(ctx, { priceCents: 1_299 });
    const drink = await insertMenuItem(ctx, { priceCents: 10, category: 'drink' });
    const salad = await insertMenuItem(ctx, { priceCents: 333, category: 'salad' });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, pizza, 3);
    await addToCart(ctx, customer, drink, 1);
    await addToCart(ctx, customer, salad, 3);

    const cart = v.parse(
      CartLineListSchema,
      (await call(ctx, 'GET', `/add-to-cart?uid=${customer.uid}`, customer.token)).body,
    );
    expect(cart.map((line) => line.price)).toEqual([12.99, 0.1, 3.33]);
    const totals = cartTotals(cart);
    expect(totals).toEqual({
      totalQty: 7,
      totalPriceWithoutShipping: 49.06,
      totalShipping: 2.46,
      totalPrice: 51.52,
    });

    const answer = await checkout(ctx, customer, {
      ...SHIPPING,
      carts: cart,
      total_price: totals.totalPrice,
      order_time: ORDER_TIME,
    });
    expect(answer.status).toBe(200);
    const transactionId = transactionIdOf(answer.body.url!);
    const order = await orderByTransaction(ctx, transactionId);
    expect(order?.totalCents).toBe(5_152);
    const page = asked.at(-1);
    expect(page).toMatchObject({ transactionId, amountCents: 5_152 });
    expect(page?.lines).toHaveLength(3);
    expect(page?.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: pizza.name, quantity: 3, priceCents: 1_299 }),
        expect.objectContaining({ name: drink.name, quantity: 1, priceCents: 10 }),
        expect.objectContaining({ name: salad.name, quantity: 3, priceCents: 333 }),
      ]),
    );

    const mine = await call<unknown[]>(ctx, 'GET', `/my-orders?uid=${customer.uid}`, customer.token);
    expect(v.parse(v.array(OrderSchema), mine.body).map((o) => o.total_price)).toEqual([totals.totalPrice]);

    expect((await postIpn(ctx, ctx.sandbox.notificationFields(transactionId, 'paid', 5_152))).status).toBe(
      200,
    );
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order!.id));
    expect(mail?.body).toContain(`We received your payment of ${formatAdminPrice(5_152)} for order`);
  });

  it('refuses a total the cart does not make, whatever prices the client sends', async () => {
    const pizza = await insertMenuItem(ctx, { priceCents: 1_299 });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, pizza, 2);
    const cheap = [{ _id: pizza.id, itemId: pizza.id, name: pizza.name, price: 0.01, quantity: 2 }];
    const answer = await checkout(ctx, customer, {
      ...SHIPPING,
      carts: cheap,
      total_price: cartTotals(cheap).totalPrice,
      order_time: ORDER_TIME,
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: PRICES_CHANGED });
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
  });
});

describe('the seeded year of orders', () => {
  it('totals every order by the same rule as checkout', async () => {
    await seedMenu(ctx.db);
    await seedVolume(ctx.db, { customers: 40, orders: 600, reservations: 0 });
    const seeded = await ctx.db
      .select({ id: orders.id, totalCents: orders.totalCents })
      .from(orders)
      .where(like(orders.userUid, 'volume-%'));
    expect(seeded).toHaveLength(600);
    const lines = await ctx.db
      .select({
        orderId: orderLines.orderId,
        priceCents: orderLines.priceCents,
        quantity: orderLines.quantity,
      })
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          seeded.map((order) => order.id),
        ),
      )
      .orderBy(asc(orderLines.orderId));
    const wrong = seeded.filter((order) => {
      const its = lines.filter((line) => line.orderId === order.id);
      return its.length !== 2 || priceOrder(its).totalCents !== order.totalCents;
    });
    expect(wrong).toEqual([]);
  });
});
