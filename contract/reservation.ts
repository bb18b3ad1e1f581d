import * as v from 'valibot';
import { plainName } from './names.ts';
import { BOOKING_TIME_MESSAGE, CLOSED_DAY_MESSAGE, isBookingTime, isOpenDay } from './opening-hours.ts';

export const PERSONS_OPTIONS = [1, 2, 3] as const;

/**
 * The largest party booked online: the Reservation page offers 1 to 12, and the API takes as many; a
 * larger party calls the restaurant. Home's spec form keeps its 1 to 3 (PERSONS_OPTIONS).
 */
export const MAX_ONLINE_PARTY = 12;
export const LARGE_PARTY_MESSAGE = `For more than ${MAX_ONLINE_PARTY} persons, please call us`;

/** Local calendar date as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** True for a YYYY-MM-DD that exists in the calendar (not 2026-02-30). */
function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date);
}

/**
 * A party of 1 to `max` persons, as a number or as a form's select sends it (a few characters write any
 * of them). Above MAX_ONLINE_PARTY the answer is to call.
 */
export function personsSchema(max: number) {
  const choose = `Choose 1 to ${max} persons`;
  return v.pipe(
    v.optional(v.union([v.number(), v.pipe(v.string(), v.maxLength(3, choose))], choose), ''),
    v.transform(Number),
    v.integer(choose),
    v.minValue(1, choose),
    v.maxValue(max, max === MAX_ONLINE_PARTY ? LARGE_PARTY_MESSAGE : choose),
  );
}

/** A day a table may be booked on: a real date, not before `today`, the restaurant open. */
export function bookingDateSchema(today: () => string) {
  return v.pipe(
    v.optional(v.string('Date is required'), ''),
    v.nonEmpty('Date is required'),
    v.maxLength(10, 'Date must be a valid date'),
    v.isoDate('Date must be a valid date'),
    v.check(isCalendarDate, 'Date must be a valid date'),
    v.check((date) => date >= today(), 'Date can not be in the past'),
    v.check(isOpenDay, CLOSED_DAY_MESSAGE),
  );
}

/** A time a table may be booked at: 'HH:MM' within the opening hours. */
export const bookingTimeSchema = v.pipe(
  v.optional(v.string('Time is required'), ''),
  v.nonEmpty('Time is required'),
  v.maxLength(5, 'Time must be HH:MM'),
  v.isoTime('Time must be HH:MM'),
  v.check(isBookingTime, BOOKING_TIME_MESSAGE),
);

/**
 * The booking rule, shared by both booking forms and POST /reservations: a table on an open day, at a
 * time inside the opening hours (contract/opening-hours.ts), for 1 to `maxPersons` (Home's spec form
 * 3, the Reservation page and the API MAX_ONLINE_PARTY). `today` is injected so the server can be
 * lenient towards guests in time zones ahead of it (see docs/decisions). Every text has a length cap,
 * checked before its format: anyone may post a booking, and a cap keeps a huge value from reaching a
 * format's regex or the table.
 */
export function reservationSchema(today: () => string, maxPersons: number = PERSONS_OPTIONS.length) {
  return v.object({
    name: v.pipe(
      v.optional(v.string('Name is required'), ''),
      v.trim(),
      v.nonEmpty('Name is required'),
      v.maxLength(80, 'Name is too long'),
      plainName(),
    ),
    email: v.pipe(
      v.optional(v.string('Email is required'), ''),
      v.trim(),
      v.nonEmpty('Email is required'),
      v.maxLength(254, 'Email is too long'),
      v.email('Invalid email address'),
    ),
    persons: personsSchema(maxPersons),
    date: bookingDateSchema(today),
    time: bookingTimeSchema,
    phone: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        // The format's longest: a '+' and 20 digits or separators.
        v.maxLength(21, 'Phone must be 6 to 20 digits'),
        v.regex(/^\+?[0-9 ()-]{6,20}$/, 'Phone must be 6 to 20 digits'),
      ),
    ),
  });
}
export type ReservationInput = v.InferInput<ReturnType<typeof reservationSchema>>;
export type Reservation = v.InferOutput<ReturnType<typeof reservationSchema>>;
