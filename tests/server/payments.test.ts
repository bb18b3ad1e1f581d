import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PaymentStatusSchema } from '../../contract/order.ts';
import type { PaymentGateway } from '../../server/api/payments/gateway.ts';
import { notifyApp, SandboxGateway } from '../../server/api/payments/sandbox.ts';
import { releaseExpiredReservations } from '../../server/api/services/expiry.ts';
import { users } from '../../server/db/schema.ts';
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
  type MenuItemRow,
  orderByTransaction,
  ordersOf,
  postIpn,
  pressSandboxButton,
  setStock,
  stockOf,
  transactionIdOf,
} from './support/commerce.ts';
import { API_PUBLIC_URL, createTestContext, SITE_ORIGIN, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

interface Placed {
  customer: Customer;
  item: MenuItemRow;
  url: string;
  transactionId: string;
  amountCents: number;
  cart: string[];
}

/** A customer who ordered `quantity` of a new item (price 100.00, stock `stock`) and got the sandbox page. */
async function placeOrder(stock = 5, quantity = 2): Promise<Placed> {
  const item = await insertMenuItem(ctx, { priceCents: 10_000, quantity: stock });
  const customer = await createCustomer(ctx);
  await addToCart(ctx, customer, item, quantity);
  const cart = await cartLineIds(ctx, customer.uid);
  const response = await checkout(ctx, customer, checkoutBody([{ item, quantity }]));
  expect(response.status).toBe(200);
  const url = response.body.url!;
  return { customer, item, url, transactionId: transactionIdOf(url), amountCents: 10_500 * quantity, cart };
}

const ipn = (p: Placed, outcome: 'paid' | 'failed' | 'cancelled', amountCents = p.amountCents) =>
  postIpn(ctx, ctx.sandbox.notificationFields(p.transactionId, outcome, amountCents));

const statusOf = async (p: Placed) => {
  const response = await call(
    ctx,
    'GET',
    `/payment-status/${p.transactionId}?uid=${p.customer.uid}`,
    p.customer.token,
  );
  expect(response.status).toBe(200);
  return v.parse(PaymentStatusSchema, response.body);
};

describe('the sandbox payment flow', () => {
  it('takes a customer from checkout to a paid order', async () => {
    const placed = await placeOrder(5, 2);
    const { customer, item, transactionId } = placed;

    const page = await ctx.request(placed.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>Pizzon sandbox payment</title>');
    expect(html).toContain('Sandbox payment');
    expect(html).toContain('Pizzon');
    expect(html).toContain(transactionId);
    expect(html).toContain('210.00 tk');
    for (const button of ['Pay', 'Fail', 'Cancel']) expect(html).toContain(`>${button}</button>`);
    expect(html).not.toMatch(/<(script|link)\b|src=/);

    // A line added after checkout is not part of the order and must stay in the cart.
    const later = await insertMenuItem(ctx);
    const laterLine = await addToCart(ctx, customer, later, 1);
    expect(await statusOf(placed)).toEqual({
      transaction_id: transactionId,
      payment_status: false,
      closed: false,
    });

    const paid = await pressSandboxButton(ctx, placed.url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('Location')).toBe(`${API_PUBLIC_URL}/payment/success?tran_id=${transactionId}`);
    const back = await ctx.request(paid.headers.get('Location')!);
    expect(back.status).toBe(303);
    expect(back.headers.get('Location')).toBe(`${SITE_ORIGIN}/payment-success/${transactionId}`);

    expect(await orderByTransaction(ctx, transactionId)).toMatchObject({
      paymentStatus: true,
      stockReleased: false,
      refundDue: false,
      paidAt: expect.any(Date),
    });
    expect(await stockOf(ctx, item.id)).toBe(3);
    expect(await cartLineIds(ctx, customer.uid)).toEqual([laterLine]);
    // The spec's three fields, and where the receipt went (the account's own e-mail).
    const [account] = await ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.uid, customer.uid));
    expect(await statusOf(placed)).toEqual({
      transaction_id: transactionId,
      payment_status: true,
      closed: false,
      receipt: account!.email,
      order_number: (await orderByTransaction(ctx, transactionId))!.orderNumber,
    });
    const orders = await call<Array<{ payment_status: boolean }>>(ctx, 'GET', '/my-orders', customer.token);
    expect(orders.body.map((order) => order.payment_status)).toEqual([true]);

    // The page of a paid order says so instead of offering the buttons again.
    const again = await (await ctx.request(placed.url)).text();
    expect(again).toContain('already been paid');
    expect(again).not.toContain('<button');
    const pressAgain = await pressSandboxButton(ctx, placed.url, 'fail');
    expect(pressAgain.status).toBe(409);
    expect(await orderByTransaction(ctx, transactionId)).toMatchObject({ paymentStatus: true });
    expect(await stockOf(ctx, item.id)).toBe(3);
  });

  it.each([
    ['fail', 'failed'],
    ['cancel', 'cancelled'],
  ] as const)('keeps the order unpaid and gives the stock back once when the customer presses %s', async (button, word) => {
    const placed = await placeOrder(5, 2);
    const { customer, item, transactionId } = placed;
    const response = await pressSandboxButton(ctx, placed.url, button);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(
      `${API_PUBLIC_URL}/payment/${button}?tran_id=${transactionId}`,
    );
    const back = await ctx.request(response.headers.get('Location')!, { method: 'POST' });
    expect(back.headers.get('Location')).toBe(`${SITE_ORIGIN}/user-dashboard/my-cart?payment=${word}`);

    expect(await orderByTransaction(ctx, transactionId)).toMatchObject({
      paymentStatus: false,
      stockReleased: true,
    });
    expect(await stockOf(ctx, item.id)).toBe(5);
    expect(await cartLineIds(ctx, customer.uid)).toEqual(placed.cart);
    expect(await statusOf(placed)).toEqual({
      transaction_id: transactionId,
      payment_status: false,
      closed: true,
    });
    const page = await (await ctx.request(placed.url)).text();
    expect(page).toContain('This payment is closed');
    expect(page).not.toContain('<button');

    // Replayed, the notification gives nothing back a second time.
    expect((await ipn(placed, 'failed')).status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(5);
    // Failed or cancelled at the gateway, the payment did not happen: payment_failed. The customer's
    // Delete cancels it like any unpaid order, giving nothing back a second time; once is all.
    const order = (await orderByTransaction(ctx, transactionId))!;
    expect(order.state).toBe('payment_failed');
    expect((await call(ctx, 'DELETE', `/order-delete/${order.id}`, customer.token)).status).toBe(200);
    expect((await orderByTransaction(ctx, transactionId))!.state).toBe('cancelled');
    expect(await stockOf(ctx, item.id)).toBe(5);
    expect((await call(ctx, 'DELETE', `/order-delete/${order.id}`, customer.token)).status).toBe(409);
  });

  it('does not mark anything paid on the browser’s success return', async () => {
    const placed = await placeOrder();
    for (const init of [
      {},
      { method: 'POST', body: new URLSearchParams({ tran_id: placed.transactionId }) },
    ]) {
      const response = await ctx.request(`/payment/success?tran_id=${placed.transactionId}`, init);
      expect(response.status).toBe(303);
      expect(response.headers.get('Location')).toBe(`${SITE_ORIGIN}/payment-success/${placed.transactionId}`);
    }
    const form = await ctx.request('/payment/success', {
      method: 'POST',
      body: new URLSearchParams({ tran_id: placed.transactionId, status: 'VALID', amount: '210.00' }),
    });
    expect(form.status).toBe(303);
    expect(await orderByTransaction(ctx, placed.transactionId)).toMatchObject({ paymentStatus: false });
    expect(await cartLineIds(ctx, placed.customer.uid)).toEqual(placed.cart);
  });

  it('shows no page for a link whose signature is wrong, and refuses its buttons', async () => {
    const placed = await placeOrder();
    const forged = placed.url.replace(/sig=.*/, 'sig=forged');
    const page = await ctx.request(forged);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(placed.transactionId);
    expect((await pressSandboxButton(ctx, forged, 'pay')).status).toBe(404);
    // A link signed for another amount is refused too.
    const otherAmount = ctx.sandbox.pageUrl(placed.transactionId, 1);
    expect((await ctx.request(otherAmount)).status).toBe(404);
    expect((await pressSandboxButton(ctx, otherAmount, 'pay')).status).toBe(404);
    expect((await pressSandboxButton(ctx, placed.url, 'refund' as 'pay')).status).toBe(404);
    expect(await orderByTransaction(ctx, placed.transactionId)).toMatchObject({ paymentStatus: false });
  });
});

describe('POST /payment/ipn', () => {
  it('marks the order paid for a signed notification, and a replay changes nothing', async () => {
    const placed = await placeOrder(5, 1);
    const first = await ipn(placed, 'paid');
    expect(first.status).toBe(200);
    const paid = (await orderByTransaction(ctx, placed.transactionId))!;
    expect(paid.paymentStatus).toBe(true);
    // The customer puts the same item in the cart again; a replay must not remove it.
    const again = await addToCart(ctx, placed.customer, placed.item, 1);
    const replay = await ipn(placed, 'paid');
    expect(replay.status).toBe(200);
    expect(await orderByTransaction(ctx, placed.transactionId)).toEqual(paid);
    expect(await cartLineIds(ctx, placed.customer.uid)).toEqual([again]);
    expect(await stockOf(ctx, placed.item.id)).toBe(4);
    // A failure reported after the payment changes nothing either.
    expect((await ipn(placed, 'failed')).status).toBe(200);
    expect(await orderByTransaction(ctx, placed.transactionId)).toEqual(paid);
    expect(await stockOf(ctx, placed.item.id)).toBe(4);
  });

  it('accepts the notification as JSON too', async () => {
    const placed = await placeOrder(5, 1);
    const response = await ctx.request('/payment/ipn', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ctx.sandbox.notificationFields(placed.transactionId, 'paid', placed.amountCents)),
    });
    expect(response.status).toBe(200);
    expect(await orderByTransaction(ctx, placed.transactionId)).toMatchObject({ paymentStatus: true });
  });

  const forgeries: Array<[string, (p: Placed) => Record<string, string>]> = [
    [
      'a bad signature',
      (p) => ({
        ...ctx.sandbox.notificationFields(p.transactionId, 'paid', p.amountCents),
        signature: 'forged',
      }),
    ],
    ['no signature', (p) => ({ tran_id: p.transactionId, status: 'VALID', amount: '210.00' })],
    [
      'a signature from another secret',
      (p) =>
        new SandboxGateway({
          secret: 'x'.repeat(40),
          apiPublicUrl: API_PUBLIC_URL,
          notify: notifyApp(ctx.request),
        }).notificationFields(p.transactionId, 'paid', p.amountCents),
    ],
    [
      'a signed failure turned into a success',
      (p) => ({
        ...ctx.sandbox.notificationFields(p.transactionId, 'failed', p.amountCents),
        status: 'VALID',
      }),
    ],
    ['the wrong amount', (p) => ctx.sandbox.notificationFields(p.transactionId, 'paid', p.amountCents - 1)],
    [
      'an unknown transaction',
      (p) => ctx.sandbox.notificationFields(`${p.transactionId}X`, 'paid', p.amountCents),
    ],
    ['nothing at all', () => ({})],
  ];

  it.each(forgeries)('refuses %s: 400, nothing paid or released', async (_, fieldsFor) => {
    const placed = await placeOrder(5, 2);
    const before = await orderByTransaction(ctx, placed.transactionId);
    const response = await postIpn(ctx, fieldsFor(placed));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Notification could not be verified' });
    expect(await orderByTransaction(ctx, placed.transactionId)).toEqual(before);
    expect(await stockOf(ctx, placed.item.id)).toBe(3);
    expect(await cartLineIds(ctx, placed.customer.uid)).toEqual(placed.cart);
  });
});

