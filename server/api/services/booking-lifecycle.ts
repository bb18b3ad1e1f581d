// The one way a booking changes state (contract/booking-lifecycle.ts): the table says whether the move
// is lawful for who asks, the booking's row is locked for the move, so two people pressing at once make
// it once and the other is refused, and its event, its tables and its mail are written in the same
// transaction.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  BOOKING_STATE_LABELS,
  type BookingActor,
  type BookingEvent,
  type BookingState,
  findBookingMove,
  nextBookingStates,
  TABLE_HOLDING_STATES,
} from '../../../contract/booking-lifecycle.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { reservationEvents, reservations, reservationTables } from '../../db/schema.ts';
import { Conflict, NotFound } from '../domain-errors.ts';
import type { BookingDeps } from './availability.ts';
import { type BookingFacts, bookingAnswerMail, bookingCancelledMail } from './booking-mail.ts';
import { isUuid } from './ids.ts';
import { enqueueMail } from './mail-outbox.ts';
import { readRoomSettings } from './room.ts';

export const NO_SUCH_BOOKING = 'No booking has this id';

export type BookingRow = typeof reservations.$inferSelect;

const label = (state: BookingState) => BOOKING_STATE_LABELS[state].toLowerCase();

/** The table has no such move for who asks: nothing was written. */
export class BookingMoveRefused extends Conflict {
  constructor(from: BookingState, to: BookingState, by: BookingActor) {
    const ways = nextBookingStates(from, by).map(label);
    const only = ways.length > 1 ? `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}` : ways[0];
    super(
      from === to
        ? `This booking is already ${label(to)}`
        : `This booking is ${label(from)}: it can not be marked ${label(to)}` +
            (only ? ` (only ${only})` : ''),
    );
  }
}

/** What a booking's mail tells, from its row. */
export const factsOf = (row: BookingRow): BookingFacts => ({
  id: row.id,
  reference: row.reference ?? row.id,
  name: row.name,
  email: row.email,
  persons: row.persons,
  date: row.date,
  time: row.time ?? '',
  phone: row.phone,
});

/** Appends one line of the booking's history. */
export async function recordBookingEvent(
  tx: Transaction,
  event: {
    reservationId: string;
    from: BookingState | null;
    to: BookingState;
    by: BookingActor;
    uid?: string | undefined;
    note?: string | undefined;
  },
): Promise<void> {
  await tx.insert(reservationEvents).values({
    reservationId: event.reservationId,
    fromState: event.from,
    toState: event.to,
    actor: event.by,
    actorUid: event.uid ?? null,
    note: event.note || null,
  });
}

/** The booking's row, locked for the caller's transaction; NotFound when there is none. */
export async function lockBooking(
  tx: Transaction,
  where: { id: string } | { reference: string },
  missing = NO_SUCH_BOOKING,
): Promise<BookingRow> {
  if ('id' in where && !isUuid(where.id)) throw new NotFound(missing);
  const [row] = await tx
    .select()
    .from(reservations)
    .where('id' in where ? eq(reservations.id, where.id) : eq(reservations.reference, where.reference))
    .for('update');
  if (!row) throw new NotFound(missing);
  return row;
}

export interface BookingMoveRequest {
  to: BookingState;
  by: BookingActor;
  uid?: string | undefined;
  note?: string | undefined;
}

/**
 * Moves a locked booking (lockBooking) to `to`: refused (BookingMoveRefused) unless the lifecycle has
 * that move for `by`. Leaving the holding states gives its tables back; a finished one from now on,
 * so its table shows the time it was really used. The guest hears of an answer or a cancellation, if
 * the booking's confirmation reached them.
 */
export async function moveBooking(
  tx: Transaction,
  deps: BookingDeps,
  row: BookingRow,
  { to, by, uid, note }: BookingMoveRequest,
): Promise<BookingRow> {
  if (!findBookingMove(row.state, to, by)) throw new BookingMoveRefused(row.state, to, by);
  const [moved] = await tx
    .update(reservations)
    .set({ state: to })
    .where(and(eq(reservations.id, row.id), eq(reservations.state, row.state)))
    .returning();
  await recordBookingEvent(tx, { reservationId: row.id, from: row.state, to, by, uid, note });
  if (!TABLE_HOLDING_STATES.includes(to)) {
    const usedUntil =
      to === 'finished' && row.date === deps.clock.today()
        ? sql`least(${reservationTables.endMinute}, greatest(${reservationTables.startMinute} + 1, ${deps.clock.minuteOfDay()}))`
        : reservationTables.endMinute;
    await tx
      .update(reservationTables)
      .set({ holding: false, endMinute: usedUntil })
      .where(eq(reservationTables.reservationId, row.id));
  }
  if (row.mailed && row.reference) {
    const facts = factsOf(row);
    const { cancelCutoffMinutes } = await readRoomSettings(tx);
    const link = deps.links.url(row.reference);
    if (row.state === 'pending' && (to === 'booked' || to === 'declined')) {
      await enqueueMail(
        tx,
        bookingAnswerMail(facts, { accepted: to === 'booked', link, cutoffMinutes: cancelCutoffMinutes }),
      );
    } else if (to === 'cancelled') {
      await enqueueMail(tx, bookingCancelledMail(facts, by));
    }
  }
  return moved!;
}

/** Staff move a booking from the day view (POST /admin-reservation/:id/transition). */
export function staffMoveBooking(
  db: Database,
  deps: BookingDeps,
  uid: string,
  id: string,
  { to, note }: { to: BookingState; note?: string | undefined },
): Promise<{ state: BookingState }> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, { id });
    const moved = await moveBooking(tx, deps, row, { to, by: 'staff', uid, note });
    return { state: moved.state };
  });
}

/** A booking's history, oldest first (GET /admin-reservation/:id/events). */
export async function listBookingEvents(db: Database, id: string): Promise<BookingEvent[]> {
  if (!isUuid(id)) throw new NotFound(NO_SUCH_BOOKING);
  const [exists] = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.id, id));
  if (!exists) throw new NotFound(NO_SUCH_BOOKING);
  const rows = await db
    .select()
    .from(reservationEvents)
    .where(eq(reservationEvents.reservationId, id))
    .orderBy(asc(reservationEvents.id));
  return rows.map((row) => ({
    id: row.id,
    from: row.fromState,
    to: row.toState,
    by: { actor: row.actor, uid: row.actorUid },
    at: row.at.toISOString(),
    note: row.note,
  }));
}
