import * as v from 'valibot';

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
 * The booking rule, shared by both booking forms and POST /reservations. `today` is injected so the
 * server can be lenient towards guests in time zones ahead of it (see docs/decisions).
 */
export function reservationSchema(today: () => string) {
  return v.object({
    name: v.pipe(
      v.optional(v.string('Name is required'), ''),
      v.trim(),
      v.nonEmpty('Name is required'),
      v.maxLength(80, 'Name is too long'),
    ),
    email: v.pipe(
      v.optional(v.string('Email is required'), ''),
      v.trim(),
      v.nonEmpty('Email is required'),
      v.email('Invalid email address'),
      v.maxLength(254, 'Email is too long'),
    ),
    persons: v.pipe(
      v.optional(v.union([v.number(), v.string()], 'Choose 1 to 3 persons'), ''),
      v.transform(Number),
      v.integer('Choose 1 to 3 persons'),
      v.minValue(1, 'Choose 1 to 3 persons'),
      v.maxValue(3, 'Choose 1 to 3 persons'),
    ),
    date: v.pipe(
      v.optional(v.string('Date is required'), ''),
      v.nonEmpty('Date is required'),
      v.isoDate('Date must be a valid date'),
      v.check(isCalendarDate, 'Date must be a valid date'),
      v.check((date) => date >= today(), 'Date can not be in the past'),
    ),
    time: v.optional(v.pipe(v.string(), v.isoTime('Time must be HH:MM'))),
    phone: v.optional(
      v.pipe(v.string(), v.trim(), v.regex(/^\+?[0-9 ()-]{6,20}$/, 'Phone must be 6 to 20 digits')),
    ),
  });
}
export type ReservationInput = v.InferInput<ReturnType<typeof reservationSchema>>;
export type Reservation = v.InferOutput<ReturnType<typeof reservationSchema>>;
