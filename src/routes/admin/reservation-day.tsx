import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { clockOf, type DayBooking } from '../../../contract/booking.ts';
import {
  BOOKING_MOVE_LABELS,
  BOOKING_STATE_LABELS,
  type BookingState,
  nextBookingStates,
} from '../../../contract/booking-lifecycle.ts';
import { clockText, minuteOfClock } from '../../../contract/opening-hours.ts';
import { useRoomLogic } from '../../actors/room.ts';
import { longDate, personsText } from '../../components/booking-form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ReservationsSearchSchema } from '../list-search.ts';
import { useListSearch, usePagedList } from '../use-paged-list.ts';

/** The timeline runs from opening to midnight (a late stay runs past closing). */
const FROM = minuteOfClock('06:00');
const TO = 24 * 60;
const HOURS = Array.from({ length: (TO - FROM) / 60 }, (_, i) => FROM + i * 60);

/** Each state's colour on the timeline; the legend and each block also say it in words. */
const STATE_STYLE: Record<BookingState, string> = {
  pending: 'bg-amber-100 text-amber-950 ring-amber-400',
  booked: 'bg-sky-100 text-sky-950 ring-sky-400',
  seated: 'bg-emerald-100 text-emerald-950 ring-emerald-500',
  finished: 'bg-neutral-200 text-neutral-800 ring-neutral-400',
  no_show: 'bg-red-100 text-red-900 ring-red-400',
  cancelled: 'bg-white text-neutral-500 ring-neutral-300 line-through',
  declined: 'bg-white text-neutral-500 ring-neutral-300 line-through',
};

const at = (minute: number) => `${((Math.min(Math.max(minute, FROM), TO) - FROM) / (TO - FROM)) * 100}%`;

function Legend() {
  return (
    <ul aria-label="States" className="flex flex-wrap gap-2 text-sm">
      {(Object.keys(STATE_STYLE) as BookingState[]).map((state) => (
        <li key={state} className={`rounded-full px-3 py-1 ring-1 ${STATE_STYLE[state]}`}>
          {BOOKING_STATE_LABELS[state]}
        </li>
      ))}
    </ul>
  );
}

