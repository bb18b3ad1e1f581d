import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bookingMachine } from '../../machines/booking.machine.ts';
import type { Reservation } from '../../server/contract/reservation.ts';
import { expectFullCoverage, walkModel } from './support/model.ts';

const booking: Reservation = { name: 'Nadia', email: 'nadia@example.com', persons: 2, date: '2099-01-01' };

describe('booking machine', () => {
  it('walks every state and transition', () => {
    const pending = bookingMachine.provide({
      actors: { submitBooking: fromPromise(() => new Promise<string>(() => {})) },
    });
    const coverage = walkModel(pending, [
      {
        // `booked` counts without bound: one completed booking is enough to reach every transition.
        events: (snapshot) =>
          [
            ...(snapshot.context.booked < 2 ? [{ type: 'booking.submit', booking }] : []),
            ...(snapshot.matches('submitting')
              ? [
                  { type: 'xstate.done.actor.submitBooking', output: 'id-1' },
                  { type: 'xstate.error.actor.submitBooking', error: 'Date can not be in the past' },
                ]
              : []),
          ] as never,
      },
    ]);
    expectFullCoverage(coverage);
  });

  it('submits once at a time and announces the result', async () => {
    const submit = vi.fn(async () => 'id-1');
    const announceBooked = vi.fn();
    const actor = createActor(
      bookingMachine.provide({ actors: { submitBooking: fromPromise(submit) }, actions: { announceBooked } }),
    ).start();
    actor.send({ type: 'booking.submit', booking });
    actor.send({ type: 'booking.submit', booking });
    await new Promise((r) => setTimeout(r, 0));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(announceBooked).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toEqual({ booked: 1, error: undefined });
  });

  it('keeps the server’s message when the booking is refused', async () => {
    const announceFailure = vi.fn();
    const actor = createActor(
      bookingMachine.provide({
        actors: {
          submitBooking: fromPromise(async () => Promise.reject(new Error('Date can not be in the past'))),
        },
        actions: { announceFailure },
      }),
    ).start();
    actor.send({ type: 'booking.submit', booking });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({ booked: 0, error: 'Date can not be in the past' });
    expect(announceFailure).toHaveBeenCalledOnce();
  });
});
