import { fromPromise } from 'xstate';
import { bookingFlowMachine } from '../../machines/booking-flow.machine.ts';
import { fetchFreeTimes, storeBooking } from '../api/bookings.ts';
import { rejectReadably } from '../ui/failure.ts';
import { standalone, useLogic } from './context.tsx';

export const bookingLogic = standalone(() => ({
  /**
   * Both booking forms: the Reservation page (free times, then the guest's details) and Home's Book a
   * Table (its own time, stored or the nearest free times offered). A stored booking is summed up in
   * place of the form, a refusal shown in it: nothing is toasted.
   */
  bookingFlow: bookingFlowMachine.provide({
    actors: {
      fetchTimes: fromPromise(({ input }) => fetchFreeTimes(input.date, input.persons).catch(rejectReadably)),
      storeBooking: fromPromise(({ input }) => storeBooking(input).catch(rejectReadably)),
    },
  }),
}));

/** The booking pages' machines: a guest's as much as anyone's. */
export const useBookingLogic = () => useLogic(bookingLogic);
