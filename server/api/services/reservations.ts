import { and, eq, getTableColumns } from 'drizzle-orm';
import type { ReservationFilters, ReservationRow } from '../../../contract/admin.ts';
import type { Page } from '../../../contract/paging.ts';
import type { Reservation } from '../../../contract/reservation.ts';
import type { Database } from '../../db/client.ts';
import { reservations } from '../../db/schema.ts';
import { enqueueBookingMail } from './booking-mail.ts';
import { afterCursor, cursorAt, newestFirst, type PageRequest, toPage } from './paging.ts';

/**
 * Stores a booking and, in the same transaction, its confirmation mail: both or neither, except that a
 * mailbox over its daily share of confirmations (booking-mail.ts) gets the booking without the mail.
 */
export async function createReservation(db: Database, booking: Reservation): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    await enqueueBookingMail(tx, row!.id, booking);
    return row!.id;
  });
}

/** A page of bookings, newest first (the admin's list), of one day or all. */
export async function listReservations(
  db: Database,
  { date, limit, cursor }: PageRequest & ReservationFilters,
): Promise<Page<ReservationRow>> {
  const rows = await db
    .select({ ...getTableColumns(reservations), cursorAt: cursorAt(reservations) })
    .from(reservations)
    .where(
      and(date === undefined ? undefined : eq(reservations.date, date), afterCursor(reservations, cursor)),
    )
    .orderBy(...newestFirst(reservations))
    .limit(limit + 1);
  return toPage(rows, limit, (row) => ({
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
