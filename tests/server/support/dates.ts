import { firstOpenDay } from '../../../contract/opening-hours.ts';

/** The UTC calendar date `days` from now, as YYYY-MM-DD. */
export const inDays = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The first day the restaurant opens, `days` or more from now: a date a booking may name. */
export const openDayIn = (days: number): string => firstOpenDay(inDays(days));
