import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SslcommerzGateway } from '../../server/api/payments/sslcommerz.ts';
import { GATEWAY_UNREACHABLE } from '../../server/api/services/checkout.ts';
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
  stockOf,
} from './support/commerce.ts';
import { freePort } from './support/free-port.ts';
import { API_PUBLIC_URL, fixture, sharedTestContext, type TestContext } from './support/test-app.ts';

const GATEWAY_PAGE = 'https://sandbox.sslcommerz.com/EasyCheckOut/testcde0123456789';
/** How long checkout waits for the gateway here (the app's default is 10 s). */
const PAYMENT_TIMEOUT_MS = 300;

/** What the stand-in for SSLCommerz's session and transaction query APIs does with the next call. */
type Behaviour = 'answer' | 'hang' | 'stall' | 'reset';

const TRANSACTION_QUERY = '/validator/api/merchantTransIDvalidationAPI.php';

/** A real HTTP server in SSLCommerz's place, whose behaviour the test chooses. */
async function startFlakyGateway() {
  const gateway = { behaviour: 'answer' as Behaviour, calls: 0 };
  const server: Server = createServer((request, response) => {
    gateway.calls += 1;
    const url = new URL(request.url ?? '/', 'http://flaky');
    switch (gateway.behaviour) {
      case 'hang':
        return; // accepts the call and never answers
      case 'stall':
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.write('{"status":'); // the headers and a little of the body, then nothing
        return;
      case 'reset':
        request.socket.destroy();
        return;
      case 'answer': {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        // The query says every transaction asked about failed.
        const tranId = url.searchParams.get('tran_id');
        const failed = {
          APIConnect: 'DONE',
          no_of_trans_found: 1,
          element: [{ status: 'FAILED', tran_id: tranId }],
        };
        const answer =
          url.pathname === TRANSACTION_QUERY ? failed : { status: 'SUCCESS', GatewayPageURL: GATEWAY_PAGE };
        response.end(JSON.stringify(answer));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(gateway, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/**
 * The real SSLCommerz adapter, its own timeout left at its default unless given: checkout's bound is
 * what acts there; a notification has no other bound.
 */
const sslcommerzAt = (baseUrl: string, timeoutMs?: number) =>
  new SslcommerzGateway({
    storeId: 'pizzo0123test',
    storePassword: 'pizzo0123test@ssl',
    baseUrl,
    apiPublicUrl: API_PUBLIC_URL,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

const flaky = fixture(startFlakyGateway, (gateway) => gateway.close());
const ctx = sharedTestContext({
  gateway: () => sslcommerzAt(flaky.url),
  paymentTimeoutMs: PAYMENT_TIMEOUT_MS,
});
/** Its adapter gives up on SSLCommerz after PAYMENT_TIMEOUT_MS. */
const impatient = sharedTestContext({ gateway: () => sslcommerzAt(flaky.url, PAYMENT_TIMEOUT_MS) });
const nobodyHome = sharedTestContext(async () => {
  const port = await freePort();
  return { gateway: () => sslcommerzAt(`http://127.0.0.1:${port}`), paymentTimeoutMs: PAYMENT_TIMEOUT_MS };
});

/** A customer with 2 × 100.00 (stock 5) in the cart, ready to check out: 210.00 with shipping. */
async function readyToPay(context: TestContext) {
  const item = await insertMenuItem(context, { priceCents: 10_000, quantity: 5 });
  const customer = await createCustomer(context);
  await addToCart(context, customer, item, 2);
  return { item, customer, cart: await cartLineIds(context, customer.uid), lines: [{ item, quantity: 2 }] };
}

describe('the payment gateway unreachable or slow', () => {
  it.each([
    ['never answers', 'hang'],
    ['sends its headers and then stalls', 'stall'],
    ['drops the connection', 'reset'],
  ] as const)('answers 502 when SSLCommerz %s, leaves the cart as it was, and a retry succeeds once it answers', async (_, behaviour) => {
    const { item, customer, cart, lines } = await readyToPay(ctx);
    flaky.behaviour = behaviour;
    const calls = flaky.calls;

    const response = await checkout(ctx, customer, checkoutBody(lines));
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ message: GATEWAY_UNREACHABLE });
    // The adapter really asked the gateway (over HTTP), and checkout undid the order it had made.
    expect(flaky.calls).toBe(calls + 1);
    expect(await ordersOf(ctx, customer.uid)).toEqual([]);
    expect(await stockOf(ctx, item.id)).toBe(5);
    expect(await cartLineIds(ctx, customer.uid)).toEqual(cart);

    // "Please try again": the same cart checks out once the gateway answers.
    flaky.behaviour = 'answer';
    const retry = await checkout(ctx, customer, checkoutBody(lines));
    expect(retry).toMatchObject({ status: 200, body: { url: GATEWAY_PAGE } });
    const orders = await ordersOf(ctx, customer.uid);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ paymentStatus: false, stockReleased: false, totalCents: 21_000 });
    expect(await stockOf(ctx, item.id)).toBe(3);
  });

  it('answers 502 when nothing listens on its port: no order, stock and cart as they were', async () => {
    const { item, customer, cart, lines } = await readyToPay(nobodyHome);
    const response = await checkout(nobodyHome, customer, checkoutBody(lines));
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ message: GATEWAY_UNREACHABLE });
    expect(await ordersOf(nobodyHome, customer.uid)).toEqual([]);
    expect(await stockOf(nobodyHome, item.id)).toBe(5);
    expect(await cartLineIds(nobodyHome, customer.uid)).toEqual(cart);
  });
});

describe('the transaction query unreachable or slow', () => {
  it.each([
    ['never answers', 'hang'],
    ['sends its headers and then stalls', 'stall'],
    ['drops the connection', 'reset'],
  ] as const)('answers 502 to a FAILED notification when SSLCommerz %s, releases nothing, and the retry is applied', async (_, behaviour) => {
    flaky.behaviour = 'answer';
    const { item, customer, lines } = await readyToPay(impatient);
    expect((await checkout(impatient, customer, checkoutBody(lines))).status).toBe(200);
    const [order] = await ordersOf(impatient, customer.uid);
    const failure = { status: 'FAILED', tran_id: order!.transactionId };

    flaky.behaviour = behaviour;
    const calls = flaky.calls;
    const response = await postIpn(impatient, failure);
    expect(response.status).toBe(502);
    expect(flaky.calls).toBe(calls + 1);
    expect(await orderByTransaction(impatient, order!.transactionId)).toMatchObject({ stockReleased: false });
    expect(await stockOf(impatient, item.id)).toBe(3);

    // SSLCommerz notifies again later; by then the query answers that the payment failed.
    flaky.behaviour = 'answer';
    expect((await postIpn(impatient, failure)).status).toBe(200);
    expect(await stockOf(impatient, item.id)).toBe(5);
  });
});
