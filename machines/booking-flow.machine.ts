import { assign, setup } from 'xstate';
import type { Availability, Booked, NoTableFree } from '../contract/booking.ts';
import type { Reservation } from '../contract/reservation.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/** What storing a booking comes to: stored, or refused for want of a table, with the nearest free times. */
export type BookingOutcome = { stored: Booked } | { full: NoTableFree };

export interface BookingFlowContext {
  date: string | null;
  persons: number | null;
  /** The day's free times for the party, as last read. */
  times: string[];
  /** The free time picked, which the guest's details then book. */
  time: string | null;
  /** The booking sent last (or being sent). */
  booking: Reservation | null;
  /** What the server stored. */
  booked: Booked | null;
  /** The nearest free times the server offered when the time asked for had no table. */
  alternatives: string[];
  /** Why the last call failed, or why the time was refused. */
  error: string | null;
  /** The booking came straight from a form that carries its own time (Home's), not from the times. */
  direct: boolean;
}

export type BookingFlowEvent =
  | { type: 'booking.choose'; date: string; persons: number }
  | { type: 'booking.retry' }
  | { type: 'booking.pickTime'; time: string }
  | { type: 'booking.back' }
  | { type: 'booking.submit'; booking: Reservation }
  | { type: 'booking.again' };

const EMPTY: BookingFlowContext = {
  date: null,
  persons: null,
  times: [],
  time: null,
  booking: null,
  booked: null,
  alternatives: [],
  error: null,
  direct: false,
};

/**
 * A table booked online (docs/decisions/034-tables-and-bookings.md). The Reservation page: a date and a
 * party → the free times → a time picked → the guest's details → stored, or, when another guest took the
 * last table meanwhile, full: the nearest free times offered instead, one picked books it. Home's spec
 * form sends its whole booking at once (its own time) and gets the same answer: stored, or full with
 * the nearest free times.
 */
export const bookingFlowMachine = setup({
  types: {
    context: {} as BookingFlowContext,
    events: {} as BookingFlowEvent,
  },
  actors: {
    fetchTimes: providedLater<Availability, { date: string; persons: number }>('fetchTimes'),
    storeBooking: providedLater<BookingOutcome, Reservation>('storeBooking'),
  },
  guards: {
    isFull: (_, params: { outcome: BookingOutcome }) => 'full' in params.outcome,
    isDirect: ({ context }) => context.direct,
  },
  actions: {
    choose: assign(({ event }) =>
      event.type === 'booking.choose' ? { ...EMPTY, date: event.date, persons: event.persons } : {},
    ),
    sendDirect: assign(({ event }) =>
      event.type === 'booking.submit'
        ? { booking: event.booking, direct: true, error: null, alternatives: [] }
        : {},
    ),
  },
}).createMachine({
  id: 'bookingFlow',
  context: EMPTY,
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'booking.choose': { target: 'loadingTimes', actions: 'choose' },
        'booking.submit': { target: 'storing', actions: 'sendDirect' },
      },
    },
    loadingTimes: {
      invoke: {
        id: 'fetchTimes',
        src: 'fetchTimes',
        // Reached only by booking.choose, which sets both.
        input: ({ context }) => ({ date: context.date!, persons: context.persons! }),
        onDone: { target: 'times', actions: assign({ times: ({ event }) => event.output.times }) },
        onError: {
          target: 'timesFailed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    timesFailed: {
      on: {
        'booking.retry': { target: 'loadingTimes', actions: assign({ error: null }) },
        'booking.choose': { target: 'loadingTimes', actions: 'choose' },
      },
    },
    times: {
      on: {
        'booking.pickTime': { target: 'details', actions: assign({ time: ({ event }) => event.time }) },
        'booking.choose': { target: 'loadingTimes', actions: 'choose' },
      },
    },
    details: {
      on: {
        'booking.submit': {
          target: 'storing',
          actions: assign({ booking: ({ event }) => event.booking, direct: false, error: null }),
        },
        'booking.back': { target: 'times', actions: assign({ error: null }) },
        'booking.choose': { target: 'loadingTimes', actions: 'choose' },
      },
    },
    storing: {
      invoke: {
        id: 'storeBooking',
        src: 'storeBooking',
        // Reached only by a booking.submit or a time picked after one, which set it.
        input: ({ context }) => context.booking!,
        onDone: [
          {
            guard: { type: 'isFull', params: ({ event }) => ({ outcome: event.output }) },
            target: 'full',
            actions: assign(({ event }) =>
              'full' in event.output
                ? { alternatives: event.output.full.times, error: event.output.full.message }
                : {},
            ),
          },
          {
            target: 'stored',
            actions: assign(({ event }) => ('stored' in event.output ? { booked: event.output.stored } : {})),
          },
        ],
        onError: [
          {
            guard: 'isDirect',
            target: 'choosing',
            actions: assign({ error: ({ event }) => errorMessage(event.error) }),
          },
          { target: 'details', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    full: {
      on: {
        'booking.pickTime': {
          target: 'storing',
          actions: assign({
            booking: ({ context, event }) => ({ ...context.booking!, time: event.time }),
            time: ({ event }) => event.time,
            error: null,
          }),
        },
        'booking.submit': { target: 'storing', actions: 'sendDirect' },
        'booking.choose': { target: 'loadingTimes', actions: 'choose' },
      },
    },
    stored: {
      on: { 'booking.again': { target: 'choosing', actions: assign(() => EMPTY) } },
    },
  },
});
