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

// The hours the owner keeps (Admin → Hours), stored in the database (docs/decisions/037-order-types-slots-
// and-estimates.md): a week of days, each open from one time to another or closed, and dates the shop
// stays closed whatever the weekday. The constants above are the seed (today's 6:00–22:00, Sunday
// closed) and what a page shows before it has read the owner's.

/** The weekday of a calendar date, as Date.getUTCDay() numbers them (0 is Sunday). */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** One weekday: open from `opens` to `closes` ('HH:MM'), or closed all day (its times then kept). */
export type DayHours = {
  /** 0 Sunday … 6 Saturday. */
  day: number;
  opens: string;
  closes: string;
  closed: boolean;
};

/** A date the shop stays closed (a holiday), with the owner's note. */
export type ClosedDate = {
  date: string;
  note: string;
};

/** The owner's week, Sunday first, and the dates closed whatever the weekday (contract/shop-hours.ts). */
export type ShopHours = {
  week: DayHours[];
  closedDates: ClosedDate[];
};

/** The seed: today's hours, every day but the closed ones. */
export const DEFAULT_SHOP_HOURS: ShopHours = {
  week: WEEKDAY_NAMES.map((_, day) => ({
    day,
    opens: OPENING_HOURS.opens,
    closes: OPENING_HOURS.closes,
    closed: OPENING_HOURS.closedDays.includes(day),
  })),
  closedDates: [],
};

/** 'HH:MM' → minutes after midnight. */
export function minuteOfClock(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The day's opening, in minutes after midnight; null when the shop is closed that date. */
export function hoursOn(hours: ShopHours, date: string): { opens: number; closes: number } | null {
  if (hours.closedDates.some((closed) => closed.date === date)) return null;
  const day = hours.week[weekdayOf(date)];
  if (!day || day.closed) return null;
  return { opens: minuteOfClock(day.opens), closes: minuteOfClock(day.closes) };
}

/** True while the shop is open at `minute` of `date` (from its opening, up to its closing). */
export function isOpenAt(hours: ShopHours, date: string, minute: number): boolean {
  const open = hoursOn(hours, date);
  return open !== null && minute >= open.opens && minute < open.closes;
}

/** The date `days` after `date` (YYYY-MM-DD). */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The first moment at or after `minute` of `date` when the shop is open, looking `days` ahead; null
 * when it stays closed all that time.
 */
export function nextOpening(
  hours: ShopHours,
  date: string,
  minute: number,
  days = 14,
): { date: string; minute: number } | null {
  for (let ahead = 0; ahead < days; ahead++) {
    const day = addDays(date, ahead);
    const open = hoursOn(hours, day);
    if (!open) continue;
    const from = ahead === 0 ? Math.max(minute, open.opens) : open.opens;
    if (from < open.closes) return { date: day, minute: from };
  }
  return null;
}

/** A day's hours as the footer writes them, '6:00am-10:00pm', or 'Closed'. */
export function dayHoursText(day: DayHours | undefined): string {
  return !day || day.closed ? 'Closed' : `${clockText(day.opens)}-${clockText(day.closes)}`;
}

/** A date as a message says it, seen from `today`: 'today', 'tomorrow', or its weekday ('Saturday'). */
export function dayWords(date: string, today: string): string {
  if (date === today) return 'today';
  if (date === addDays(today, 1)) return 'tomorrow';
  return WEEKDAY_NAMES[weekdayOf(date)]!;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A wall-clock moment in full words: 'Monday 30 November at 7:30pm'. */
export function momentWords(date: string, time: string): string {
  const [, month = 1, day = 1] = date.split('-').map(Number);
  return `${WEEKDAY_NAMES[weekdayOf(date)]} ${day} ${MONTH_NAMES[month - 1]} at ${clockText(time)}`;
}

/**
 * The week in a line, as the Reservation page says it: 'Open 6:00am-10:00pm, Sunday closed' when the
 * open days keep the same hours, else each open day's ('Open Monday 6:00am-10:00pm, …').
 */
export function weekText(hours: ShopHours): string {
  const open = hours.week.filter((day) => !day.closed);
  const closed = hours.week.filter((day) => day.closed).map((day) => WEEKDAY_NAMES[day.day]);
  const same = open.every((day) => day.opens === open[0]?.opens && day.closes === open[0]?.closes);
  const times =
    open.length === 0
      ? 'Closed all week'
      : same
        ? `Open ${dayHoursText(open[0])}`
        : `Open ${open.map((day) => `${WEEKDAY_NAMES[day.day]} ${dayHoursText(day)}`).join(', ')}`;
  return closed.length === 0 || open.length === 0 ? times : `${times}, ${closed.join(' and ')} closed`;
}
