import { fromPromise } from 'xstate';
import { bookingMachine } from '../../machines/booking.machine.ts';
import type { Reservation } from '../../server/contract/reservation.ts';
import { postReservation } from '../api/reservations.ts';
import { describeFailure } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';

export const liveBookingMachine = bookingMachine.provide({
  actors: {
    submitBooking: fromPromise<string, Reservation>(async ({ input }) => {
      try {
        return await postReservation(input);
      } catch (error) {
        throw new Error(describeFailure(error).message);
      }
    }),
  },
  actions: {
    announceBooked: () => notify.success('Your table is booked. See you soon!'),
    announceFailure: (_, { error }) => notify.error(error instanceof Error ? error.message : String(error)),
  },
});
