import { describe, expect, it } from 'vitest';
import { adminPrice, barePrice, cartPrice, menuPrice } from '../../contract/price.ts';

describe('the spec’s price forms', () => {
  it('writes $ on the menu, tk in the cart, Tk in admin and the bare figure in the navbar', () => {
    expect(menuPrice(12.5)).toBe('$12.50');
    expect(cartPrice(12.5)).toBe('12.50 tk');
    expect(adminPrice(12.5)).toBe('Tk 12.50');
    expect(barePrice(12.5)).toBe('12.50');
  });

  it('shows two decimals for whole and for cent amounts', () => {
    expect(menuPrice(7)).toBe('$7.00');
    expect(cartPrice(0)).toBe('0.00 tk');
    expect(adminPrice(1234.05)).toBe('Tk 1234.05');
  });
});
