import * as v from 'valibot';
import { plainName } from './names.ts';
import { BOOKING_TIME_MESSAGE, CLOSED_DAY_MESSAGE, isBookingTime, isOpenDay } from './opening-hours.ts';

export const PERSONS_OPTIONS = [1, 2, 3] as const;

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
 * The booking rule, shared by both booking forms and POST /reservations: a table on an open day, at a
 * time inside the opening hours (contract/opening-hours.ts). `today` is injected so the
 * server can be lenient towards guests in time zones ahead of it (see docs/decisions). Every text has a
 * length cap, checked before its format: anyone may post a booking, and a cap keeps a huge value from
 * reaching a format's regex or the table.
 */
export function reservationSchema(today: () => string) {
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
    persons: v.pipe(
      // As text (the form's select) a few characters write any of 1 to 3.
      v.optional(
        v.union(
          [v.number(), v.pipe(v.string(), v.maxLength(3, 'Choose 1 to 3 persons'))],
          'Choose 1 to 3 persons',
        ),
        '',
      ),
      v.transform(Number),
      v.integer('Choose 1 to 3 persons'),
      v.minValue(1, 'Choose 1 to 3 persons'),
      v.maxValue(3, 'Choose 1 to 3 persons'),
    ),
    date: v.pipe(
      v.optional(v.string('Date is required'), ''),
      v.nonEmpty('Date is required'),
      v.maxLength(10, 'Date must be a valid date'),
      v.isoDate('Date must be a valid date'),
      v.check(isCalendarDate, 'Date must be a valid date'),
      v.check((date) => date >= today(), 'Date can not be in the past'),
      v.check(isOpenDay, CLOSED_DAY_MESSAGE),
    ),
    time: v.pipe(
      v.optional(v.string('Time is required'), ''),
      v.nonEmpty('Time is required'),
      v.maxLength(5, 'Time must be HH:MM'),
      v.isoTime('Time must be HH:MM'),
      v.check(isBookingTime, BOOKING_TIME_MESSAGE),
    ),
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
