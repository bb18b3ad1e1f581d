import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Added, CartLine } from '../../contract/cart.ts';
import { type CartRead, cartMachine, type QuantityChange } from '../../machines/cart.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { cartModel, line, margherita, readOf } from './support/models/cart.ts';

describe('cart machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(cartModel);
  });

  it('derives the totals from the lines with 5% shipping per line, to the cent', async () => {
    const cart = createActor(
      cartMachine.provide({
        actors: { fetchCart: fromPromise(async () => readOf([line('a', 12.99, 3), line('b', 0.1, 1)])) },
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
    const fetchCart = vi.fn(async () => readOf([line('a', 10, 2)]));
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
          fetchCart: fromPromise(async () => readOf([])),
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
      cartMachine.provide({ actors: { fetchCart: fromPromise(async () => readOf([line('a', 10, 2)])) } }),
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
        actors: { fetchCart: fromPromise(async () => readOf(lines)), removeLine: fromPromise(removeLine) },
      }),
    ).start();
    cart.send({ type: 'cart.load' });
    await waitFor(cart, (s) => s.matches('ready'));
    cart.send({ type: 'cart.remove', id: 'a' });
    const after = await waitFor(cart, (s) => s.matches('ready') && s.context.lines.length === 1);
    expect(after.context.totals.totalQty).toBe(1);
  });
});

