import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { Booked } from '../../contract/booking.ts';
import { clockText, LAST_BOOKING, OPEN_HOURS_TEXT, OPENING_HOURS } from '../../contract/opening-hours.ts';
import {
  isoDate,
  PERSONS_OPTIONS,
  type Reservation,
  type ReservationInput,
  reservationSchema,
} from '../../contract/reservation.ts';
import { RESTAURANT_PHONE } from '../content/contact.ts';

const schema = reservationSchema(() => isoDate(new Date()));

export const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const personsText = (persons: number) => `${persons} ${persons === 1 ? 'person' : 'persons'}`;

/** The restaurant's number, to call. */
export function PhoneLink() {
  return (
    <a className="font-bold text-brand-ink underline" href={`tel:${RESTAURANT_PHONE.replace(/[^+\d]/g, '')}`}>
      {RESTAURANT_PHONE}
    </a>
  );
}

/** What the guest booked and what happens next, instead of a form that clears. */
export function BookingSummary({
  booking,
  booked,
  onAnother,
}: {
  booking: Reservation;
  booked: Booked;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the guest was in is gone: their focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  const pending = booked.state === 'pending';
  return (
    <div role="status" className="grid gap-4">
      <h3 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {pending ? 'Your table is requested' : 'Your table is booked'}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-lg">
        <dt className="font-bold">Date</dt>
        <dd>{longDate(booking.date)}</dd>
        <dt className="font-bold">Time</dt>
        <dd>{clockText(booking.time)}</dd>
        <dt className="font-bold">Persons</dt>
        <dd>{personsText(booking.persons)}</dd>
        <dt className="font-bold">Name</dt>
        <dd>{booking.name}</dd>
        <dt className="font-bold">Reference</dt>
        <dd className="font-mono tracking-wider">{booked.reference}</dd>
      </dl>
      <p className="text-neutral-700">
        {pending ? (
          <>
            What happens next: the restaurant confirms each booking by hand. We have sent your request to{' '}
            <strong>{booking.email}</strong>, and its answer will follow by e-mail.
          </>
        ) : (
          <>
            What happens next: we have sent a confirmation to <strong>{booking.email}</strong>. Your table is
            ready at the time you chose.
          </>
        )}{' '}
        To change or cancel it, open the link in that e-mail, or call us on <PhoneLink />.
      </p>
      <div>
        <button type="button" className="btn-neutral" onClick={onAnother}>
          Book another table
        </button>
      </div>
    </div>
  );
}

/** The free times as buttons: the day's (the Reservation page) or the nearest ones to a time refused. */
export function TimeButtons({
  times,
  label,
  onPick,
  disabled = false,
}: {
  times: readonly string[];
  label: string;
  onPick: (time: string) => void;
  disabled?: boolean;
}) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {times.map((time) => (
        <li key={time}>
          <button
            type="button"
            className="rounded-full border border-neutral-300 bg-white px-4 py-2 font-bold hover:border-brand-ink focus-visible:border-brand-ink disabled:opacity-60"
            disabled={disabled}
            onClick={() => onPick(time)}
          >
            {clockText(time)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The time asked for had no table: why, and the nearest free times of that day to book instead. */
export function NearestTimes({
  message,
  times,
  onPick,
  disabled,
}: {
  message: string;
  times: readonly string[];
  onPick: (time: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-3 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <p role="alert" className="font-bold">
        {message}
      </p>
      {times.length > 0 ? (
        <TimeButtons times={times} label="Nearest free times" onPick={onPick} disabled={disabled} />
      ) : (
        <p>
          Or call us on <PhoneLink />.
        </p>
      )}
    </div>
  );
}

/** A booking form's last row: why the last try failed, and Book Now (busy while it is sent). */
export function SendBooking({ error, submitting }: { error: string | null; submitting: boolean }) {
  return (
    <>
      {error && (
        <p role="alert" className="field-error sm:col-span-2">
          {error}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting}>
          {submitting ? 'Booking…' : 'Book Now'}
        </button>
      </div>
    </>
  );
}

interface BookingFormProps {
  submitting: boolean;
  /** Why the last booking was not stored (the call failed), shown above the button. */
  error: string | null;
  /** The time asked for had no table: the server's words and the nearest free times. */
  full: { message: string; times: readonly string[] } | null;
  onSubmit: (booking: Reservation) => void;
  onPickTime: (time: string) => void;
}

/**
 * Home's 'Book a Table' (the spec's form: name, email, persons 1–3, date, and a time of the guest's own):
 * on Book Now the booking is stored if a table is free then, or the nearest free times are offered.
 */
export function BookingForm({ submitting, error, full, onSubmit, onPickTime }: BookingFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReservationInput, unknown, Reservation>({
    resolver: valibotResolver(schema),
    defaultValues: { name: '', email: '', persons: '1', date: '', time: '' },
  });

  const field = (name: keyof ReservationInput, label: string, input: React.ReactNode, hint?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-bold">
        {label}
      </label>
      {input}
      {hint && (
        <p id={`${id}-${name}-hint`} className="mt-1 text-neutral-700">
          {hint}
        </p>
      )}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field-error" role="alert">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );
  const a11y = (name: keyof ReservationInput) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [name === 'date' && `${id}-date-hint`, errors[name] && `${id}-${name}-error`]
        .filter(Boolean)
        .join(' ') || undefined,
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-busy={submitting}
      className="grid gap-4 sm:grid-cols-2"
    >
      {field(
        'name',
        'Name',
        <input {...register('name')} {...a11y('name')} className="field" autoComplete="name" />,
      )}
      {field(
        'email',
        'Email',
        <input
          {...register('email')}
          {...a11y('email')}
          type="email"
          className="field"
          autoComplete="email"
        />,
      )}
      {field(
        'persons',
        'Persons',
        <select {...register('persons')} {...a11y('persons')} className="field">
          {PERSONS_OPTIONS.map((n) => (
            <option key={n} value={String(n)}>
              {personsText(n)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'date',
        'Date',
        <input
          {...register('date')}
          {...a11y('date')}
          type="date"
          min={isoDate(new Date())}
          className="field"
        />,
        `Open ${OPEN_HOURS_TEXT}, Sunday closed`,
      )}
      {field(
        'time',
        'Time',
        <input
          {...register('time')}
          {...a11y('time')}
          type="time"
          min={OPENING_HOURS.opens}
          max={LAST_BOOKING}
          step={900}
          className="field"
        />,
      )}
      {full && (
        <div className="sm:col-span-2">
          <NearestTimes message={full.message} times={full.times} onPick={onPickTime} disabled={submitting} />
        </div>
      )}
      <SendBooking error={error} submitting={submitting} />
    </form>
  );
}