describe('a payment after the reservation lapsed', () => {
  it('reserves the stock again and marks the order paid when there is enough', async () => {
    const placed = await placeOrder(5, 2);
    const order = (await orderByTransaction(ctx, placed.transactionId))!;
    await ageOrder(ctx, order.id, 31);
    await releaseExpiredReservations(ctx.db);
    expect(await stockOf(ctx, placed.item.id)).toBe(5);

    expect((await ipn(placed, 'paid')).status).toBe(200);
    expect(await orderByTransaction(ctx, placed.transactionId)).toMatchObject({
      paymentStatus: true,
      stockReleased: false,
      refundDue: false,
    });
    expect(await stockOf(ctx, placed.item.id)).toBe(3);
    expect(await cartLineIds(ctx, placed.customer.uid)).toEqual([]);
    expect(await statusOf(placed)).toMatchObject({ payment_status: true, closed: false });
  });

  it('records a refund due when the stock is gone, and keeps the order', async () => {
    const placed = await placeOrder(5, 2);
    const order = (await orderByTransaction(ctx, placed.transactionId))!;
    await ageOrder(ctx, order.id, 31);
    await releaseExpiredReservations(ctx.db);
    await setStock(ctx, placed.item.id, 1);

    expect((await ipn(placed, 'paid')).status).toBe(200);
    // The money came (payment_status), and is owed back.
    expect(await orderByTransaction(ctx, placed.transactionId)).toMatchObject({
      state: 'refund_due',
      paymentStatus: true,
      stockReleased: true,
      refundDue: true,
      paidAt: expect.any(Date),
    });
    expect(await stockOf(ctx, placed.item.id)).toBe(1);
    expect(await cartLineIds(ctx, placed.customer.uid)).toEqual(placed.cart);
    expect(await statusOf(placed)).toMatchObject({ payment_status: true, closed: true });
    const orders = await call<Array<{ refund_due: boolean }>>(
      ctx,
      'GET',
      '/my-orders',
      placed.customer.token,
    );
    expect(orders.body.map((o) => o.refund_due)).toEqual([true]);
    // The restaurant's record of money it owes can not be deleted by the customer.
    const deleted = await call(ctx, 'DELETE', `/order-delete/${order.id}`, placed.customer.token);
    expect(deleted.status).toBe(409);
    // Replays change nothing.
    expect((await ipn(placed, 'paid')).status).toBe(200);
    expect(await stockOf(ctx, placed.item.id)).toBe(1);
  });
});

