import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiTokens } from '../../server/api/tokens.ts';
import { cartLines, menuItems, orders, users } from '../../server/db/schema.ts';
import { type ApiProcess, sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import { checkoutBody, type MenuItemRow } from './support/commerce.ts';
import { TEST_API_TOKEN_SECRET } from './support/test-app.ts';

const scratch = sharedScratchDatabase();
let api: ApiProcess | undefined;
afterEach(() => stopApi(api, 'SIGKILL'));

/**
 * A customer with 2 × 100.00 of a new item (stock 20) in the cart, and an API token. A verified account
 * of last week's: the hold budgets of a new account (docs/decisions/025) are not what this tests.
 */
async function customerWithACart() {
  const uid = `uid-shutdown-${Math.random().toString(36).slice(2)}`;
  const lastWeek = new Date(Date.now() - 7 * 86_400_000);
  await scratch.db.insert(users).values({
    uid,
    email: `${uid}@pizzon.test`,
    emailVerified: true,
    displayName: 'Nadia',
    createdAt: lastWeek,
  });
  const [item] = await scratch.db
    .insert(menuItems)
    .values({
      name: `Shutdown special ${uid}`,
      priceCents: 10_000,
      quantity: 20,
      image: '/images/menu/margherita.jpg',
      category: 'pizza',
      description: 'Baked while the kitchen closes.',
    })
    .returning();
  await scratch.db.insert(cartLines).values({ userUid: uid, itemId: item!.id, quantity: 2 });
  const { token } = await createApiTokens(TEST_API_TOKEN_SECRET).issue(uid);
  return { uid, token, item: item as MenuItemRow };
}

interface HeldCheckout {
  /** Sends the rest of the body. */
  finish: () => void;
  response: Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>;
  request: ClientRequest;
}

/**
 * POST /create-payment-intent from a client with a slow upload: the request is in the server's hands
 * (it answered `100 Continue`) while its body has not been sent yet.
 */
async function checkoutWithHeldBody(
  api: ApiProcess,
  customer: Awaited<ReturnType<typeof customerWithACart>>,
): Promise<HeldCheckout> {
  const body = JSON.stringify(checkoutBody([{ item: customer.item, quantity: 2 }]));
  const held = request(`${api.url}/create-payment-intent?uid=${customer.uid}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${customer.token}`,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Expect: '100-continue',
    },
  });
  const response = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>(
    (resolve, reject) => {
      held.on('error', reject);
      held.on('response', (answer) => {
        let text = '';
        answer.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }),
        );
      });
    },
  );
  response.catch(() => {}); // a test that expects it to fail awaits it itself
  await new Promise<void>((resolve) => held.once('continue', resolve));
  return { finish: () => held.end(body), response, request: held };
}

/** Resolves with the error code of a new TCP connection to the port ('connected' if it was taken). */
const newConnection = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

describe('graceful shutdown', () => {
  it('on SIGTERM refuses new connections, answers the request in flight, then exits 0', async () => {
    const customer = await customerWithACart();
    api = await startApiProcess(scratch.url);
    expect(await newConnection(api.port)).toBe('connected');
    const checkout = await checkoutWithHeldBody(api, customer);

    api.child.kill('SIGTERM');
    await api.logged('SIGTERM: no new connections; finishing 1 in-flight request(s)');
    expect(await newConnection(api.port)).toBe('ECONNREFUSED');
    expect(api.child.exitCode).toBeNull();

    // The upload completes after the signal: the checkout is carried out and answered in full.
    checkout.finish();
    const answer = await checkout.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      url: expect.stringMatching(/^http:\/\/api\.pizzon\.test\/sandbox-pay\/PZ[0-9A-F]{24}\?sig=/),
    });
    // …and tells the client not to reuse the connection.
    expect(answer.headers.connection).toBe('close');
    expect(await api.exited).toBe(0);

    const [order] = await scratch.db.select().from(orders).where(eq(orders.userUid, customer.uid));
    expect(order).toMatchObject({ totalCents: 21_000, paymentStatus: false, stockReleased: false });
    const [item] = await scratch.db.select().from(menuItems).where(eq(menuItems.id, customer.item.id));
    expect(item?.quantity).toBe(18);
  });

  it('cuts off a request still unfinished after the grace period and exits 1', async () => {
    const customer = await customerWithACart();
    api = await startApiProcess(scratch.url);
    const checkout = await checkoutWithHeldBody(api, customer);

    api.child.kill('SIGTERM');
    await api.logged('SIGTERM: no new connections; finishing 1 in-flight request(s)');
    // The body never comes: the server gives up on it rather than hang on to the end of time.
    await api.logged('shutdown unfinished after 8000 ms, 1 request(s) still running');
    expect(await api.exited).toBe(1);
    await expect(checkout.response).rejects.toThrow();
    expect(await scratch.db.select().from(orders).where(eq(orders.userUid, customer.uid))).toEqual([]);
  }, 30_000);
});
