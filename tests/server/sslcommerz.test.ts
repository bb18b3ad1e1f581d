import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { SslcommerzGateway } from '../../server/api/payments/sslcommerz.ts';
import { databaseFingerprint } from './support/admin.ts';
import {
  addToCart,
  cartLineIds,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  orderByTransaction,
  ordersOf,
  postIpn,
  SHIPPING,
  stockOf,
} from './support/commerce.ts';
import { API_PUBLIC_URL, fixture, SITE_ORIGIN, sharedTestContext } from './support/test-app.ts';

const STORE_ID = 'pizzo0123test';
const STORE_PASSWORD = 'pizzo0123test@ssl';
const GATEWAY_PAGE = 'https://sandbox.sslcommerz.com/EasyCheckOut/testcde0123456789';

/** A local stand-in for SSLCommerz's session, validation and transaction query APIs. */
interface FakeSslcommerz {
  url: string;
  sessions: URLSearchParams[];
  validations: URLSearchParams[];
  /** What the validator answers for a val_id (unknown ids: INVALID_TRANSACTION). */
  validated: Map<string, Record<string, string>>;
  sessionAnswer: Record<string, string> | null;
  validatorDown: boolean;
  queries: URLSearchParams[];
  /** The payment attempts the transaction query knows under a tran_id (none by default). */
  attempts: Map<string, Array<Record<string, string>>>;
  /** The query answers HTTP 503 (true), or this APIConnect instead of DONE. */
  queryDown: boolean | string;
  close: () => Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

async function startFakeSslcommerz(): Promise<FakeSslcommerz> {
  const fake = {
    sessions: [] as URLSearchParams[],
    validations: [] as URLSearchParams[],
    validated: new Map<string, Record<string, string>>(),
    sessionAnswer: null as Record<string, string> | null,
    validatorDown: false,
    queries: [] as URLSearchParams[],
    attempts: new Map<string, Array<Record<string, string>>>(),
    queryDown: false as boolean | string,
  };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && url.pathname === '/gwprocess/v4/api.php') {
      const form = new URLSearchParams(await readBody(request));
      fake.sessions.push(form);
      const ok = form.get('store_id') === STORE_ID && form.get('store_passwd') === STORE_PASSWORD;
      return json(
        200,
        fake.sessionAnswer ??
          (ok
            ? { status: 'SUCCESS', GatewayPageURL: GATEWAY_PAGE, sessionkey: 'abc' }
            : { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' }),
      );
    }
    if (request.method === 'GET' && url.pathname === '/validator/api/validationserverAPI.php') {
      fake.validations.push(url.searchParams);
      if (fake.validatorDown) return json(503, { error: 'down' });
      const answer = fake.validated.get(url.searchParams.get('val_id') ?? '');
      const ok =
        url.searchParams.get('store_id') === STORE_ID &&
        url.searchParams.get('store_passwd') === STORE_PASSWORD;
      return json(200, ok && answer ? answer : { status: 'INVALID_TRANSACTION' });
    }
    if (request.method === 'GET' && url.pathname === '/validator/api/merchantTransIDvalidationAPI.php') {
      fake.queries.push(url.searchParams);
      if (fake.queryDown === true) return json(503, { error: 'down' });
      if (fake.queryDown) return json(200, { APIConnect: fake.queryDown });
      const ok =
        url.searchParams.get('store_id') === STORE_ID &&
        url.searchParams.get('store_passwd') === STORE_PASSWORD;
      if (!ok) return json(200, { APIConnect: 'FAILED' });
      const element = fake.attempts.get(url.searchParams.get('tran_id') ?? '') ?? [];
      return json(200, { APIConnect: 'DONE', no_of_trans_found: element.length, element });
    }
    json(404, { error: 'no such endpoint' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const fake = fixture(startFakeSslcommerz, (started) => started.close());
const ctx = sharedTestContext({
  gateway: () =>
    new SslcommerzGateway({
      storeId: STORE_ID,
      storePassword: STORE_PASSWORD,
      baseUrl: fake.url,
      apiPublicUrl: API_PUBLIC_URL,
      timeoutMs: 2_000,
    }),
});
beforeEach(() => {
  fake.sessionAnswer = null;
  fake.validatorDown = false;
  fake.queryDown = false;
});

/** A customer who checked out 2 × 100.00 (total 210.00) through SSLCommerz. */
async function placeOrder() {
  const item = await insertMenuItem(ctx, { priceCents: 10_000, quantity: 5 });
  const customer = await createCustomer(ctx);
  await addToCart(ctx, customer, item, 2);
  const response = await checkout(ctx, customer, checkoutBody([{ item, quantity: 2 }]));
  expect(response.status).toBe(200);
  const [order] = await ordersOf(ctx, customer.uid);
  return { item, customer, order: order!, url: response.body.url!, session: fake.sessions.at(-1)! };
}

/** Makes the fake validator vouch for a payment of this order. */
function validPayment(transactionId: string, overrides: Record<string, string> = {}): string {
  const valId = `val${Math.random().toString(36).slice(2)}`;
  fake.validated.set(valId, {
    status: 'VALID',
    tran_id: transactionId,
    val_id: valId,
    amount: '210.00',
    store_amount: '204.75',
    currency: 'BDT',
    currency_type: 'BDT',
    currency_amount: '210.00',
    ...overrides,
  });
  return valId;
}

/** One payment attempt as the transaction query lists it. */
const attempt = (transactionId: string, status: string, valId = ''): Record<string, string> => ({
  status,
  tran_id: transactionId,
  val_id: valId,
  amount: '210.00',
  currency: 'BDT',
  tran_date: '2026-11-23 20:05:09',
});

const ipnFields = (transactionId: string, valId: string, status = 'VALID') => ({
  status,
  tran_id: transactionId,
  val_id: valId,
  amount: '210.00',
  currency: 'BDT',
});

describe('SSLCommerz checkout', () => {
  it('opens a session with the order’s details and answers GatewayPageURL', async () => {
    const { url, session, order, item } = await placeOrder();
    expect(url).toBe(GATEWAY_PAGE);
    expect(Object.fromEntries(session)).toEqual({
      store_id: STORE_ID,
      store_passwd: STORE_PASSWORD,
      total_amount: '210.00',
      currency: 'BDT',
      tran_id: order.transactionId,
      success_url: `${API_PUBLIC_URL}/payment/success`,
      fail_url: `${API_PUBLIC_URL}/payment/fail`,
      cancel_url: `${API_PUBLIC_URL}/payment/cancel`,
      ipn_url: `${API_PUBLIC_URL}/payment/ipn`,
      cus_name: SHIPPING.fullName,
      cus_email: SHIPPING.email,
      cus_phone: SHIPPING.phone,
      cus_add1: SHIPPING.address,
      cus_city: SHIPPING.city,
      cus_postcode: SHIPPING.postcode,
      cus_country: 'Bangladesh',
      shipping_method: 'NO',
      num_of_item: '1',
      product_name: `${item.name} x2`,
      product_category: 'pizza',
      product_profile: 'general',
    });
    expect(order).toMatchObject({ totalCents: 21_000, paymentStatus: false });
  });

  it('answers 502 and undoes the order when SSLCommerz refuses the session', async () => {
    fake.sessionAnswer = { status: 'FAILED', failedreason: 'Invalid store' };
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const customer = await createCustomer(ctx);
    await addToCart(ctx, customer, item, 1);
    const response = await checkout(ctx, customer, checkoutBody([{ item, quantity: 1 }]));
    expect(response.status).toBe(502);
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
    expect(await stockOf(ctx, item.id)).toBe(5);
    expect(await cartLineIds(ctx, customer.uid)).toHaveLength(1);
  });
});

describe('SSLCommerz notifications', () => {
  it('marks the order paid when the validator says VALID for this transaction and amount', async () => {
    const { order, customer, item } = await placeOrder();
    const valId = validPayment(order.transactionId);
    const response = await postIpn(ctx, ipnFields(order.transactionId, valId));
    expect(response.status).toBe(200);
    expect(fake.validations.at(-1)?.get('val_id')).toBe(valId);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({
      paymentStatus: true,
      gatewayValId: valId,
    });
    expect(await stockOf(ctx, item.id)).toBe(3);
    expect(await cartLineIds(ctx, customer.uid)).toEqual([]);
    // Replayed: nothing changes.
    expect((await postIpn(ctx, ipnFields(order.transactionId, valId))).status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(3);
  });

  it('accepts VALIDATED (a val_id already checked once) as well', async () => {
    const { order } = await placeOrder();
    const valId = validPayment(order.transactionId, { status: 'VALIDATED' });
    expect((await postIpn(ctx, ipnFields(order.transactionId, valId))).status).toBe(200);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({ paymentStatus: true });
  });

  it.each([
    ['a val_id the validator does not know', () => 'val-unknown'],
    [
      'a validator status of INVALID_TRANSACTION',
      (t: string) => validPayment(t, { status: 'INVALID_TRANSACTION' }),
    ],
    [
      'a validated amount that is not the order’s',
      (t: string) => validPayment(t, { amount: '1.00', currency_amount: '1.00' }),
    ],
    [
      'a validated currency that is not BDT',
      (t: string) => validPayment(t, { currency: 'USD', currency_type: 'USD' }),
    ],
    ['a val_id of another transaction', () => validPayment('PZ0000000000000000000000AA')],
  ])('marks nothing paid for %s: 400', async (_, valIdFor) => {
    const { order, item, customer } = await placeOrder();
    const response = await postIpn(ctx, ipnFields(order.transactionId, valIdFor(order.transactionId)));
    expect(response.status).toBe(400);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({
      paymentStatus: false,
      stockReleased: false,
    });
    expect(await stockOf(ctx, item.id)).toBe(3);
    expect(await cartLineIds(ctx, customer.uid)).toHaveLength(1);
  });

  it('refuses an IPN that claims VALID without a val_id: 400', async () => {
    const { order } = await placeOrder();
    const response = await postIpn(ctx, { status: 'VALID', tran_id: order.transactionId, amount: '210.00' });
    expect(response.status).toBe(400);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({ paymentStatus: false });
  });

  it('answers 502 (so SSLCommerz retries) when the validator can not be reached, and changes nothing', async () => {
    const { order } = await placeOrder();
    const valId = validPayment(order.transactionId);
    fake.validatorDown = true;
    const response = await postIpn(ctx, ipnFields(order.transactionId, valId));
    expect(response.status).toBe(502);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({ paymentStatus: false });
  });

  it.each([
    'FAILED',
    'CANCELLED',
  ])('releases the stock of a known transaction on %s once the transaction query agrees', async (status) => {
    const { order, item } = await placeOrder();
    fake.attempts.set(order.transactionId, [attempt(order.transactionId, status)]);
    const response = await postIpn(ctx, { status, tran_id: order.transactionId, amount: '210.00' });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(fake.queries.at(-1)!)).toEqual({
      tran_id: order.transactionId,
      store_id: STORE_ID,
      store_passwd: STORE_PASSWORD,
      format: 'json',
    });
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({
      paymentStatus: false,
      stockReleased: true,
    });
    expect(await stockOf(ctx, item.id)).toBe(5);
  });

  it('releases the stock when every attempt ended unpaid (one failed, one cancelled, one expired)', async () => {
    const { order, item } = await placeOrder();
    const tranId = order.transactionId;
    fake.attempts.set(tranId, [
      attempt(tranId, 'FAILED'),
      attempt(tranId, 'CANCELLED'),
      attempt(tranId, 'EXPIRED'),
    ]);
    expect((await postIpn(ctx, { status: 'FAILED', tran_id: tranId })).status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(5);
  });

  it.each([
    ['the gateway knows no attempt yet', () => []],
    ['the attempt is still pending', (t: string) => [attempt(t, 'PENDING')]],
    [
      'one attempt failed and another is still pending',
      (t: string) => [attempt(t, 'FAILED'), attempt(t, 'PENDING')],
    ],
    ['the customer has not attempted yet', (t: string) => [attempt(t, 'UNATTEMPTED')]],
    ['the failed attempt is another transaction’s', () => [attempt('PZ0000000000000000000000CC', 'FAILED')]],
  ])('keeps the stock held against a forged FAILED notification when %s: 400', async (_, attemptsOf) => {
    const { order, item, customer } = await placeOrder();
    fake.attempts.set(order.transactionId, attemptsOf(order.transactionId));
    const before = await databaseFingerprint(ctx);
    const response = await postIpn(ctx, { status: 'FAILED', tran_id: order.transactionId, amount: '210.00' });
    expect(response.status).toBe(400);
    expect(await databaseFingerprint(ctx)).toEqual(before);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({
      paymentStatus: false,
      stockReleased: false,
    });
    expect(await stockOf(ctx, item.id)).toBe(3);
    expect(await cartLineIds(ctx, customer.uid)).toHaveLength(1);
  });

  it('settles the order instead when a forged CANCELLED names a transaction the gateway shows paid', async () => {
    const { order, item, customer } = await placeOrder();
    const valId = validPayment(order.transactionId);
    fake.attempts.set(order.transactionId, [
      attempt(order.transactionId, 'FAILED'),
      attempt(order.transactionId, 'VALID', valId),
    ]);
    const response = await postIpn(ctx, { status: 'CANCELLED', tran_id: order.transactionId });
    expect(response.status).toBe(200);
    // Checked with the order validation API like any payment.
    expect(fake.validations.at(-1)?.get('val_id')).toBe(valId);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({
      paymentStatus: true,
      stockReleased: false,
      gatewayValId: valId,
    });
    expect(await stockOf(ctx, item.id)).toBe(3);
    expect(await cartLineIds(ctx, customer.uid)).toEqual([]);
  });

  it('releases nothing when the query shows a payment the validator does not vouch for: 400', async () => {
    const { order, item } = await placeOrder();
    fake.attempts.set(order.transactionId, [attempt(order.transactionId, 'VALID', 'val-unknown')]);
    expect((await postIpn(ctx, { status: 'FAILED', tran_id: order.transactionId })).status).toBe(400);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({
      paymentStatus: false,
      stockReleased: false,
    });
    expect(await stockOf(ctx, item.id)).toBe(3);
  });

  it.each([
    ['answers HTTP 503', true],
    ['answers APIConnect INACTIVE', 'INACTIVE'],
    ['answers APIConnect INVALID_REQUEST', 'INVALID_REQUEST'],
  ] as const)('answers 502 (so SSLCommerz retries) and changes nothing when the transaction query %s', async (_, down) => {
    const { order, item } = await placeOrder();
    fake.attempts.set(order.transactionId, [attempt(order.transactionId, 'FAILED')]);
    fake.queryDown = down;
    const before = await databaseFingerprint(ctx);
    const response = await postIpn(ctx, { status: 'FAILED', tran_id: order.transactionId });
    expect(response.status).toBe(502);
    expect(await databaseFingerprint(ctx)).toEqual(before);
    expect(await stockOf(ctx, item.id)).toBe(3);
    // The gateway's retry, once the query answers, is applied.
    fake.queryDown = false;
    expect((await postIpn(ctx, { status: 'FAILED', tran_id: order.transactionId })).status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(5);
  });

  it('refuses a FAILED notification for an unknown transaction: 400', async () => {
    const tranId = 'PZ0000000000000000000000BB';
    fake.attempts.set(tranId, [attempt(tranId, 'FAILED')]);
    const response = await postIpn(ctx, { status: 'FAILED', tran_id: tranId });
    expect(response.status).toBe(400);
  });
});

describe('SSLCommerz browser returns', () => {
  it('validates the success form’s val_id (as the IPN would) before redirecting', async () => {
    const { order } = await placeOrder();
    const valId = validPayment(order.transactionId);
    const response = await ctx.request('/payment/success', {
      method: 'POST',
      body: new URLSearchParams(ipnFields(order.transactionId, valId)),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`${SITE_ORIGIN}/payment-success/${order.transactionId}`);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({ paymentStatus: true });
  });

  it('redirects but marks nothing paid when the success form’s val_id is not valid', async () => {
    const { order } = await placeOrder();
    const response = await ctx.request('/payment/success', {
      method: 'POST',
      body: new URLSearchParams(ipnFields(order.transactionId, 'val-forged')),
    });
    expect(response.status).toBe(303);
    expect(await orderByTransaction(ctx, order.transactionId)).toMatchObject({ paymentStatus: false });
  });

  it('releases the stock on the fail return and sends the customer back to the cart', async () => {
    const { order, item } = await placeOrder();
    fake.attempts.set(order.transactionId, [attempt(order.transactionId, 'FAILED')]);
    const response = await ctx.request('/payment/fail', {
      method: 'POST',
      body: new URLSearchParams({ status: 'FAILED', tran_id: order.transactionId }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`${SITE_ORIGIN}/user-dashboard/my-cart?payment=failed`);
    expect(await stockOf(ctx, item.id)).toBe(5);
  });
});
