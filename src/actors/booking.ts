import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { isoDate, reservationSchema } from '../../contract/reservation.ts';
import { createSubmitMachine } from '../../machines/submit.machine.ts';
import { postReservation } from '../api/reservations.ts';
import { rejectReadably } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { standalone, useLogic } from './context.tsx';

const schema = reservationSchema(() => isoDate(new Date()));

export const bookingLogic = standalone(() => ({
  /** Both booking forms (Home's Book a Table and the Reservation page) store a booking this way. */
  booking: createSubmitMachine('booking').provide({
    actors: {
      submit: fromPromise(({ input }) => postReservation(v.parse(schema, input)).catch(rejectReadably)),
    },
    // A stored booking is summed up in place of the form (src/components/booking-form.tsx), not toasted.
    actions: {
      announceFailure: (_, { message }) => notify.error(message),
    },
  }),
}));

/** The booking forms' machine: a guest's as much as anyone's. */
export const useBookingLogic = () => useLogic(bookingLogic);
