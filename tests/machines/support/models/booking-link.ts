import type { SnapshotFrom } from 'xstate';
import type { Availability, BookingView } from '../../../../contract/booking.ts';
import { bookingLinkMachine, type MoveOutcome } from '../../../../machines/booking-link.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const view: BookingView = {
  reference: 'K7M29QHD',
  name: 'Nadia Rahman',
  persons: 6,
  date: '2026-12-01',
  time: '19:00',
  endTime: '21:00',
  state: 'booked',
  changeableUntil: '2026-12-01T11:00:00.000Z',
  cancelCutoffMinutes: 120,
};
export const moved: BookingView = { ...view, time: '20:30', endTime: '22:30' };
export const cancelled: BookingView = { ...view, state: 'cancelled', changeableUntil: null };
export const times: Availability = {
  date: view.date,
  persons: 6,
  stayMinutes: 120,
  times: ['19:00', '20:30'],
};
export const taken: MoveOutcome = {
  full: {
    message: 'No table for 6 is free at 20:30. Please choose one of the nearest free times',
    times: ['21:00'],
  },
};

const pending = bookingLinkMachine.provide({
  actors: {
    fetchBooking: neverAnswers<BookingView>(),
    fetchTimes: neverAnswers<Availability, { date: string | null }>(),
    moveBooking: neverAnswers<MoveOutcome, { date: string; time: string }>(),
    cancelBooking: neverAnswers<BookingView>(),
  },
});

const answers = (snapshot: SnapshotFrom<typeof bookingLinkMachine>) => [
  ...(snapshot.matches('loading')
    ? [
        { type: 'xstate.done.actor.fetchBooking', output: view },
        { type: 'xstate.error.actor.fetchBooking', error: new Error('This booking link is not valid') },
      ]
    : []),
  ...(snapshot.matches('loadingTimes')
    ? [
        { type: 'xstate.done.actor.fetchTimes', output: times },
        { type: 'xstate.error.actor.fetchTimes', error: new Error('offline') },
      ]
    : []),
  ...(snapshot.matches('moving')
    ? [
        { type: 'xstate.done.actor.moveBooking', output: { moved } },
        { type: 'xstate.done.actor.moveBooking', output: taken },
        {
          type: 'xstate.error.actor.moveBooking',
          error: new Error('It is less than 2 hours before your table'),
        },
      ]
    : []),
  ...(snapshot.matches('cancelling')
    ? [
        { type: 'xstate.done.actor.cancelBooking', output: cancelled },
        { type: 'xstate.error.actor.cancelBooking', error: new Error('This booking is already cancelled') },
      ]
    : []),
];

export const bookingLinkModel = defineModel(pending, [
  {
    events: (snapshot) =>
      [
        { type: 'link.retry' },
        { type: 'link.change' },
        { type: 'link.day', date: '2026-12-02' },
        { type: 'link.pickTime', time: '20:30' },
        { type: 'link.close' },
        { type: 'link.cancel' },
        ...answers(snapshot),
      ] as never,
  },
]);