describe('cart machine: quantities in place', () => {
  /** A save the test answers when it likes, and the saves asked for in order. */
  function controlledSaves() {
    const asked: QuantityChange[] = [];
    const answers: Array<{ resolve: (line: CartLine) => void; reject: (error: Error) => void }> = [];
    const saveQuantity = fromPromise<CartLine, QuantityChange>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          asked.push(input);
          answers.push({ resolve, reject });
        }),
    );
    return { asked, answers, saveQuantity };
  }

  async function readyCart(
    lines: CartLine[],
    saveQuantity: ReturnType<typeof controlledSaves>['saveQuantity'],
    options: { fetchCart?: () => Promise<CartRead>; announceFailure?: () => void } = {},
  ) {
    const cart = createActor(
      cartMachine.provide({
        actors: {
          fetchCart: fromPromise(options.fetchCart ?? (async () => readOf(structuredClone(lines)))),
          saveQuantity,
        },
        actions: options.announceFailure ? { announceFailure: options.announceFailure } : {},
      }),
    ).start();
    cart.send({ type: 'cart.load' });
    await waitFor(cart, (s) => s.matches('ready'));
    return cart;
  }

  it('shows a new quantity and its totals at once, and keeps the server’s line once saved', async () => {
    const saves = controlledSaves();
    const cart = await readyCart([line('a', 12.99, 1), line('b', 0.1, 1)], saves.saveQuantity);
    cart.send({ type: 'cart.setQuantity', id: 'a', quantity: 3 });
    expect(cart.getSnapshot().value).toBe('saving');
    expect(cart.getSnapshot().context.lines.map((l) => l.quantity)).toEqual([3, 1]);
    expect(cart.getSnapshot().context.totals).toEqual({
      totalQty: 4,
      totalPriceWithoutShipping: 39.07,
      totalShipping: 1.96,
      totalPrice: 41.03,
    });
    // The server's answer brings the price and stock as they are now.
    saves.answers[0]!.resolve({ ...line('a', 13, 3), stock: 4 });
    const ready = await waitFor(cart, (s) => s.matches('ready'));
    expect(saves.asked).toEqual([{ id: 'a', quantity: 3 }]);
    expect(ready.context.lines[0]).toMatchObject({ price: 13, quantity: 3, stock: 4 });
    expect(ready.context.totals.totalPriceWithoutShipping).toBe(39.1);
  });

  it('saves quick clicks one at a time, each line’s latest quantity, in the order first asked', async () => {
    const saves = controlledSaves();
    const cart = await readyCart([line('a', 10, 1), line('b', 5, 1)], saves.saveQuantity);
    for (const [id, quantity] of [
      ['a', 2],
      ['a', 3],
      ['b', 2],
      ['a', 4],
      ['b', 3],
    ] as const) {
      cart.send({ type: 'cart.setQuantity', id, quantity });
    }
    expect(cart.getSnapshot().context.totals.totalQty).toBe(7);
    // One request in flight: the first; the rest wait with each line's latest quantity.
    expect(saves.asked).toEqual([{ id: 'a', quantity: 2 }]);
    saves.answers[0]!.resolve(line('a', 10, 2));
    await waitFor(cart, () => saves.asked.length === 2);
    // The server's answer for 2 does not undo the 4 shown meanwhile.
    expect(cart.getSnapshot().context.lines.map((l) => l.quantity)).toEqual([4, 3]);
    saves.answers[1]!.resolve(line('a', 10, 4));
    await waitFor(cart, () => saves.asked.length === 3);
    saves.answers[2]!.resolve(line('b', 5, 3));
    const ready = await waitFor(cart, (s) => s.matches('ready'));
    expect(saves.asked).toEqual([
      { id: 'a', quantity: 2 },
      { id: 'a', quantity: 4 },
      { id: 'b', quantity: 3 },
    ]);
    expect(ready.context.lines.map((l) => l.quantity)).toEqual([4, 3]);
    expect(ready.context.totals.totalQty).toBe(7);
  });

  it('ignores a quantity below 1, a fraction, the same quantity, and a line not in the cart', async () => {
    const saves = controlledSaves();
    const cart = await readyCart([line('a', 10, 2)], saves.saveQuantity);
    for (const change of [
      { id: 'a', quantity: 0 },
      { id: 'a', quantity: 1.5 },
      { id: 'a', quantity: 2 },
      { id: 'z', quantity: 3 },
    ]) {
      cart.send({ type: 'cart.setQuantity', ...change });
    }
    expect(cart.getSnapshot().value).toBe('ready');
    expect(saves.asked).toEqual([]);
  });

  it('puts a refused line back at the server’s quantity, says why, and still saves the other lines', async () => {
    const saves = controlledSaves();
    const announceFailure = vi.fn();
    const server = [line('a', 10, 1), line('b', 5, 1)];
    const fetchCart = vi.fn(async () => readOf(structuredClone(server)));
    const cart = await readyCart(server, saves.saveQuantity, { fetchCart, announceFailure });
    cart.send({ type: 'cart.setQuantity', id: 'a', quantity: 2 });
    cart.send({ type: 'cart.setQuantity', id: 'b', quantity: 2 });
    cart.send({ type: 'cart.setQuantity', id: 'a', quantity: 3 });
    saves.answers[0]!.reject(new Error('Only 1 Dish a left in stock'));
    await waitFor(cart, () => saves.asked.length === 2);
    expect(announceFailure).toHaveBeenCalledWith(expect.anything(), {
      message: 'Only 1 Dish a left in stock',
    });
    // The refused line's later quantity is dropped; the other line's is saved.
    expect(saves.asked[1]).toEqual({ id: 'b', quantity: 2 });
    server[1] = line('b', 5, 2);
    saves.answers[1]!.resolve(line('b', 5, 2));
    await waitFor(cart, () => fetchCart.mock.calls.length === 2);
    const ready = await waitFor(cart, (s) => s.matches('ready'));
    expect(saves.asked).toHaveLength(2);
    expect(ready.context.lines.map((l) => l.quantity)).toEqual([1, 2]);
    expect(ready.context.totals.totalQty).toBe(3);
  });

  it('forgets unsaved quantities on sign-out', async () => {
    const saves = controlledSaves();
    const cart = await readyCart([line('a', 10, 1)], saves.saveQuantity);
    cart.send({ type: 'cart.setQuantity', id: 'a', quantity: 2 });
    cart.send({ type: 'cart.setQuantity', id: 'a', quantity: 3 });
    cart.send({ type: 'cart.clear' });
    expect(cart.getSnapshot().context).toMatchObject({ saving: null, unsaved: [], lines: [] });
  });

  it('charges nothing for a line the stock can not fill: sold out, or more than is left', async () => {
    // Two lines of one item share its stock: the first takes 3 of the 4, the second asks for 2.
    const shared = { ...line('c', 2, 2, 4), itemId: 'item-a' };
    const cart = createActor(
      cartMachine.provide({
        actors: {
          fetchCart: fromPromise(async () =>
            readOf([line('a', 10, 3, 4), shared, line('b', 5, 1, 0), line('d', 1, 1, 9)]),
          ),
        },
      }),
    ).start();
    cart.send({ type: 'cart.load' });
    const ready = await waitFor(cart, (s) => s.matches('ready'));
    // Only 3 × 10.00 and 1 × 1.00 are charged: 31.00 + 1.55 shipping.
    expect(ready.context.totals).toEqual({
      totalQty: 4,
      totalPriceWithoutShipping: 31,
      totalShipping: 1.55,
      totalPrice: 32.55,
    });
  });

  it('takes the server’s price of a code off the total, keeps a refusal beside it, and reads again on a quantity', async () => {
    const applied: string[] = [];
    const fetchCart = vi.fn(async () =>
      readOf([line('a', 10, 2)], { code: 'TENOFF', discount: 2, refusal: null }),
    );
    const cart = createActor(
      cartMachine.provide({
        actors: {
          fetchCart: fromPromise(fetchCart),
          applyPromo: fromPromise(async ({ input }) => {
            applied.push(input.code);
            if (input.code === 'NOPE') throw new Error('There is no promo code NOPE');
            return { code: input.code, discount: 0, refusal: 'Spend 5.00 tk more' };
          }),
          removePromo: fromPromise(async () => ({ deletedCount: 1 })),
          saveQuantity: fromPromise(async ({ input }) => line('a', 10, input.quantity)),
        },
      }),
    ).start();
    cart.send({ type: 'cart.load' });
    let ready = await waitFor(cart, (s) => s.matches('ready'));
    // 20.00 − 2.00 + 1.00 shipping on the lines as they are.
    expect(ready.context.totals.totalPrice).toBe(19);

    cart.send({ type: 'cart.applyPromo', code: ' NOPE ' });
    ready = await waitFor(cart, (s) => s.matches('ready') && s.context.promoError !== null);
    expect(ready.context.promoError).toBe('There is no promo code NOPE');
    expect(ready.context.promo.code).toBe('TENOFF');

    cart.send({ type: 'cart.applyPromo', code: 'BIGSPEND' });
    ready = await waitFor(cart, (s) => s.matches('ready') && s.context.promo.code === 'BIGSPEND');
    expect(ready.context).toMatchObject({
      promo: { discount: 0, refusal: 'Spend 5.00 tk more' },
      promoError: null,
    });
    expect(ready.context.totals.totalPrice).toBe(21);
    expect(applied).toEqual(['NOPE', 'BIGSPEND']);

    // A quantity changes what a percent takes off: with a code on it, the cart is read again.
    cart.send({ type: 'cart.setQuantity', id: 'a', quantity: 3 });
    await waitFor(cart, () => fetchCart.mock.calls.length === 2);
    ready = await waitFor(cart, (s) => s.matches('ready'));
    expect(ready.context.promo.code).toBe('TENOFF');

    cart.send({ type: 'cart.removePromo' });
    ready = await waitFor(cart, (s) => s.matches('ready') && s.context.promo.code === null);
    expect(ready.context.totals.totalPrice).toBe(21);
  });
});
