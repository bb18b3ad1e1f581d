import { addDays, minuteOfClock, weekdayOf } from '../../../contract/opening-hours.ts';
import { DEFAULT_SHOP_TIME_ZONE, shopClock } from '../../../server/api/services/shop-clock.ts';

/** The shop's wall clock where the test app runs it (SHOP_TIME_ZONE's default). */
const shop = shopClock(DEFAULT_SHOP_TIME_ZONE);

/** The first date after today (the shop's calendar) that falls on `weekday` (0 Sunday … 6 Saturday). */
export function nextWeekday(weekday: number): string {
  let date = addDays(shop.today(), 1);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

/** The instant `time` ('HH:MM') of `date` stands for on the shop's wall clock, in epoch ms. */
export const shopTime = (date: string, time: string): number =>
  shop.instant(date, minuteOfClock(time)).getTime();

/** A clock a test sets: the app reads it (TestContextOptions.now), the test moves it. */
export function settableClock(start = Date.now()) {
  let at = start;
  return {
    now: () => at,
    set: (ms: number) => {
      at = ms;
    },
  };
}
