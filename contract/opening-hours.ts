/**
 * The restaurant's hours, the one definition the footer, the Reservation page and the booking rule
 * read: 6:00am to 10:00pm, Sunday closed (the footer's). Times are the restaurant's wall clock as
 * 'HH:MM' and dates its calendar as 'YYYY-MM-DD', so no time zone enters the rule.
 */
export const OPENING_HOURS = {
  opens: '06:00',
  closes: '22:00',
  /** Days of the week it is closed, as Date.getUTCDay() numbers them (0 is Sunday). */
  closedDays: [0] as readonly number[],
} as const;

/** The last table is booked half an hour before closing: a table needs time to eat. */
export const LAST_BOOKING = '21:30';

/** '06:00' → '6:00am', '22:00' → '10:00pm': the footer's way of writing a time. */
export function clockText(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const half = hours < 12 ? 'am' : 'pm';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}${half}`;
}

/** The footer's hours, '6:00am-10:00pm'. */
export const OPEN_HOURS_TEXT = `${clockText(OPENING_HOURS.opens)}-${clockText(OPENING_HOURS.closes)}`;

export const CLOSED_DAY_MESSAGE = 'We are closed on Sundays. Please choose another day';
export const BOOKING_TIME_MESSAGE = `Please choose a time from ${clockText(OPENING_HOURS.opens)} to ${clockText(LAST_BOOKING)}`;

/** True for a calendar date (YYYY-MM-DD) on which the restaurant opens. */
export function isOpenDay(date: string): boolean {
  return !OPENING_HOURS.closedDays.includes(new Date(`${date}T00:00:00Z`).getUTCDay());
}

/** True for an 'HH:MM' at which a table may be booked. */
export function isBookingTime(time: string): boolean {
  return time >= OPENING_HOURS.opens && time <= LAST_BOOKING;
}

/** The first open day on or after `date` (YYYY-MM-DD). */
export function firstOpenDay(date: string): string {
  let day = new Date(`${date}T00:00:00Z`);
  while (!isOpenDay(day.toISOString().slice(0, 10))) day = new Date(day.getTime() + 86_400_000);
  return day.toISOString().slice(0, 10);
}
