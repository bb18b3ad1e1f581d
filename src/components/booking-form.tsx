import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  isoDate,
  PERSONS_OPTIONS,
  type Reservation,
  type ReservationInput,
  reservationSchema,
} from '../../server/contract/reservation.ts';

const schema = reservationSchema(() => isoDate(new Date()));

interface BookingFormProps {
  /** 'compact' is Home's 'Book a Table'; 'full' adds time and phone for the Reservation page. */
  variant: 'compact' | 'full';
  submitting: boolean;
  /** Bookings made so far; the form clears when it grows. */
  booked: number;
  onSubmit: (booking: Reservation) => void;
}

export function BookingForm({ variant, submitting, booked, onSubmit }: BookingFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReservationInput, unknown, Reservation>({
    resolver: valibotResolver(schema),
    defaultValues: { name: '', email: '', persons: '1', date: '' },
  });

  useEffect(() => {
    if (booked > 0) reset();
  }, [booked, reset]);

  const field = (name: keyof ReservationInput, label: string, input: React.ReactNode) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-bold">
        {label}
      </label>
      {input}
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
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
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
      )}
      {variant === 'full' &&
        field(
          'time',
          'Time (optional)',
          <input
            {...register('time', { setValueAs: (v) => v || undefined })}
            {...a11y('time')}
            type="time"
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
