import { describe, expect, it } from 'vitest';
import {
  formatAdminPrice,
  formatAmount,
  formatCartPrice,
  formatMenuPrice,
  toCents,
  toTaka,
} from '../../contract/money.ts';

describe('the spec’s price forms, from cents', () => {
  it('writes $ on the menu, tk in the cart, Tk in admin and the bare figure in the navbar', () => {
    expect(formatMenuPrice(1_250)).toBe('$12.50');
    expect(formatCartPrice(1_250)).toBe('12.50 tk');
    expect(formatAdminPrice(1_250)).toBe('Tk 12.50');
    expect(formatAmount(1_250)).toBe('12.50');
  });

  it('shows two decimals for whole, small and large amounts', () => {
    expect(formatMenuPrice(700)).toBe('$7.00');
    expect(formatCartPrice(0)).toBe('0.00 tk');
    expect(formatCartPrice(5)).toBe('0.05 tk');
    expect(formatAdminPrice(123_405)).toBe('Tk 1234.05');
    expect(formatAmount(987_654_321)).toBe('9876543.21');
    expect(formatAmount(-1_205)).toBe('-12.05');
  });

  it('turns cents into the API’s taka and back without drift', () => {
    expect(toTaka(1_250)).toBe(12.5);
    expect(toCents(12.5)).toBe(1_250);
    // 0.29 × 100 is 28.999999999999996 as a float: truncating would lose the cent.
    expect(toCents(0.29)).toBe(29);
    expect(toCents(0.1 + 0.2)).toBe(30);
    for (let cents = 0; cents < 100_000; cents += 1) {
      if (toCents(toTaka(cents)) !== cents) expect(toCents(toTaka(cents))).toBe(cents);
    }
  });
});
