import { describe, expect, it } from 'vitest';
import { shopClock } from '../../server/api/services/shop-clock.ts';
import { zoneAtMidMorning } from '../e2e/support/shop-zone.ts';

describe("the browser suite's shop zone", () => {
  const day = Date.UTC(2026, 10, 27);
  for (let minute = 0; minute < 24 * 60; minute += 20) {
    const at = day + minute * 60_000;
    it(`reads ten in the morning at ${new Date(at).toISOString().slice(11, 16)} UTC, on UTC's day or the next`, () => {
      const clock = shopClock(zoneAtMidMorning(new Date(at)), () => at);
      expect(Math.floor(clock.minuteOfDay() / 60)).toBe(10);
      expect(['2026-11-27', '2026-11-28']).toContain(clock.today());
    });
  }
});
