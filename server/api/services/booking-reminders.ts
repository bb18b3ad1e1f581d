// The reminder a guest gets on the day, before their table (the owner's reminderMinutes, 3 h by default):
// queued in the outbox once, whichever API process's sweep finds it first (docs/decisions/034).
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { reservations } from '../../db/schema.ts';
import { factsOf } from './booking-lifecycle.ts';
import type { BookingLinks } from './booking-links.ts';
import { bookingReminderMail } from './booking-mail.ts';
import { enqueueMail } from './mail-outbox.ts';
import { readRoomSettings } from './room.ts';

/** Reminders one sweep queues at most; the next sweep takes the rest. */
const REMINDER_BATCH = 50;

/**
 * Queues the reminders due at `now`: booked (not pending, not yet seated) tables whose time is within
 * the reminder's lead and still ahead, whose confirmation reached the guest, booked before the lead began
 * (a guest who booked an hour ago needs no reminder) and not yet reminded. Every process sweeps; the
 * rows are claimed FOR UPDATE SKIP LOCKED and marked in the transaction that queues their mail, so a
 * second sweep, here or on another process, skips them or finds them marked: each guest gets one.
 */
export async function queueDueReminders(db: Database, links: BookingLinks, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { reminderMinutes, cancelCutoffMinutes } = await readRoomSettings(tx);
    if (reminderMinutes === 0) return 0;
    const lead = sql`make_interval(mins => ${reminderMinutes})`;
    const due = await tx
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.state, 'booked'),
          isNull(reservations.remindedAt),
          eq(reservations.mailed, true),
          gt(reservations.startsAt, now),
          lte(reservations.startsAt, sql`${now.toISOString()}::timestamptz + ${lead}`),
          sql`${reservations.createdAt} < ${reservations.startsAt} - ${lead}`,
        ),
      )
      .orderBy(asc(reservations.startsAt))
      .limit(REMINDER_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(reservations)
      .set({ remindedAt: now })
      .where(
        inArray(
          reservations.id,
          due.map((row) => row.id),
        ),
      );
    for (const row of due) {
      await enqueueMail(
        tx,
        bookingReminderMail(factsOf(row), links.url(row.reference!), cancelCutoffMinutes),
      );
    }
    return due.length;
  });
}
