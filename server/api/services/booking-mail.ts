import { and, count, gt, sql } from 'drizzle-orm';
import type { Reservation } from '../../../contract/reservation.ts';
import type { Transaction } from '../../db/client.ts';
import { mailOutbox, recipientMailbox } from '../../db/schema.ts';
import { enqueueMail, MAIL_NAME_MAX, mailText, type NewMail } from './mail-outbox.ts';

/**
 * Booking confirmations one mailbox gets in any 24 hours. Anyone may book in any e-mail's name, so this
 * is what a stranger can make the shop send someone: as many as the bookings one e-mail may make a day
 * (the booking limit, DEFAULT_RATE_LIMITS.reservations.perEmail), but over a sliding day and in the
 * outbox itself, so neither a window's edge nor a lost count lets more through.
 */
export const BOOKING_MAILS_PER_DAY = 5;

/** A booking's date as a guest reads it: "Tuesday, 1 December 2026" (the date is the guest's own). */
function longDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** The confirmation a guest gets for a stored booking. */
export function bookingMail(reservationId: string, booking: Reservation): NewMail {
  const day = longDate(booking.date);
  const lines = [
    `Hello ${mailText(booking.name, MAIL_NAME_MAX)},`,
    '',
    'Your table at Pizzon is booked:',
    '',
    `  Date:     ${day}`,
    `  Time:     ${booking.time ?? 'not given'}`,
    `  Persons:  ${booking.persons}`,
    ...(booking.phone ? [`  Phone:    ${booking.phone}`] : []),
    '',
    `Booking reference: ${reservationId}`,
    '',
    'To change or cancel it, reply to this e-mail with the reference above.',
    '',
    'See you soon,',
    'Pizzon',
  ];
  return {
    kind: 'booking',
    to: booking.email,
    subject: `Your table at Pizzon: ${day}`,
    body: `${lines.join('\n')}\n`,
    reservationId,
  };
}

/**
 * Queues a stored booking's confirmation unless its mailbox has had BOOKING_MAILS_PER_DAY of them in the
 * last 24 hours; false when it was left out. Counted under a lock on the mailbox for the transaction,
 * so bookings made at the same moment, on any API process, can not all take its last one.
 */
export async function enqueueBookingMail(
  tx: Transaction,
  reservationId: string,
  booking: Reservation,
): Promise<boolean> {
  const mailbox = recipientMailbox(sql`${booking.email}::text`);
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('pizzon:booking-mail:' || ${mailbox}, 0))`,
  );
  const [sent] = await tx
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        sql`${mailOutbox.kind} = 'booking'`,
        sql`${recipientMailbox(mailOutbox.toAddress)} = ${mailbox}`,
        gt(mailOutbox.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  if ((sent?.n ?? 0) >= BOOKING_MAILS_PER_DAY) return false;
  await enqueueMail(tx, bookingMail(reservationId, booking));
  return true;
}
