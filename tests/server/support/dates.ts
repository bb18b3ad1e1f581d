import { firstOpenDay } from '../../../contract/opening-hours.ts';

/** The UTC calendar date `days` from now, as YYYY-MM-DD. */
export const inDays = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The first day the restaurant opens, `days` or more from now: a date a booking may name. */
export const openDayIn = (days: number): string => firstOpenDay(inDays(days));

/**
 * The n-th of many bookings' day and time, spread so that the seed's room takes every one: a new grid
 * time each, 06:00 to 21:15, then the next open day (at most six stays of 90 minutes overlap).
 */
export function bookingSlot(n: number): { date: string; time: string } {
  const perDay = 62;
  const minutes = 6 * 60 + (n % perDay) * 15;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { date: openDayIn(3 + Math.floor(n / perDay) * 2), time };
}
