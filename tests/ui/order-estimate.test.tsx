import { describe, expect, it } from 'vitest';
import { estimateWords } from '../../src/components/order-estimate.tsx';
import { anOrder } from './support/orders.ts';

const NOW = Date.parse('2026-11-30T12:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('the estimate in words', () => {
  it('counts down to the time the order is due, in the words of its step', () => {
    const order = anOrder('a', 'preparing', { due_at: inMinutes(18) });
    expect(estimateWords(order, 'preparing', NOW)).toBe('Your pizza is in the oven — about 20 min');
    expect(estimateWords(order, 'accepted', NOW)).toBe('The kitchen has your order — about 20 min');
    expect(estimateWords({ ...order, due_at: inMinutes(37) }, 'paid', NOW)).toBe(
      'The kitchen has your order — about 40–50 min',
    );
    expect(estimateWords(order, 'out_for_delivery', NOW)).toBe('Your pizza is on its way — about 20 min');
    expect(estimateWords({ ...order, due_at: inMinutes(-4) }, 'preparing', NOW)).toBe(
      'Your pizza is in the oven — any minute now',
    );
  });

  it('says when a scheduled order is booked for, and that a pickup is ready at the counter', () => {
    const later = anOrder('b', 'paid', { due_at: inMinutes(240), scheduled: true, order_type: 'pickup' });
    expect(estimateWords(later, 'paid', NOW)).toMatch(
      /^Your order is booked for today at \d{1,2}:\d{2} (AM|PM)$/,
    );
    expect(estimateWords(later, 'ready_for_pickup', NOW)).toBe('Your pizza is ready at the counter');
  });

  it('says nothing before payment, after the end, or for an order from before estimates', () => {
    const order = anOrder('c', 'paid', { due_at: inMinutes(30) });
    for (const state of ['awaiting_payment', 'delivered', 'collected', 'refund_due'] as const)
      expect(estimateWords(order, state, NOW)).toBeNull();
    expect(estimateWords(anOrder('d', 'preparing'), 'preparing', NOW)).toBeNull();
  });
});

describe('the estimate of an order moved ahead of its times', () => {
  // Booked for 6:45, six and a half hours on: started 25 minutes before it is ready, a 20 minutes' ride.
  const booked = anOrder('e', 'accepted', {
    scheduled: true,
    start_at: inMinutes(365),
    ready_at: inMinutes(390),
    due_at: inMinutes(410),
  });

  it('never counts to the booked time once the order is on its way (the issue’s “385–395 min”)', () => {
    // Read before it was sent out, heard live going out two minutes ago: due after the ride from then.
    expect(estimateWords(booked, 'out_for_delivery', NOW, NOW - 2 * 60_000)).toBe(
      'Your pizza is on its way — about 20 min',
    );
    expect(estimateWords(booked, 'out_for_delivery', NOW)).not.toMatch(/385|395|4\d\d/);
    // Read again after the server committed it to the ride: the same.
    const recommitted = {
      ...booked,
      start_at: inMinutes(-2),
      ready_at: inMinutes(-2),
      due_at: inMinutes(18),
    };
    expect(estimateWords(recommitted, 'out_for_delivery', NOW)).toBe(
      'Your pizza is on its way — about 20 min',
    );
  });

  it('counts a preparation started early from its start, and keeps a booked order booked', () => {
    expect(estimateWords(booked, 'preparing', NOW, NOW)).toBe('Your pizza is in the oven — about 45–55 min');
    expect(estimateWords(booked, 'paid', NOW)).toMatch(/^Your order is booked for /);
    expect(estimateWords(booked, 'accepted', NOW)).toMatch(/^Your order is booked for /);
  });
});
