import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMachine } from '@xstate/react';
import { Clock, Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { clockText, weekText } from '../../contract/opening-hours.ts';
import {
  bookingDateSchema,
  isoDate,
  LARGE_PARTY_MESSAGE,
  MAX_ONLINE_PARTY,
  reservationSchema,
} from '../../contract/reservation.ts';
import { useBookingLogic } from '../actors/booking.ts';
import {
  BookingSummary,
  longDate,
  NearestTimes,
  PhoneLink,
  personsText,
  SendBooking,
  TimeButtons,
} from '../components/booking-form.tsx';
import { FormField } from '../components/form-field.tsx';
import { ShopHoursView } from '../components/shop-hours.tsx';
import { RESTAURANT_PHONE } from '../content/contact.ts';

const today = () => isoDate(new Date());
const dateRule = bookingDateSchema(today);
const PARTY_SIZES = Array.from({ length: MAX_ONLINE_PARTY }, (_, i) => i + 1);
/** The persons select's last option: a party the shop books on the phone. */
const LARGER = 'larger';

const { name, email, phone } = reservationSchema(today).entries;
const DetailsSchema = v.object({ name, email, phone });
type DetailsInput = v.InferInput<typeof DetailsSchema>;
type Details = v.InferOutput<typeof DetailsSchema>;

/** The day and the party: 'Find a table' asks for the free times once both are good. */
function DayAndParty({
  disabled,
  onChoose,
}: {
  disabled: boolean;
  onChoose: (date: string, persons: number) => void;
}) {
  const [persons, setPersons] = useState('2');
  const [dateError, setDateError] = useState<string | undefined>();
  return (
    <form
      aria-label="Day and party"
      noValidate
      className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const date = String(new FormData(event.currentTarget).get('date') ?? '');
        const checked = v.safeParse(dateRule, date);
        setDateError(checked.issues?.[0]?.message);
        if (checked.success && persons !== LARGER) onChoose(date, Number(persons));
      }}
    >
      <FormField label="Date" error={dateError}>
        <input name="date" type="date" className="field" min={today()} />
      </FormField>
      <FormField label="Persons">
        <select className="field" value={persons} onChange={(event) => setPersons(event.target.value)}>
          {PARTY_SIZES.map((n) => (
            <option key={n} value={String(n)}>
              {personsText(n)}
            </option>
          ))}
          <option value={LARGER}>More than {MAX_ONLINE_PARTY} persons</option>
        </select>
      </FormField>
      <button type="submit" className="btn-dark" disabled={disabled || persons === LARGER}>
        Find a table
      </button>
      {persons === LARGER && (
        <p role="status" className="rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200 sm:col-span-3">
          {LARGE_PARTY_MESSAGE} on <PhoneLink />: we will set a table for you.
        </p>
      )}
    </form>
  );
}

