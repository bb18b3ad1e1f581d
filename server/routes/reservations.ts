import { Hono } from 'hono';
import { reservationSchema } from '../contract/reservation.ts';
import type { Database } from '../db/client.ts';
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

export function reservationRoutes(db: Database) {
  return new Hono().post('/reservations', async (c) => {
    const booking = parseOr400(BookingSchema, await jsonBody(c.req.raw));
    return c.json({ insertedId: await createReservation(db, booking) }, 201);
  });
}
