import { and, asc, eq, exists, getTableColumns, inArray, isNull, or } from 'drizzle-orm';
import type { ReservationFilters, ReservationRow } from '../../../contract/admin.ts';
import {
  type Booked,
  clockOf,
  type DayBooking,
  type DayTable,
  stayMinutes,
  type WalkIn,
} from '../../../contract/booking.ts';
import { minuteOfClock } from '../../../contract/opening-hours.ts';
import type { Page } from '../../../contract/paging.ts';
import type { Reservation } from '../../../contract/reservation.ts';
import type { Database } from '../../db/client.ts';
import { diningTables, reservations, reservationTables } from '../../db/schema.ts';
import {
  assertAhead,
  assertWithinHours,
  type BookingDeps,
  bookingHours,
  holdTables,
  takeTables,
} from './availability.ts';
import { factsOf, recordBookingEvent } from './booking-lifecycle.ts';
import { bookingMail, enqueueBookingMail } from './booking-mail.ts';
import { newBookingReference } from './booking-reference.ts';
import {
  afterCursor,
  afterCursorOldestFirst,
  cursorAt,
  newestFirst,
  oldestFirst,
  type PageRequest,
  toPage,
} from './paging.ts';
import { lockRoomDay, readRoomSettings, tableAnswer } from './room.ts';

/** The last minute a stay may reach: a walk-in seated late leaves by midnight on the day view. */
const END_OF_DAY = 24 * 60;

/**
 * Stores a booking at tables free for its whole stay, and, in the same transaction, its event and its
 * mail: all or nothing, except that a mailbox over its daily share of confirmations (booking-mail.ts)
 * gets the booking without the mail. The day's lock makes concurrent bookings take turns, on any API
 * process: the one that finds no table left is refused with the nearest free times (NoTableFree).
 * Pending while the owner confirms each booking by hand.
 */
export async function createReservation(
  db: Database,
  deps: BookingDeps,
  booking: Reservation,
): Promise<Booked> {
  const { clock, links } = deps;
  const start = minuteOfClock(booking.time);
  assertAhead(clock, booking.date, start);
  return db.transaction(async (tx) => {
    await lockRoomDay(tx, booking.date);
    const settings = await readRoomSettings(tx);
    const hours = await bookingHours(tx, booking.date);
    assertWithinHours(hours, start);
    const span = { date: booking.date, start, end: start + stayMinutes(settings, booking.persons) };
    const tables = await takeTables(tx, { ...span, settings, hours, clock, persons: booking.persons });
    const state = settings.confirmByHand ? 'pending' : 'booked';
    const [row] = await tx
      .insert(reservations)
      .values({
        name: booking.name,
        email: booking.email,
        persons: booking.persons,
        date: booking.date,
        time: booking.time,
        phone: booking.phone || null,
        reference: newBookingReference(),
        state,
        startsAt: clock.instant(span.date, span.start),
        endsAt: clock.instant(span.date, span.end),
      })
      .returning();
    const reference = row!.reference!;
    await holdTables(tx, row!.id, tables, span);
    await recordBookingEvent(tx, { reservationId: row!.id, from: null, to: state, by: 'guest' });
    const confirmation = bookingMail(factsOf(row!), {
      state,
      link: links.url(reference),
      cutoffMinutes: settings.cancelCutoffMinutes,
    });
    if (await enqueueBookingMail(tx, confirmation)) {
      await tx.update(reservations).set({ mailed: true }).where(eq(reservations.id, row!.id));
    }
    return { insertedId: row!.id, reference, state };
  });
}

/**
 * A party that came in without a booking, seated now at tables free for its stay (NoTableFree when
 * none is, with the day's next free times). No mail: a walk-in gives no address.
 */
