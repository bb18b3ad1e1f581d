import { useMachine } from '@xstate/react';
import { Phone } from 'lucide-react';
import { useBookingLogic } from '../actors/booking.ts';
import { BookingForm, BookingSummary } from '../components/booking-form.tsx';
import { RESTAURANT_PHONE } from '../content/contact.ts';

/** Home's 'Book Online' section; loaded apart from Home (see home.tsx). */
export function BookOnline() {
  const { bookingFlow } = useBookingLogic();
  const [state, send] = useMachine(bookingFlow);
  const { booking, booked, error, alternatives } = state.context;
  return (
    <section aria-labelledby="book-online-title" className="py-16">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="eyebrow">Book Online</p>
          <h2 id="book-online-title" className="section-title">
            Book a Table
          </h2>
          <p className="mt-3 text-neutral-700">
            Reserve your table in a few seconds, or call us and we will find you a seat by the oven.
          </p>
          <p className="mt-6 flex items-center gap-3 text-2xl font-bold">
            <Phone aria-hidden="true" className="size-6 text-brand-ink" />
            {RESTAURANT_PHONE}
          </p>
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-black/5 sm:p-8">
          {state.matches('stored') && booking && booked ? (
            <BookingSummary
              booking={booking}
              booked={booked}
              onAnother={() => send({ type: 'booking.again' })}
            />
          ) : (
            <BookingForm
              submitting={state.matches('storing')}
              error={state.matches('choosing') ? error : null}
              full={state.matches('full') ? { message: error ?? '', times: alternatives } : null}
              onSubmit={(values) => send({ type: 'booking.submit', booking: values })}
              onPickTime={(time) => send({ type: 'booking.pickTime', time })}
            />
          )}
        </div>
      </div>
    </section>
  );
}
