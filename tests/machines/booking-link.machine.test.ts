import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Availability, BookingView } from '../../contract/booking.ts';
import { bookingLinkMachine, type MoveOutcome } from '../../machines/booking-link.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { bookingLinkModel, cancelled, moved, taken, times, view } from './support/models/booking-link.ts';

function linkWith(answers: {
  move?: (to: { date: string; time: string }) => Promise<MoveOutcome>;
  cancel?: () => Promise<BookingView>;
  times?: (day: { date: string | null }) => Promise<Availability>;
}) {
  return createActor(
    bookingLinkMachine.provide({
      actors: {
        fetchBooking: fromPromise(async () => view),
        fetchTimes: fromPromise(({ input }) => (answers.times ?? (async () => times))(input)),
        moveBooking: fromPromise(({ input }) => (answers.move ?? (async () => ({ moved })))(input)),
        cancelBooking: fromPromise(answers.cancel ?? (async () => cancelled)),
      },
    }),
  ).start();
}

describe('booking link machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(bookingLinkModel);
  });

  it('moves the booking to a time of another day', async () => {
    const fetchTimes = vi.fn(async ({ date }: { date: string | null }) => ({
      ...times,
      date: date ?? view.date,
    }));
    const move = vi.fn(async () => ({ moved }) as MoveOutcome);
    const actor = linkWith({ times: fetchTimes, move });
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'link.change' });
    await waitFor(actor, (s) => s.matches('choosingTime'));
    expect(fetchTimes).toHaveBeenLastCalledWith({ date: null });
    actor.send({ type: 'link.day', date: '2026-12-02' });
    await waitFor(actor, (s) => s.matches('choosingTime') && s.context.date === '2026-12-02');
    actor.send({ type: 'link.pickTime', time: '20:30' });
    const after = await waitFor(actor, (s) => s.matches('viewing'));
    expect(move).toHaveBeenCalledWith({ date: '2026-12-02', time: '20:30' });
    expect(after.context.booking).toEqual(moved);
  });

  it('offers the nearest free times when the time was taken meanwhile', async () => {
    const actor = linkWith({ move: async () => taken });
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'link.change' });
    await waitFor(actor, (s) => s.matches('choosingTime'));
    actor.send({ type: 'link.pickTime', time: '20:30' });
    const refused = await waitFor(actor, (s) => s.matches('choosingTime') && s.context.error !== null);
    expect(refused.context.times).toEqual(['21:00']);
  });

  it('cancels, and keeps the booking as it was when the server refuses', async () => {
    const ok = linkWith({});
    await waitFor(ok, (s) => s.matches('viewing'));
    ok.send({ type: 'link.cancel' });
    expect((await waitFor(ok, (s) => s.context.booking?.state === 'cancelled')).value).toBe('viewing');
    const late = linkWith({
      cancel: () => Promise.reject(new Error('It is less than 2 hours before your table')),
    });
    await waitFor(late, (s) => s.matches('viewing'));
    late.send({ type: 'link.cancel' });
    const refused = await waitFor(late, (s) => s.matches('viewing') && s.context.error !== null);
    expect(refused.context.booking).toEqual(view);
  });
});
