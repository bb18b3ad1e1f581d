import { fromPromise } from 'xstate';
import { bookingLinkMachine } from '../../machines/booking-link.machine.ts';
import {
  cancelGuestBooking,
  fetchGuestBooking,
  fetchGuestTimes,
  type LinkKey,
  moveGuestBooking,
} from '../api/bookings.ts';
import { rejectReadably } from '../ui/failure.ts';
import { standalone, useLogic } from './context.tsx';

/**
 * A guest's booking, opened from its signed link: the page makes one machine for the link it was given.
 * Apart from the booking forms' logic, so that Home does not carry it.
 */
export const bookingLinkLogic = standalone(() => ({
  bookingLink: (link: LinkKey) =>
    bookingLinkMachine.provide({
      actors: {
        fetchBooking: fromPromise(() => fetchGuestBooking(link).catch(rejectReadably)),
        fetchTimes: fromPromise(({ input }) => fetchGuestTimes(link, input.date).catch(rejectReadably)),
        moveBooking: fromPromise(({ input }) => moveGuestBooking(link, input).catch(rejectReadably)),
        cancelBooking: fromPromise(() => cancelGuestBooking(link).catch(rejectReadably)),
      },
    }),
}));

export const useBookingLinkLogic = () => useLogic(bookingLinkLogic);