export async function seatWalkIn(
  db: Database,
  { clock }: BookingDeps,
  uid: string,
  walkIn: WalkIn,
): Promise<Booked & { tables: string[] }> {
  const date = clock.today();
  const start = clock.minuteOfDay();
  return db.transaction(async (tx) => {
    await lockRoomDay(tx, date);
    const settings = await readRoomSettings(tx);
    const span = { date, start, end: Math.min(END_OF_DAY, start + stayMinutes(settings, walkIn.persons)) };
    // Staff seat a walk-in whenever the door is open; the day's hours only say which times come next.
    const hours = await bookingHours(tx, date);
    const tables = await takeTables(tx, { ...span, settings, hours, clock, persons: walkIn.persons });
    const [row] = await tx
      .insert(reservations)
      .values({
        name: walkIn.name || 'Walk-in',
        email: '',
        persons: walkIn.persons,
        date,
        time: clockOf(start),
        reference: newBookingReference(),
        state: 'seated',
        walkIn: true,
        startsAt: clock.now(),
        endsAt: clock.instant(date, span.end),
      })
      .returning({ id: reservations.id, reference: reservations.reference });
    await holdTables(tx, row!.id, tables, span);
    await recordBookingEvent(tx, { reservationId: row!.id, from: null, to: 'seated', by: 'staff', uid });
    return {
      insertedId: row!.id,
      reference: row!.reference!,
      state: 'seated',
      tables: tables.map((table) => table.name),
    };
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
    reference: row.reference,
    state: row.state,
    walkIn: row.walkIn,
  }));
}

/**
 * The owner's day: the room's tables a page at a time (in the room's order; a table since removed
 * while it had bookings that day too), each with the bookings it had that day, earliest first, every
 * state included.
 */
export async function listDay(
  db: Database,
  { date, limit, cursor }: PageRequest & { date: string },
): Promise<Page<DayTable>> {
  const usedThatDay = exists(
    db
      .select({ one: reservationTables.tableId })
      .from(reservationTables)
      .where(and(eq(reservationTables.tableId, diningTables.id), eq(reservationTables.date, date))),
  );
  const tables = await db
    .select({ ...getTableColumns(diningTables), cursorAt: cursorAt(diningTables) })
    .from(diningTables)
    .where(and(or(isNull(diningTables.removedAt), usedThatDay), afterCursorOldestFirst(diningTables, cursor)))
    .orderBy(...oldestFirst(diningTables))
    .limit(limit + 1);
  const shown = tables.slice(0, limit).map((table) => table.id);
  const spans =
    shown.length === 0
      ? []
      : await db
          .select({
            tableId: reservationTables.tableId,
            start: reservationTables.startMinute,
            end: reservationTables.endMinute,
            booking: reservations,
          })
          .from(reservationTables)
          .innerJoin(reservations, eq(reservations.id, reservationTables.reservationId))
          .where(and(eq(reservationTables.date, date), inArray(reservationTables.tableId, shown)))
          .orderBy(asc(reservationTables.startMinute), asc(reservations.createdAt));
  const bookingIds = [...new Set(spans.map((span) => span.booking.id))];
  const seatedAt =
    bookingIds.length === 0
      ? []
      : await db
          .select({ reservationId: reservationTables.reservationId, name: diningTables.name })
          .from(reservationTables)
          .innerJoin(diningTables, eq(diningTables.id, reservationTables.tableId))
          .where(inArray(reservationTables.reservationId, bookingIds))
          .orderBy(asc(diningTables.createdAt));
  const tableNames = (id: string) =>
    seatedAt.filter((seat) => seat.reservationId === id).map((seat) => seat.name);
  const dayBooking = ({ start, end, booking }: (typeof spans)[number]): DayBooking => ({
    _id: booking.id,
    reference: booking.reference,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    persons: booking.persons,
    time: clockOf(start),
    endTime: clockOf(end),
    state: booking.state,
    walkIn: booking.walkIn,
    tables: tableNames(booking.id),
  });
  return toPage(tables, limit, (table) => ({
    _id: table.id,
    table: tableAnswer(table),
    bookings: spans.filter((span) => span.tableId === table.id).map(dayBooking),
  }));
}
