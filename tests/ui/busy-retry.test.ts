// A call the API refuses for overload (503 with Retry-After: it did nothing with it) is sent once more
// after the wait, and a second refusal reaches the visitor as the server's message
// (server/api/middleware/admission.ts, src/api/http.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { BUSY_MESSAGE, MAX_RETRY_AFTER_MS } from '../../contract/admission.ts';
import { NO_CART_PROMO } from '../../contract/promotions.ts';

const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock('../../src/ui/toast.ts', () => ({
  notify: {
    success: (message: string) => toasts.success.push(message),
    error: (message: string) => toasts.error.push(message),
  },
}));

const { liveCartMachine } = await import('../../src/actors/cart.ts');
const { addToCart, fetchCart } = await import('../../src/api/cart.ts');

const busy = (retryAfter: string | null) => () =>
  Response.json(
    { message: BUSY_MESSAGE },
    { status: 503, headers: retryAfter === null ? {} : { 'Retry-After': retryAfter } },
  );
const ADDED = { insertedId: 'line-1', message: 'added' };
const added = () => Response.json(ADDED, { status: 201 });

/**
 * The API as a list of answers, in order; every call it was sent, with when. A read of the cart reads
 * the code on it too: that read is answered (no code) and left out, as these calls are about the others.
 */
function api(...answers: Array<() => Response>) {
  const calls: Array<{ method: string; path: string; at: number; body: string }> = [];
  const fetch = vi.fn(async (request: Request) => {
    if (new URL(request.url).pathname === '/api/cart-promo') return Response.json(NO_CART_PROMO);
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      at: performance.now(),
      body: await request.clone().text(),
    });
    const next = answers.shift();
    if (!next) throw new Error(`no answer left for ${request.method} ${request.url}`);
    return next();
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

describe('a call refused for overload', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    toasts.success.length = 0;
    toasts.error.length = 0;
  });

  it('is sent once more after Retry-After, a write too, with the same body', async () => {
    const calls = api(busy('1'), added);
    const started = performance.now();
    const addition = { itemId: 'item-1', quantity: 2, addKey: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' };
    await expect(addToCart('carla', addition)).resolves.toEqual(ADDED);
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/add-to-cart',
      'POST /api/add-to-cart',
    ]);
    expect(calls[1]!.at - started).toBeGreaterThanOrEqual(1_000);
    // Its key with it: had the first reached the server after all, the second would add nothing.
    expect(JSON.parse(calls[1]!.body)).toEqual({ uid: 'carla', ...addition });
  });

  it('waits at most MAX_RETRY_AFTER_MS, whatever the server asks', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const calls = api(busy('120'), added);
    const adding = addToCart('carla', { itemId: 'item-1', quantity: 1 });
    await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS);
    expect(calls).toHaveLength(2);
    await expect(adding).resolves.toEqual(ADDED);
  });

  it('is sent once more for a read as well, not the three times another failed read is', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const calls = api(busy('1'), busy('1'), busy('1'), busy('1'));
    const reading = expect(fetchCart('erin')).rejects.toThrow(BUSY_MESSAGE);
    await vi.advanceTimersByTimeAsync(30_000);
    await reading;
    expect(calls.map(({ method }) => method)).toEqual(['GET', 'GET']);
  });

  it('is not sent again without Retry-After: that 503 may have come half-way', async () => {
    const calls = api(busy(null));
    await expect(addToCart('carla', { itemId: 'item-1', quantity: 1 })).rejects.toThrow(BUSY_MESSAGE);
    expect(calls).toHaveLength(1);
  });

  it('shows the server’s message when refused again: the cart says it in a toast', async () => {
    // The cart is read again after a refused addition: what it holds may have moved meanwhile.
    const calls = api(
      () => Response.json([]),
      busy('1'),
      busy('1'),
      () => Response.json([]),
    );
    const cart = createActor(liveCartMachine(() => 'carla')).start();
    cart.send({ type: 'cart.load' });
    await vi.waitFor(() => expect(cart.getSnapshot().matches('loading')).toBe(false));
    cart.send({ type: 'cart.add', itemId: 'item-1', quantity: 1, name: 'Margherita' });
    await vi.waitFor(() => expect(toasts.error).toEqual([BUSY_MESSAGE]), { timeout: 3_000 });
    await vi.waitFor(() => expect(cart.getSnapshot().matches('loading')).toBe(false));
    expect(calls.map(({ method }) => method)).toEqual(['GET', 'POST', 'POST', 'GET']);
    expect(toasts.success).toEqual([]);
    cart.stop();
  });

  it('adds the line when the second try is taken: the visitor sees only the success', async () => {
    // Another customer: the cart read above is cached for five minutes.
    api(
      () => Response.json([]),
      busy('1'),
      added,
      () => Response.json([]),
    );
    const cart = createActor(liveCartMachine(() => 'dana')).start();
    cart.send({ type: 'cart.load' });
    await vi.waitFor(() => expect(cart.getSnapshot().matches('loading')).toBe(false));
    cart.send({ type: 'cart.add', itemId: 'item-1', quantity: 1, name: 'Margherita' });
    await vi.waitFor(
      () => expect(toasts.success).toEqual(['"Margherita" item has been added to your cart']),
      {
        timeout: 3_000,
      },
    );
    expect(toasts.error).toEqual([]);
    cart.stop();
  });
});
