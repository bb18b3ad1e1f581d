import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { quantityMachine } from '../../machines/quantity.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { events, quantityModel } from './support/models/quantity.ts';

describe('quantity machine', () => {
  it('walks every state and transition for stocks 0, 1, 2 and 5', () => {
    expectFullCoverage(quantityModel);
  });

  it.each([0, 1, 2, 5])('keeps the quantity between 1 and the stock (%i) on every path', (stock) => {
    const actor = createActor(quantityMachine, { input: { stock } }).start();
    for (const event of [
      ...Array(8).fill(events[0]),
      ...Array(12).fill(events[1]),
      ...Array(3).fill(events[0]),
    ]) {
      actor.send(event);
      const { quantity } = actor.getSnapshot().context;
      expect(quantity).toBeGreaterThanOrEqual(1);
      if (stock > 0) expect(quantity).toBeLessThanOrEqual(stock);
    }
  });

  it('starts at 1 and says when the quantity reaches the stock', () => {
    const actor = createActor(quantityMachine, { input: { stock: 2 } }).start();
    expect(actor.getSnapshot().value).toBe('atMinimum');
    actor.send({ type: 'quantity.increment' });
    expect(actor.getSnapshot().value).toBe('atStock');
    expect(actor.getSnapshot().context.quantity).toBe(2);
    expect(actor.getSnapshot().can({ type: 'quantity.increment' })).toBe(false);
  });

  it('is sold out with no stock, and at the stock from the start with one unit', () => {
    expect(
      createActor(quantityMachine, { input: { stock: 0 } })
        .start()
        .getSnapshot().value,
    ).toBe('soldOut');
    expect(
      createActor(quantityMachine, { input: { stock: 1 } })
        .start()
        .getSnapshot().value,
    ).toBe('atStock');
  });
});