describe('GET /payment-status/:tranId', () => {
  it('answers only for the caller’s own order: 404 for another’s or an unknown one', async () => {
    const placed = await placeOrder();
    const stranger = await createCustomer(ctx);
    const theirs = await call(ctx, 'GET', `/payment-status/${placed.transactionId}`, stranger.token);
    expect(theirs.status).toBe(404);
    const unknown = await call(
      ctx,
      'GET',
      '/payment-status/PZ000000000000000000000000',
      placed.customer.token,
    );
    expect(unknown.status).toBe(404);
    expect((await call(ctx, 'GET', `/payment-status/${placed.transactionId}`)).status).toBe(401);
    expect(await statusOf(placed)).toEqual({
      transaction_id: placed.transactionId,
      payment_status: false,
      closed: false,
    });
  });
});

describe('when the gateway can not be reached', () => {
  const unreachable: PaymentGateway = {
    name: 'unreachable',
    createPaymentPage: () => Promise.reject(new Error('ECONNREFUSED')),
    verifyNotification: async () => null,
  };
  const hanging: PaymentGateway = {
    name: 'hanging',
    createPaymentPage: () => new Promise(() => {}),
    verifyNotification: async () => null,
  };

  it.each([
    ['fails', unreachable],
    ['does not answer in time', hanging],
  ])('answers 502 when it %s: no order, stock and cart intact', async (_, gateway) => {
    const down = await createTestContext({ gateway: () => gateway, paymentTimeoutMs: 200 });
    try {
      const item = await insertMenuItem(down, { quantity: 4 });
      const customer = await createCustomer(down);
      await addToCart(down, customer, item, 2);
      const cart = await cartLineIds(down, customer.uid);
      const response = await checkout(down, customer, checkoutBody([{ item, quantity: 2 }]));
      expect(response.status).toBe(502);
      expect(response.body).toEqual({
        message: 'The payment service could not be reached. Your cart is unchanged; please try again.',
      });
      expect(await ordersOf(down, customer.uid)).toEqual([]);
      expect(await stockOf(down, item.id)).toBe(4);
      expect(await cartLineIds(down, customer.uid)).toEqual(cart);
    } finally {
      await down.close();
    }
  });
});