/** One booking picked on the timeline: who, when, and the moves staff may make. */
function BookingPanel({
  booking,
  canAct,
  onMove,
}: {
  booking: DayBooking;
  canAct: boolean;
  onMove: (to: BookingState) => void;
}) {
  const moves = nextBookingStates(booking.state, 'staff');
  return (
    <section aria-label={`Booking of ${booking.name}`} className="grid gap-3 rounded-2xl bg-cream p-4">
      <h3 className="text-lg font-bold">
        {booking.name} · {personsText(booking.persons)} · {clockText(booking.time)}–
        {clockText(booking.endTime)}
      </h3>
      <p>
        {BOOKING_STATE_LABELS[booking.state]}
        {booking.walkIn ? ' (walk-in)' : ''} · {booking.tables.join(' + ')}
        {booking.reference ? ` · ${booking.reference}` : ''}
        {booking.email ? ` · ${booking.email}` : ''}
        {booking.phone ? ` · ${booking.phone}` : ''}
      </p>
      {moves.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {moves.map((to) => (
            <button
              key={to}
              type="button"
              disabled={!canAct}
              className={
                to === 'cancelled' || to === 'declined' || to === 'no_show' ? 'btn-danger' : 'btn-primary'
              }
              onClick={() => onMove(to)}
            >
              {BOOKING_MOVE_LABELS[to]}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/** A party that came without a booking, seated now at a table the room finds. */
function WalkIn({ onSeated }: { onSeated: () => void }) {
  const { walkIn } = useRoomLogic();
  const [state, send] = useMachine(walkIn);
  const { submitted } = state.context;
  useEffect(() => {
    if (submitted > 0) onSeated();
  }, [submitted, onSeated]);
  return (
    <form
      key={submitted}
      aria-label="Seat a walk-in"
      aria-busy={state.matches('submitting')}
      noValidate
      className="flex flex-wrap items-end gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        send({ type: 'form.submit', values: { persons: form.get('persons'), name: form.get('name') } });
      }}
    >
      <div className="w-28">
        <FormField label="Walk-in party">
          <input name="persons" type="number" min={1} className="field" defaultValue={2} />
        </FormField>
      </div>
      <FormField label="Name (optional)">
        <input name="name" className="field" maxLength={80} />
      </FormField>
      <button type="submit" className="btn-primary" disabled={state.matches('submitting')}>
        Seat now
      </button>
    </form>
  );
}

/** Admin → Reservations, Day: a timeline per table, each booking on it, its moves a click away. */
export function ReservationDayPage() {
  const search = useListSearch(ReservationsSearchSchema, useSearch({ from: '/admin/reservations/day' }));
  // Left out, the day is the shop's today (the server's clock knows its time zone).
  const { date } = search;
  const navigate = useNavigate({ from: '/admin/reservations/day' });
  const { day } = useRoomLogic();
  const { rows, send, canAct, table } = usePagedList(day, search, ['table', 'tables']);
  const [picked, setPicked] = useState<string | null>(null);
  // Stable, so a walk-in seated reads the day again once, not at every render after.
  const refresh = useCallback(() => send({ type: 'list.refresh' }), [send]);
  const booking = rows.flatMap((row) => row.bookings).find((entry) => entry._id === picked);

  return (
    <ListTable
      title="Reservations: the day"
      {...table}
      filters={
        <div className="grid gap-4">
          <div className="flex flex-wrap items-end justify-between gap-4 rounded-2xl bg-cream p-4">
            <FormField label="Day">
              <input
                type="date"
                className="field"
                value={date ?? ''}
                onChange={(event) =>
                  event.target.value &&
                  void navigate({
                    search: ({ limit }) => ({ date: event.target.value, limit }),
                    resetScroll: false,
                  })
                }
              />
            </FormField>
            <WalkIn onSeated={refresh} />
            <Link to="/admin/reservations" className="font-bold text-brand-ink underline">
              Every booking, as a list
            </Link>
          </div>
          <h3 className="text-lg font-bold">{date ? longDate(date) : 'Today'}</h3>
          <Legend />
          {booking && (
            <BookingPanel
              booking={booking}
              canAct={canAct}
              onMove={(to) => send({ type: 'list.act', action: to, id: booking._id })}
            />
          )}
        </div>
      }
      empty={<p className="py-6 text-center text-lg">The room has no tables: add them on Admin → Tables.</p>}
    >
      <li className="overflow-x-auto">
        <div className="min-w-[48rem]">
          <div className="relative ml-28 h-6 text-xs text-neutral-600" aria-hidden="true">
            {HOURS.map((hour) => (
              <span key={hour} className="absolute -translate-x-1/2" style={{ left: at(hour) }}>
                {clockOf(hour).slice(0, 2)}
              </span>
            ))}
          </div>
          <ul aria-label="Tables" className="grid gap-1">
            {rows.map((row) => (
              <li key={row._id} className="flex items-stretch gap-2">
                <div className="w-26 shrink-0 py-2 text-sm">
                  <p className="font-bold">{row.table.name}</p>
                  <p className="text-neutral-600">
                    {row.table.minSeats}–{row.table.maxSeats} seats
                  </p>
                </div>
                <ul
                  aria-label={`Bookings at ${row.table.name}`}
                  className="relative h-14 flex-1 rounded-lg bg-neutral-50 ring-1 ring-neutral-200"
                >
                  {row.bookings.map((entry) => (
                    <li
                      key={entry._id}
                      className="absolute inset-y-1"
                      style={{
                        left: at(minuteOfClock(entry.time)),
                        width: `calc(${at(minuteOfClock(entry.endTime))} - ${at(minuteOfClock(entry.time))})`,
                      }}
                    >
                      <button
                        type="button"
                        aria-pressed={picked === entry._id}
                        className={`size-full overflow-hidden rounded-md px-1 text-left text-xs ring-1 aria-pressed:ring-2 ${STATE_STYLE[entry.state]}`}
                        onClick={() => setPicked(entry._id)}
                      >
                        <span className="block truncate font-bold">{entry.name}</span>
                        <span className="block truncate">
                          {clockText(entry.time)} · {entry.persons} · {BOOKING_STATE_LABELS[entry.state]}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </li>
    </ListTable>
  );
}