/** Who the table is for, once a time is picked. */
function GuestDetails({
  hidden,
  submitting,
  error,
  onSubmit,
}: {
  hidden: boolean;
  submitting: boolean;
  error: string | null;
  onSubmit: (details: Details) => void;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DetailsInput, unknown, Details>({
    resolver: valibotResolver(DetailsSchema),
    defaultValues: { name: '', email: '' },
  });
  return (
    <form
      noValidate
      hidden={hidden}
      aria-labelledby={`${id}-title`}
      aria-busy={submitting}
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4 sm:grid-cols-2"
    >
      <h3 id={`${id}-title`} className="sr-only">
        Your details
      </h3>
      <FormField label="Name" error={errors.name?.message}>
        <input {...register('name')} className="field" autoComplete="name" />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <input {...register('email')} type="email" className="field" autoComplete="email" />
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        <input
          {...register('phone', { setValueAs: (value) => value || undefined })}
          type="tel"
          className="field"
          autoComplete="tel"
        />
      </FormField>
      <SendBooking error={error} submitting={submitting} />
    </form>
  );
}

export function ReservationPage() {
  const { bookingFlow } = useBookingLogic();
  const [state, send] = useMachine(bookingFlow);
  const { date, persons, times, time, booking, booked, alternatives, error } = state.context;
  const storing = state.matches('storing');
  const party = `${personsText(persons ?? 1)} on ${date ? longDate(date) : ''}`;
  return (
    <>
      <header className="bg-ink py-14 text-center text-white">
        <p className="font-script text-xl text-brand">Save your seat</p>
        <h1 className="text-4xl font-bold sm:text-5xl">Reservation</h1>
      </header>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_2fr]">
        <aside className="space-y-4 text-lg">
          <p>
            Tables for up to {MAX_ONLINE_PARTY} guests can be booked online: choose a day and your party, and
            we show the times a table is free. For larger parties, please give us a call.
          </p>
          <p className="flex items-center gap-3 font-bold">
            <Phone aria-hidden="true" className="size-5 text-brand-ink" />
            {RESTAURANT_PHONE}
          </p>
          <p className="flex items-center gap-3">
            <Clock aria-hidden="true" className="size-5 text-brand-ink" />
            <ShopHoursView render={weekText} />
          </p>
        </aside>
        <section
          aria-labelledby="reservation-form-title"
          className="grid gap-6 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-black/5 sm:p-8"
        >
          <h2 id="reservation-form-title" className="text-2xl font-bold">
            Book a Table
          </h2>
          {state.matches('stored') && booking && booked ? (
            <BookingSummary
              booking={booking}
              booked={booked}
              onAnother={() => send({ type: 'booking.again' })}
            />
          ) : (
            <>
              <DayAndParty
                disabled={state.matches('loadingTimes') || storing}
                onChoose={(day, size) => send({ type: 'booking.choose', date: day, persons: size })}
              />
              {state.matches('loadingTimes') && (
                <p role="status" aria-live="polite">
                  Looking for a free table…
                </p>
              )}
              {state.matches('timesFailed') && (
                <div role="alert" className="grid justify-items-start gap-2">
                  <p>{error}</p>
                  <button
                    type="button"
                    className="btn-neutral"
                    onClick={() => send({ type: 'booking.retry' })}
                  >
                    Try again
                  </button>
                </div>
              )}
              {state.matches('times') &&
                (times.length > 0 ? (
                  <div className="grid gap-3">
                    <h3 className="text-lg font-bold">Free times for {party}</h3>
                    <TimeButtons
                      times={times}
                      label="Free times"
                      onPick={(picked) => send({ type: 'booking.pickTime', time: picked })}
                    />
                  </div>
                ) : (
                  <p role="status">
                    No table is free for {party}. Please choose another day, or call us on <PhoneLink />.
                  </p>
                ))}
              {(state.matches('details') || storing || state.matches('full')) && (
                <div className="grid gap-4">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <p className="text-lg">
                      Your table: <strong>{party}</strong> at <strong>{clockText(time ?? '')}</strong>
                    </p>
                    {state.matches('details') && (
                      <button
                        type="button"
                        className="btn-neutral"
                        onClick={() => send({ type: 'booking.back' })}
                      >
                        Choose another time
                      </button>
                    )}
                  </div>
                  {state.matches('full') && (
                    <NearestTimes
                      message={error ?? ''}
                      times={alternatives}
                      onPick={(picked) => send({ type: 'booking.pickTime', time: picked })}
                      disabled={false}
                    />
                  )}
                  {/* Kept while the nearest times are offered: a time picked books with these details. */}
                  <GuestDetails
                    hidden={state.matches('full')}
                    submitting={storing}
                    error={state.matches('details') ? error : null}
                    onSubmit={(details) =>
                      send({
                        type: 'booking.submit',
                        booking: { ...details, date: date!, persons: persons!, time: time! },
                      })
                    }
                  />
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </>
  );
}
