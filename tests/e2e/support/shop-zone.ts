/**
 * The whole-hour time zone (Etc/GMT±N) whose wall clock reads ten in the morning at `now`, on UTC's
 * calendar day or the next. The browser suite's shop stands there (playwright.config.ts), so that the
 * seed's hours, an order as soon as possible and the kitchen's day hold whatever hour the suite starts
 * at: in a shop's last hour before midnight, as soon as possible rightly falls to the next day.
 */
export function zoneAtMidMorning(now: Date): string {
  const hour = now.getUTCHours();
  // Zones run from UTC−12 to UTC+14: late in UTC's day, ten o'clock is tomorrow's.
  const offset = hour <= 22 ? 10 - hour : 34 - hour;
  if (offset === 0) return 'UTC';
  // The Etc zones' sign is POSIX's: Etc/GMT-6 is six hours ahead of UTC.
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
