import { assign, setup } from 'xstate';
import type { Availability, BookingView, NoTableFree } from '../contract/booking.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/** What moving a booking comes to: moved, or refused for want of a table, with the nearest free times. */
export type MoveOutcome = { moved: BookingView } | { full: NoTableFree };

export interface BookingLinkContext {
  booking: BookingView | null;
  /** The day the guest looks at for another time (the booking's own until they choose another). */
  date: string | null;
  times: string[];
  error: string | null;
}

export type BookingLinkEvent =
  | { type: 'link.retry' }
  | { type: 'link.change' }
  | { type: 'link.day'; date: string }
  | { type: 'link.pickTime'; time: string }
  | { type: 'link.close' }
  | { type: 'link.cancel' };

/**
 * A guest's booking, opened from the signed link in its mail, no account needed: shown, moved to another
 * free time (the day's times offered, its own table counted free), or cancelled, up to the owner's
 * cut-off; the server refuses what is too late or taken, and the page says why.
 */
export const bookingLinkMachine = setup({
  types: {
    context: {} as BookingLinkContext,
    events: {} as BookingLinkEvent,
  },
  actors: {
    fetchBooking: providedLater<BookingView>('fetchBooking'),
    fetchTimes: providedLater<Availability, { date: string | null }>('fetchTimes'),
    moveBooking: providedLater<MoveOutcome, { date: string; time: string }>('moveBooking'),
    cancelBooking: providedLater<BookingView>('cancelBooking'),
  },
  guards: {
    isFull: (_, params: { outcome: MoveOutcome }) => 'full' in params.outcome,
  },
}).createMachine({
  id: 'bookingLink',
  context: { booking: null, date: null, times: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchBooking',
        src: 'fetchBooking',
        onDone: { target: 'viewing', actions: assign({ booking: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    loadFailed: { on: { 'link.retry': 'loading' } },
    viewing: {
      on: {
        'link.change': { target: 'loadingTimes', actions: assign({ date: null, error: null }) },
        'link.cancel': { target: 'cancelling', actions: assign({ error: null }) },
      },
    },
    loadingTimes: {
      invoke: {
        id: 'fetchTimes',
        src: 'fetchTimes',
        input: ({ context }) => ({ date: context.date }),
        onDone: {
          target: 'choosingTime',
          actions: assign({
            times: ({ event }) => event.output.times,
            date: ({ event }) => event.output.date,
          }),
        },
        onError: { target: 'viewing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    choosingTime: {
      on: {
        'link.day': {
          target: 'loadingTimes',
          actions: assign({ date: ({ event }) => event.date, error: null }),
        },
        'link.pickTime': { target: 'moving', actions: assign({ error: null }) },
        'link.close': { target: 'viewing', actions: assign({ error: null }) },
      },
    },
    moving: {
      invoke: {
        id: 'moveBooking',
        src: 'moveBooking',
        input: ({ context, event }) => ({
          date: context.date!,
          time: event.type === 'link.pickTime' ? event.time : '',
        }),
        onDone: [
          {
            guard: { type: 'isFull', params: ({ event }) => ({ outcome: event.output }) },
            target: 'choosingTime',
            actions: assign(({ event }) =>
              'full' in event.output
                ? { times: event.output.full.times, error: event.output.full.message }
                : {},
            ),
          },
          {
            target: 'viewing',
            actions: assign(({ event }) => ('moved' in event.output ? { booking: event.output.moved } : {})),
          },
        ],
        onError: {
          target: 'choosingTime',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelBooking',
        src: 'cancelBooking',
        onDone: { target: 'viewing', actions: assign({ booking: ({ event }) => event.output }) },
        onError: { target: 'viewing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});
