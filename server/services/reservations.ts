import { desc } from 'drizzle-orm';
import type { ReservationRow } from '../contract/admin.ts';
import type { Reservation } from '../contract/reservation.ts';
import type { Database } from '../db/client.ts';
import { reservations } from '../db/schema.ts';

export async function createReservation(db: Database, booking: Reservation): Promise<string> {
  const [row] = await db
    .insert(reservations)
    .values({
      name: booking.name,
      email: booking.email,
      persons: booking.persons,
      date: booking.date,
      time: booking.time ?? null,
      phone: booking.phone || null,
    })
    .returning({ id: reservations.id });
  return row!.id;
}

/** Every booking, newest first (the admin's list). */
export async function listReservations(db: Database): Promise<ReservationRow[]> {
  const rows = await db
    .select()
    .from(reservations)
    .orderBy(desc(reservations.createdAt), desc(reservations.id));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    persons: row.persons,
    date: row.date,
    time: row.time,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
  }));
}
