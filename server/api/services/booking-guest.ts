// What a guest does through their booking's signed link, no account needed: see it, move it to another
// free time, or cancel it, up to the owner's cut-off before its time; the link works until the booking's
// stay is over (docs/decisions/034-tables-and-bookings.md).

import { eq } from 'drizzle-orm';
import {
  type Availability,
  type BookingView,
  clockOf,
  spanText,
  stayMinutes,
  type TimeChange,
} from '../../../contract/booking.ts';
import { BOOKING_STATE_LABELS, type BookingState } from '../../../contract/booking-lifecycle.ts';
import { minuteOfClock } from '../../../contract/opening-hours.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { reservations, reservationTables } from '../../db/schema.ts';
import { Conflict, NotFound } from '../domain-errors.ts';
import {
  assertAhead,
  assertWithinHours,
  type BookingDeps,
  bookingHours,
  holdTables,
  readAvailability,
  takeTables,
} from './availability.ts';
import {
  type BookingRow,
  factsOf,
  lockBooking,
  moveBooking,
  recordBookingEvent,
} from './booking-lifecycle.ts';
import { bookingChangedMail } from './booking-mail.ts';
import { REFERENCE_PATTERN } from './booking-reference.ts';
import { type Executor, enqueueMail } from './mail-outbox.ts';
import { lockRoomDay, readRoomSettings } from './room.ts';

export const LINK_NOT_VALID = 'This booking link is not valid';
export const LINK_EXPIRED = "This booking link has expired: the booking's time has passed";

/** What the guest's link names: the booking's reference and the key that proves the link is ours. */
export interface GuestLink {
  reference: string;
  key: string;
}

/** States in which the guest may still move or cancel the booking. */
const CHANGEABLE: readonly BookingState[] = ['pending', 'booked'];

/** The reference, if the key is its own (a tampered link names no booking). */
function checkedReference({ links }: BookingDeps, { reference, key }: GuestLink): string {
  if (!REFERENCE_PATTERN.test(reference) || !links.verifies(reference, key))
    throw new NotFound(LINK_NOT_VALID);
  return reference;
}

/** The link's booking, refused once its stay is over: the link has done its work then. */
function usable({ clock }: BookingDeps, row: BookingRow | undefined): BookingRow {
  if (!row) throw new NotFound(LINK_NOT_VALID);
  if (!row.endsAt || clock.now().getTime() >= row.endsAt.getTime()) throw new Conflict(LINK_EXPIRED);
  return row;
}

/** The cut-off before the booking's time, or null when the booking may no longer change online. */
function changeableUntil({ clock }: BookingDeps, row: BookingRow, cutoffMinutes: number): Date | null {
  const until = new Date(row.startsAt!.getTime() - cutoffMinutes * 60_000);
  return CHANGEABLE.includes(row.state) && clock.now().getTime() < until.getTime() ? until : null;
}

function assertBeforeCutoff(deps: BookingDeps, row: BookingRow, cutoffMinutes: number): void {
  if (changeableUntil(deps, row, cutoffMinutes)) return;
  throw new Conflict(
    `It is less than ${spanText(cutoffMinutes)} before your table: it can no longer be changed or cancelled online. Please call us`,
  );
}

async function viewOf(db: Executor, deps: BookingDeps, row: BookingRow): Promise<BookingView> {
  const { cancelCutoffMinutes } = await readRoomSettings(db);
  const [span] = await db
    .select({ end: reservationTables.endMinute })
    .from(reservationTables)
    .where(eq(reservationTables.reservationId, row.id))
    .limit(1);
  const start = minuteOfClock(row.time ?? '00:00');
  return {
    reference: row.reference!,
    name: row.name,
    persons: row.persons,
    date: row.date,
    time: row.time ?? '',
    endTime: clockOf(span?.end ?? start),
    state: row.state,
    changeableUntil: changeableUntil(deps, row, cancelCutoffMinutes)?.toISOString() ?? null,
    cancelCutoffMinutes,
  };
}

/** GET /bookings/:reference: the booking as its guest sees it. */
export async function viewBooking(db: Database, deps: BookingDeps, link: GuestLink): Promise<BookingView> {
  const reference = checkedReference(deps, link);
  const [row] = await db.select().from(reservations).where(eq(reservations.reference, reference));
  return viewOf(db, deps, usable(deps, row));
}

