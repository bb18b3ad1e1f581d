import type { Availability } from '../../../../contract/booking.ts';
import type { Reservation } from '../../../../contract/reservation.ts';
import { type BookingOutcome, bookingFlowMachine } from '../../../../machines/booking-flow.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const day = { date: '2026-12-01', persons: 6 };
export const availability: Availability = { ...day, stayMinutes: 120, times: ['18:45', '19:00'] };
export const booking: Reservation = {
  name: 'Nadia Rahman',
  email: 'nadia@example.com',
  ...day,
  time: '19:00',
};
export const stored: BookingOutcome = {
  stored: { insertedId: 'b1', reference: 'K7M29QHD', state: 'booked' },
};
export const full: BookingOutcome = {
  full: {
    message: 'No table for 6 is free at 19:00. Please choose one of the nearest free times',
    times: ['20:30'],
  },
};

const pending = bookingFlowMachine.provide({
  actors: {
    fetchTimes: neverAnswers<Availability, { date: string; persons: number }>(),
    storeBooking: neverAnswers<BookingOutcome, Reservation>(),
  },
});

export const bookingFlowModel = defineModel(pending, [
  {
    events: (snapshot) =>
      [
        { type: 'booking.choose', ...day },
        { type: 'booking.retry' },
        { type: 'booking.pickTime', time: snapshot.matches('full') ? '20:30' : '19:00' },
        { type: 'booking.back' },
        { type: 'booking.submit', booking },
        { type: 'booking.again' },
        ...(snapshot.matches('loadingTimes')
          ? [
              { type: 'xstate.done.actor.fetchTimes', output: availability },
              { type: 'xstate.error.actor.fetchTimes', error: new Error('offline') },
            ]
          : []),
        ...(snapshot.matches('storing')
          ? [
              { type: 'xstate.done.actor.storeBooking', output: stored },
              { type: 'xstate.done.actor.storeBooking', output: full },
              { type: 'xstate.error.actor.storeBooking', error: new Error('offline') },
            ]
          : []),
      ] as never,
  },
]);
