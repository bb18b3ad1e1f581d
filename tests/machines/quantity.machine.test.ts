import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { quantityMachine } from '../../machines/quantity.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { events, quantityModel } from './support/models/quantity.ts';

const start = (stock: number, limit = 10) =>
  createActor(quantityMachine, { input: { stock, limit } }).start();

describe('quantity machine', () => {
  it('walks every state and transition for stocks 0, 1, 2 and 5, and limits below the stock', () => {
    expectFullCoverage(quantityModel);
  });

  it.each([
    [0, 10],
    [1, 10],
    [2, 10],
    [5, 10],
    [5, 3],
    [5, 1],
    [12, 10],
  ])('keeps the quantity between 1 and the smaller of the stock (%i) and the limit (%i) on every path', (stock, limit) => {
    const actor = start(stock, limit);
    for (const event of [
      ...Array(8).fill(events[0]),
      ...Array(12).fill(events[1]),
      ...Array(15).fill(events[0]),
      ...Array(3).fill(events[1]),
    ]) {
      actor.send(event);
      const { quantity } = actor.getSnapshot().context;
      expect(quantity).toBeGreaterThanOrEqual(1);
      expect(quantity).toBeLessThanOrEqual(limit);
      if (stock > 0) expect(quantity).toBeLessThanOrEqual(stock);
    }
  });

  it('starts at 1 and says when the quantity reaches the stock', () => {
    const actor = start(2);
    expect(actor.getSnapshot().value).toBe('atMinimum');
    actor.send({ type: 'quantity.increment' });
    expect(actor.getSnapshot().value).toBe('atStock');
    expect(actor.getSnapshot().context.quantity).toBe(2);
    expect(actor.getSnapshot().can({ type: 'quantity.increment' })).toBe(false);
  });

  it('is sold out with no stock, and at the stock from the start with one unit', () => {
    expect(start(0).getSnapshot().value).toBe('soldOut');
    expect(start(1).getSnapshot().value).toBe('atStock');
  });

  it('stops at the limit when the stock is larger, and says so; one step down leaves it', () => {
    const actor = start(25, 10);
    for (let i = 0; i < 20; i++) actor.send({ type: 'quantity.increment' });
    expect(actor.getSnapshot().value).toBe('atLimit');
    expect(actor.getSnapshot().context.quantity).toBe(10);
    expect(actor.getSnapshot().can({ type: 'quantity.increment' })).toBe(false);
    actor.send({ type: 'quantity.decrement' });
    expect(actor.getSnapshot().value).toBe('between');
    expect(actor.getSnapshot().context.quantity).toBe(9);
  });

  it('says the stock, not the limit, when the stock equals the limit', () => {
    const actor = start(10, 10);
    for (let i = 0; i < 12; i++) actor.send({ type: 'quantity.increment' });
    expect(actor.getSnapshot().value).toBe('atStock');
    expect(actor.getSnapshot().context.quantity).toBe(10);
  });

  it('is at a limit of 1 from the start, and can not go below 1 there', () => {
    const actor = start(5, 1);
    expect(actor.getSnapshot().value).toBe('atLimit');
    expect(actor.getSnapshot().can({ type: 'quantity.decrement' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'quantity.increment' })).toBe(false);
  });

  it.each([
    [3, 5, 10, 3, 'between'],
    [4, 2, 10, 2, 'atStock'],
    [12, 25, 10, 10, 'atLimit'],
    [0, 5, 10, 1, 'atMinimum'],
    [2.7, 5, 10, 2, 'between'],
    [Number.NaN, 5, 10, 1, 'atMinimum'],
  ])('starts from a quantity given (%d), kept within the stock (%i) and the limit (%i)', (quantity, stock, limit, starts, state) => {
    const actor = createActor(quantityMachine, { input: { stock, limit, quantity } }).start();
    expect(actor.getSnapshot().context.quantity).toBe(starts);
    expect(actor.getSnapshot().value).toBe(state);
  });
});
