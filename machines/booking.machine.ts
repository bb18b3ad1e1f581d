import { assign, fromPromise, setup } from 'xstate';
import type { Reservation } from '../server/contract/reservation.ts';

/** A table booking: a valid form is submitted once at a time; success and failure are announced. */
export const bookingMachine = setup({
  types: {
    context: {} as { booked: number; error: string | undefined },
    events: {} as { type: 'booking.submit'; booking: Reservation },
  },
  actors: {
    submitBooking: fromPromise<string, Reservation>(async () => {
      throw new Error('submitBooking is provided by src/actors');
    }),
  },
  actions: {
    announceBooked: () => {},
    announceFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'booking',
  context: { booked: 0, error: undefined },
  initial: 'editing',
  states: {
    editing: {
      on: { 'booking.submit': 'submitting' },
    },
    submitting: {
      invoke: {
        id: 'submitBooking',
        src: 'submitBooking',
        input: ({ event }) => (event as { booking: Reservation }).booking,
        onDone: {
          target: 'editing',
          actions: [
            assign({ booked: ({ context }) => context.booked + 1, error: undefined }),
            'announceBooked',
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
            { type: 'announceFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
