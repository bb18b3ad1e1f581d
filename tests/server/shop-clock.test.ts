// The shop's clock (server/api/services/shop-clock.ts): a wall-clock minute to its instant, in the
// shop's zone, through a change of offset, and asked for again at no cost.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopClock } from '../../server/api/services/shop-clock.ts';

afterEach(() => vi.restoreAllMocks());

describe('the shop clock', () => {
  it('gives a wall-clock minute its instant in the shop’s zone, daylight saving included', () => {
    expect(
      shopClock('Asia/Dhaka')
        .instant('2026-11-30', 19 * 60 + 30)
        .toISOString(),
    ).toBe('2026-11-30T13:30:00.000Z');
    const berlin = shopClock('Europe/Berlin');
    expect(berlin.instant('2026-03-28', 12 * 60).toISOString()).toBe('2026-03-28T11:00:00.000Z');
    expect(berlin.instant('2026-03-29', 12 * 60).toISOString()).toBe('2026-03-29T10:00:00.000Z');
  });

  it('works out an instant once: a week of slots asked for again reads no clock', () => {
    const clock = shopClock('Asia/Dhaka');
    const week = Array.from(
      { length: 7 * 64 },
      (_, n) => [`2026-12-0${1 + (n % 7)}`, 360 + 15 * (n % 64)] as const,
    );
    const first = week.map(([date, minute]) => clock.instant(date, minute).getTime());
    const formatted = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const again = week.map(([date, minute]) => clock.instant(date, minute).getTime());
    expect(again).toEqual(first);
    expect(formatted).not.toHaveBeenCalled();
  });
});
