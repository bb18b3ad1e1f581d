import { useMachine } from '@xstate/react';
import { Clock, Phone } from 'lucide-react';
import { OPEN_HOURS_TEXT } from '../../contract/opening-hours.ts';
import type { Reservation } from '../../contract/reservation.ts';
import { useBookingLogic } from '../actors/booking.ts';
import { BookingForm } from '../components/booking-form.tsx';
import { RESTAURANT_PHONE } from '../content/contact.ts';

export function ReservationPage() {
  const { booking } = useBookingLogic();
  const [state, send] = useMachine(booking);
  return (
    <>
      <header className="bg-ink py-14 text-center text-white">
        <p className="font-script text-xl text-brand">Save your seat</p>
        <h1 className="text-4xl font-bold sm:text-5xl">Reservation</h1>
      </header>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_2fr]">
        <aside className="space-y-4 text-lg">
          <p>
            Tables for up to three guests can be booked online. For larger parties, please give us a call.
          </p>
          <p className="flex items-center gap-3 font-bold">
            <Phone aria-hidden="true" className="size-5 text-brand-ink" />
            {RESTAURANT_PHONE}
          </p>
          <p className="flex items-center gap-3">
            <Clock aria-hidden="true" className="size-5 text-brand-ink" />
            Open {OPEN_HOURS_TEXT}, Sunday closed
          </p>
        </aside>
        <section
          aria-labelledby="reservation-form-title"
          className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-black/5 sm:p-8"
        >
          <h2 id="reservation-form-title" className="mb-6 text-2xl font-bold">
            Book a Table
          </h2>
          <BookingForm
            variant="full"
            submitting={state.matches('submitting')}
            // What BookingForm sent, which its schema had made a Reservation.
            stored={state.context.stored as Reservation | null}
            onSubmit={(values) => send({ type: 'form.submit', values })}
            onAnother={() => send({ type: 'form.clear' })}
          />
        </section>
      </div>
    </>
  );
}
