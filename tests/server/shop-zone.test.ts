import { describe, expect, it } from 'vitest';
import { shopClock } from '../../server/api/services/shop-clock.ts';
import { zoneAtMidMorning } from '../e2e/support/shop-zone.ts';

describe("the browser suite's shop zone", () => {
  const day = Date.UTC(2026, 10, 27);
  for (let hour = 0; hour < 24; hour++) {
    it(`reads ten in the morning from ${hour}:00 to ${hour}:59 UTC, on UTC's day or the next`, () => {
      for (const minute of [0, 59]) {
        const at = day + (hour * 60 + minute) * 60_000;
        const clock = shopClock(zoneAtMidMorning(new Date(at)), () => at);
        expect(Math.floor(clock.minuteOfDay() / 60)).toBe(10);
        expect(['2026-11-27', '2026-11-28']).toContain(clock.today());
      }
    });
  }
});
