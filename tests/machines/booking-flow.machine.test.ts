import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Availability } from '../../contract/booking.ts';
import type { Reservation } from '../../contract/reservation.ts';
import { type BookingOutcome, bookingFlowMachine } from '../../machines/booking-flow.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { availability, booking, bookingFlowModel, day, full, stored } from './support/models/booking-flow.ts';

function flowWith(answers: {
  times?: () => Promise<Availability>;
  store?: (b: Reservation) => Promise<BookingOutcome>;
}) {
  return createActor(
    bookingFlowMachine.provide({
      actors: {
        fetchTimes: fromPromise(answers.times ?? (async () => availability)),
        storeBooking: fromPromise(({ input }) => (answers.store ?? (async () => stored))(input)),
      },
    }),
  ).start();
}

describe('booking flow machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(bookingFlowModel);
  });

  it('goes from a date and a party to the free times, a time, the details and a stored booking', async () => {
    const store = vi.fn(async () => stored);
    const actor = flowWith({ store });
    actor.send({ type: 'booking.choose', ...day });
    expect(actor.getSnapshot().value).toBe('loadingTimes');
    const shown = await waitFor(actor, (s) => s.matches('times'));
    expect(shown.context.times).toEqual(availability.times);
    actor.send({ type: 'booking.pickTime', time: '18:45' });
    expect(actor.getSnapshot().context).toMatchObject({ date: day.date, persons: 6, time: '18:45' });
    actor.send({ type: 'booking.submit', booking: { ...booking, time: '18:45' } });
    const done = await waitFor(actor, (s) => s.matches('stored'));
    expect(done.context.booked).toEqual((stored as { stored: unknown }).stored);
    expect(store).toHaveBeenCalledWith({ ...booking, time: '18:45' });
  });

  it('offers the nearest free times when the last table went meanwhile, and books the one picked', async () => {
    const store = vi.fn(async (sent: Reservation) => (sent.time === '19:00' ? full : stored));
    const actor = flowWith({ store });
    actor.send({ type: 'booking.submit', booking });
    const refused = await waitFor(actor, (s) => s.matches('full'));
    expect(refused.context).toMatchObject({
      alternatives: ['20:30'],
      error: (full as { full: { message: string } }).full.message,
    });
    actor.send({ type: 'booking.pickTime', time: '20:30' });
    await waitFor(actor, (s) => s.matches('stored'));
    expect(store).toHaveBeenLastCalledWith({ ...booking, time: '20:30' });
  });

  it('keeps Home’s form and the Reservation page’s details apart when storing fails', async () => {
    const failing = async () => Promise.reject(new Error('We could not reach Pizzon.'));
    const home = flowWith({ store: failing });
    home.send({ type: 'booking.submit', booking });
    expect(
      (await waitFor(home, (s) => s.matches('choosing') && s.context.error !== null)).context.error,
    ).toBe('We could not reach Pizzon.');
    const page = flowWith({ store: failing });
    page.send({ type: 'booking.choose', ...day });
    await waitFor(page, (s) => s.matches('times'));
    page.send({ type: 'booking.pickTime', time: '19:00' });
    page.send({ type: 'booking.submit', booking });
    const back = await waitFor(page, (s) => s.matches('details') && s.context.error !== null);
    expect(back.context).toMatchObject({ time: '19:00', booking });
  });

  it('starts afresh for another booking', async () => {
    const actor = flowWith({});
    actor.send({ type: 'booking.submit', booking });
    await waitFor(actor, (s) => s.matches('stored'));
    actor.send({ type: 'booking.again' });
    expect(actor.getSnapshot().context).toMatchObject({ booking: null, booked: null, date: null });
  });
});