/** GET /bookings/:reference/times: the free times for its party on a day, its own tables counted free. */
export async function guestTimes(
  db: Database,
  deps: BookingDeps,
  link: GuestLink,
  date: string | undefined,
): Promise<Availability> {
  const reference = checkedReference(deps, link);
  const [row] = await db.select().from(reservations).where(eq(reservations.reference, reference));
  const booking = usable(deps, row);
  return readAvailability(db, deps.clock, date ?? booking.date, booking.persons, booking.id);
}

/** The link's booking, locked for the caller's transaction. */
async function lockedByLink(tx: Transaction, deps: BookingDeps, link: GuestLink): Promise<BookingRow> {
  const reference = checkedReference(deps, link);
  return usable(deps, await lockBooking(tx, { reference }, LINK_NOT_VALID));
}

/**
 * POST /bookings/:reference/cancel: the guest cancels, up to the cut-off; once is enough (a second
 * time is refused: it is already cancelled). The table is free again at once.
 */
export function cancelByGuest(db: Database, deps: BookingDeps, link: GuestLink): Promise<BookingView> {
  return db.transaction(async (tx) => {
    const row = await lockedByLink(tx, deps, link);
    // Already cancelled says more than "too late": the lifecycle's refusal first.
    const { cancelCutoffMinutes } = await readRoomSettings(tx);
    if (CHANGEABLE.includes(row.state)) assertBeforeCutoff(deps, row, cancelCutoffMinutes);
    const moved = await moveBooking(tx, deps, row, { to: 'cancelled', by: 'guest' });
    return viewOf(tx, deps, moved);
  });
}

/**
 * POST /bookings/:reference/time: the guest moves the booking to another day or time, up to the cut-off
 * before its present time, if tables (its own counted free) take the party for the new time's whole
 * stay; NoTableFree with the nearest free times otherwise. Its reminder is due again for the new time.
 */
export function changeByGuest(
  db: Database,
  deps: BookingDeps,
  link: GuestLink,
  change: TimeChange,
): Promise<BookingView> {
  const { clock, links } = deps;
  const start = minuteOfClock(change.time);
  assertAhead(clock, change.date, start);
  return db.transaction(async (tx) => {
    const row = await lockedByLink(tx, deps, link);
    if (!CHANGEABLE.includes(row.state)) {
      throw new Conflict(
        `This booking is ${BOOKING_STATE_LABELS[row.state].toLowerCase()}: its time can not be changed`,
      );
    }
    const settings = await readRoomSettings(tx);
    assertBeforeCutoff(deps, row, settings.cancelCutoffMinutes);
    // Both days' locks, always in the same order: two guests swapping days never wait on each other.
    for (const day of [...new Set([row.date, change.date])].sort()) await lockRoomDay(tx, day);
    const hours = await bookingHours(tx, change.date);
    assertWithinHours(hours, start);
    const span = { date: change.date, start, end: start + stayMinutes(settings, row.persons) };
    const tables = await takeTables(tx, {
      ...span,
      settings,
      hours,
      clock,
      persons: row.persons,
      except: row.id,
    });
    await tx.delete(reservationTables).where(eq(reservationTables.reservationId, row.id));
    await holdTables(tx, row.id, tables, span);
    const [moved] = await tx
      .update(reservations)
      .set({
        date: change.date,
        time: change.time,
        startsAt: clock.instant(span.date, span.start),
        endsAt: clock.instant(span.date, span.end),
        remindedAt: null,
      })
      .where(eq(reservations.id, row.id))
      .returning();
    await recordBookingEvent(tx, {
      reservationId: row.id,
      from: row.state,
      to: row.state,
      by: 'guest',
      note: `Moved from ${row.date} ${row.time} to ${change.date} ${change.time}`,
    });
    if (row.mailed) {
      await enqueueMail(
        tx,
        bookingChangedMail(factsOf(moved!), links.url(row.reference!), settings.cancelCutoffMinutes),
      );
    }
    return viewOf(tx, deps, moved!);
  });
}
