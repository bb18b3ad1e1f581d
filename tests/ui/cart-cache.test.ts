import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCart, setCartLineQuantity } from '../../src/api/cart.ts';
import { cartLine } from './support/fixtures.ts';

describe('the cached cart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is read again from the server after a change the server refused', async () => {
    const before = cartLine(1, 2, 5);
    const after = { ...before, stock: 1, quantity: 1 };
    const answers = [
      Response.json([before]),
      Response.json({ message: 'Only 1 left in stock' }, { status: 409 }),
      Response.json([after]),
    ];
    const fetch = vi.fn(async (_request: Request) => answers.shift()!);
    vi.stubGlobal('fetch', fetch);

    expect(await fetchCart('carla')).toEqual([before]);
    await expect(setCartLineQuantity('line-1', 3)).rejects.toThrow();
    // The refusal says the server's cart differs: the next read goes to it, not to the cache.
    expect(await fetchCart('carla')).toEqual([after]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
