import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cartMachine } from '../../machines/cart.machine.ts';
import type { Added, CartLine } from '../../server/contract/cart.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { cartModel, line, margherita } from './support/models/cart.ts';

describe('cart machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(cartModel);
  });

  it('derives the totals from the lines with 5% shipping per line, to the paisa', async () => {
    const cart = createActor(
      cartMachine.provide({
        actors: { fetchCart: fromPromise(async () => [line('a', 12.99, 3), line('b', 0.1, 1)]) },
      }),
    ).start();
    cart.send({ type: 'cart.load' });
    const ready = await waitFor(cart, (s) => s.matches('ready'));
    // 38.97 → shipping 1.9485 → 1.95 (half up); 0.10 → 0.005 → 0.01.
    expect(ready.context.totals).toEqual({
      totalQty: 4,
      totalPriceWithoutShipping: 39.07,
      totalShipping: 1.96,
      totalPrice: 41.03,
    });
  });

  it('announces an addition and reads the cart again; a duplicate is announced as such', async () => {
    const announceAdded = vi.fn();
    const announceDuplicate = vi.fn();
    const fetchCart = vi.fn(async () => [line('a', 10, 2)]);
    let answer: Added = { insertedId: 'a', message: '' };
    const cart = createActor(
      cartMachine.provide({
        actors: { fetchCart: fromPromise(fetchCart), addLine: fromPromise(async () => answer) },
        actions: { announceAdded, announceDuplicate },
      }),
    ).start();
    cart.send({ type: 'cart.load' });
    await waitFor(cart, (s) => s.matches('ready'));
    cart.send({ type: 'cart.add', ...margherita });
    await waitFor(cart, (s) => s.matches('ready'));
    expect(announceAdded).toHaveBeenCalledWith(expect.anything(), { name: 'Margherita' });
    expect(fetchCart).toHaveBeenCalledTimes(2);

    answer = { insertedId: null, message: '' };
    cart.send({ type: 'cart.add', ...margherita });
    await waitFor(cart, (s) => s.matches('ready'));
    expect(announceDuplicate).toHaveBeenCalledWith(expect.anything(), { name: 'Margherita' });
  });

  it('shows a refused addition as an error, not as a duplicate', async () => {
    const announceFailure = vi.fn();
    const announceDuplicate = vi.fn();
    const cart = createActor(
      cartMachine.provide({
        actors: {
          fetchCart: fromPromise(async (): Promise<CartLine[]> => []),
          addLine: fromPromise(() => Promise.reject(new Error('Only 1 Margherita left in stock'))),
        },
        actions: { announceFailure, announceDuplicate },
      }),
    ).start();
    cart.send({ type: 'cart.load' });
    await waitFor(cart, (s) => s.matches('ready'));
    cart.send({ type: 'cart.add', ...margherita });
    await waitFor(cart, (s) => s.matches('ready'));
    expect(announceFailure).toHaveBeenCalledWith(expect.anything(), {
      message: 'Only 1 Margherita left in stock',
    });
    expect(announceDuplicate).not.toHaveBeenCalled();
  });

  it('forgets the previous account’s cart on sign-out', async () => {
    const cart = createActor(
      cartMachine.provide({ actors: { fetchCart: fromPromise(async () => [line('a', 10, 2)]) } }),
    ).start();
    cart.send({ type: 'cart.load' });
    await waitFor(cart, (s) => s.matches('ready'));
    cart.send({ type: 'cart.clear' });
    expect(cart.getSnapshot().value).toBe('signedOut');
    expect(cart.getSnapshot().context.lines).toEqual([]);
    expect(cart.getSnapshot().context.totals.totalPrice).toBe(0);
  });

  it('reads the cart again after removing a line', async () => {
    let lines = [line('a', 10, 2), line('b', 5, 1)];
    const removeLine = vi.fn(
      async ({ input }: { input: { id: string } }): Promise<{ deletedCount: number }> => {
        lines = lines.filter((l) => l._id !== input.id);
        return { deletedCount: 1 };
      },
    );
    const cart = createActor(
      cartMachine.provide({
        actors: { fetchCart: fromPromise(async () => lines), removeLine: fromPromise(removeLine) },
      }),
    ).start();
    cart.send({ type: 'cart.load' });
    await waitFor(cart, (s) => s.matches('ready'));
    cart.send({ type: 'cart.remove', id: 'a' });
    const after = await waitFor(cart, (s) => s.matches('ready') && s.context.lines.length === 1);
    expect(after.context.totals.totalQty).toBe(1);
  });
});
