import { Hono } from 'hono';
import { type Reservation, reservationSchema } from '../../../contract/reservation.ts';
import type { Database } from '../../db/client.ts';
import type { BookingLimiter } from '../middleware/rate-limit.ts';
import { jsonBody, parseOr400 } from '../middleware/validate.ts';
import { createReservation } from '../services/reservations.ts';

/**
 * The earliest "today" anywhere on Earth (UTC-12), so a guest whose calendar is ahead of the
 * server's is never told their date is in the past.
 */
function earliestToday(): string {
  return new Date(Date.now() - 12 * 3_600_000).toISOString().slice(0, 10);
}

const BookingSchema = reservationSchema(earliestToday);

/** The booking, parsed once and read by the per-e-mail limit and the handler. */
type Parsed = { Variables: { booking: Reservation } };

/**
 * Anyone may book, signed in or not, so the quotas stand in for an account: every attempt from an
 * address (the form checks the same rules before sending, so a person's typos never count), then the
 * bookings in one e-mail's name from anywhere.
 */
export function reservationRoutes(db: Database, limits: { reservations: BookingLimiter }) {
  const { byAddress, byEmail } = limits.reservations;
  return new Hono<Parsed>().post(
    '/reservations',
    byAddress,
    async (c, next) => {
      c.set('booking', parseOr400(BookingSchema, await jsonBody(c.req.raw)));
      await next();
    },
    byEmail<Parsed>((c) => c.var.booking.email),
    async (c) => c.json({ insertedId: await createReservation(db, c.var.booking) }, 201),
  );
}
