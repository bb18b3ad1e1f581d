import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
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

interface BookingFormProps {
  /** 'compact' is Home's 'Book a Table'; 'full' adds the phone for the Reservation page. */
  variant: 'compact' | 'full';
  submitting: boolean;
  /** The booking the server just stored (the booking machine's answer): summed up in place of the form. */
  stored: Reservation | null;
  onSubmit: (booking: Reservation) => void;
  /** Back to an empty form for another booking. */
  onAnother: () => void;
}

const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What the guest booked and what happens next, instead of a form that clears. */
function BookingSummary({ booking, onAnother }: { booking: Reservation; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the guest was in is gone: their focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="grid gap-4">
      <h3 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Your table is booked
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-lg">
        <dt className="font-bold">Date</dt>
        <dd>{longDate(booking.date)}</dd>
        <dt className="font-bold">Time</dt>
        <dd>{clockText(booking.time)}</dd>
        <dt className="font-bold">Persons</dt>
        <dd>
          {booking.persons} {booking.persons === 1 ? 'person' : 'persons'}
        </dd>
        <dt className="font-bold">Name</dt>
        <dd>{booking.name}</dd>
      </dl>
      <p className="text-neutral-700">
        What happens next: we have sent a confirmation to <strong>{booking.email}</strong>. Your table is
        ready at the time you chose; to change or cancel it, call us on{' '}
        <a
          className="font-bold text-brand-ink underline"
          href={`tel:${RESTAURANT_PHONE.replace(/[^+\d]/g, '')}`}
        >
          {RESTAURANT_PHONE}
        </a>
        .
      </p>
      <div>
        <button type="button" className="btn-neutral" onClick={onAnother}>
          Book another table
        </button>
      </div>
    </div>
  );
}

export function BookingForm({ variant, submitting, stored, onSubmit, onAnother }: BookingFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReservationInput, unknown, Reservation>({
    resolver: valibotResolver(schema),
    defaultValues: { name: '', email: '', persons: '1', date: '', time: '' },
  });
  if (stored) {
    return (
      <BookingSummary
        booking={stored}
        onAnother={() => {
          reset();
          onAnother();
        }}
      />
    );
  }

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
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
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
              {n} {n === 1 ? 'person' : 'persons'}
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
      {variant === 'full' &&
        field(
          'phone',
          'Phone (optional)',
          <input
            {...register('phone', { setValueAs: (v) => v || undefined })}
            {...a11y('phone')}
            type="tel"
            className="field"
            autoComplete="tel"
          />,
        )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting}>
          {submitting ? 'Booking…' : 'Book Now'}
        </button>
      </div>
    </form>
  );
}
