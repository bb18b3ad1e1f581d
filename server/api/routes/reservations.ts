import type { Context } from 'hono';
import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import type { BookingLimiter } from '../middleware/rate-limit.ts';
import { type BookingDeps, NoTableFree, readAvailability } from '../services/availability.ts';
import { createReservation } from '../services/reservations.ts';
import type { RegisterRoute, RouteEnv } from './table.ts';

/**
 * A refusal for want of a table carries the nearest free times beside its message ({ message, times }),
 * so the form offers them at once; every other refusal is the app's error handler's.
 */
export async function offeringTimes<T>(c: Context, work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NoTableFree) return c.json({ message: error.message, times: error.times }, 409);
    throw error;
  }
}

/**
 * Anyone may book, signed in or not, so the quotas stand in for an account: every attempt from an
 * address (the form checks the same rules before sending, so a person's typos never count), then the
 * bookings in one e-mail's name from anywhere. The free times are anyone's to ask for.
 */
export function reservationRoutes(
  on: RegisterRoute,
  db: Database,
  limits: { reservations: BookingLimiter },
  bookings: BookingDeps,
) {
  const { byAddress, byEmail } = limits.reservations;
  on(ROUTES.book, (c, { body }) => offeringTimes(c, () => createReservation(db, bookings, body)), {
    before: [byAddress],
    after: [byEmail<RouteEnv<typeof ROUTES.book>>((c) => c.var.input.body.email)],
  });
  on(ROUTES.availability, async (c, { query }) => {
    c.header('Cache-Control', 'no-store');
    return readAvailability(db, bookings.clock, query.date, query.persons);
  });
}
