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
