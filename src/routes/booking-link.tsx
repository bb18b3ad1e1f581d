import { useParams, useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import type { BookingView } from '../../contract/booking.ts';
import { BOOKING_STATE_LABELS } from '../../contract/booking-lifecycle.ts';
import { clockText } from '../../contract/opening-hours.ts';
import { isoDate } from '../../contract/reservation.ts';
import { useBookingLinkLogic } from '../actors/booking-link.ts';
import { longDate, PhoneLink, personsText, TimeButtons } from '../components/booking-form.tsx';
import { FormField } from '../components/form-field.tsx';

const untilText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });

function BookingDetails({ booking }: { booking: BookingView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-lg">
      <dt className="font-bold">Reference</dt>
      <dd className="font-mono tracking-wider">{booking.reference}</dd>
      <dt className="font-bold">Date</dt>
      <dd>{longDate(booking.date)}</dd>
      <dt className="font-bold">Time</dt>
      <dd>
        {clockText(booking.time)} to {clockText(booking.endTime)}
      </dd>
      <dt className="font-bold">Persons</dt>
      <dd>{personsText(booking.persons)}</dd>
      <dt className="font-bold">Name</dt>
      <dd>{booking.name}</dd>
      <dt className="font-bold">Status</dt>
      <dd>{BOOKING_STATE_LABELS[booking.state]}</dd>
    </dl>
  );
}

/** A guest's booking, opened from the signed link in its mail: see it, move it, or cancel it. */
export function BookingLinkPage() {
  const { reference } = useParams({ from: '/booking/$reference' });
  const key = String(useSearch({ from: '/booking/$reference' }).key ?? '');
  const { bookingLink } = useBookingLinkLogic();
  const machine = useMemo(() => bookingLink({ reference, key }), [bookingLink, reference, key]);
  const [state, send] = useMachine(machine);
  const { booking, date, times, error } = state.context;
  const changeable = Boolean(booking?.changeableUntil);
  return (
    <>
      <header className="bg-ink py-14 text-center text-white">
        <p className="font-script text-xl text-brand">Your table at Pizzon</p>
        <h1 className="text-4xl font-bold sm:text-5xl">Your booking</h1>
      </header>
      <section
        aria-label="Your booking"
        aria-busy={state.matches('moving') || state.matches('cancelling') || state.matches('loadingTimes')}
        className="mx-auto my-12 grid max-w-3xl gap-6 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-black/5 sm:p-8"
      >
        {state.matches('loading') && <p role="status">Loading your booking…</p>}
        {state.matches('loadFailed') && (
          <div role="alert" className="grid justify-items-start gap-2">
            <p>{error}</p>
            <button type="button" className="btn-neutral" onClick={() => send({ type: 'link.retry' })}>
              Try again
            </button>
          </div>
        )}
        {booking && <BookingDetails booking={booking} />}
        {booking && error && !state.matches('loadFailed') && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        {booking && state.matches('viewing') && (
          <div className="grid gap-3">
            {changeable ? (
              <>
                <p>You can move or cancel it here until {untilText(booking.changeableUntil!)}.</p>
                <div className="flex flex-wrap gap-3">
                  <button type="button" className="btn-primary" onClick={() => send({ type: 'link.change' })}>
                    Change the time
                  </button>
                  <button type="button" className="btn-danger" onClick={() => send({ type: 'link.cancel' })}>
                    Cancel the booking
                  </button>
                </div>
              </>
            ) : booking.state === 'cancelled' ? (
              <p>This booking is cancelled: its table is free for someone else.</p>
            ) : (
              <p>
                To change or cancel it now, please call us on <PhoneLink />.
              </p>
            )}
          </div>
        )}
        {state.matches('loadingTimes') && <p role="status">Looking for free times…</p>}
        {state.matches('choosingTime') && booking && (
          <div className="grid gap-4">
            <div className="w-full sm:w-56">
              <FormField label="Day">
                <input
                  type="date"
                  className="field"
                  min={isoDate(new Date())}
                  value={date ?? booking.date}
                  onChange={(event) =>
                    event.target.value && send({ type: 'link.day', date: event.target.value })
                  }
                />
              </FormField>
            </div>
            {times.length > 0 ? (
              <TimeButtons
                times={times}
                label={`Free times on ${longDate(date ?? booking.date)}`}
                onPick={(time) => send({ type: 'link.pickTime', time })}
              />
            ) : (
              <p role="status">No table is free for your party that day. Please choose another day.</p>
            )}
            <div>
              <button type="button" className="btn-neutral" onClick={() => send({ type: 'link.close' })}>
                Keep the present time
              </button>
            </div>
          </div>
        )}
        {state.matches('moving') && <p role="status">Moving your booking…</p>}
        {state.matches('cancelling') && <p role="status">Cancelling your booking…</p>}
      </section>
    </>
  );
}
