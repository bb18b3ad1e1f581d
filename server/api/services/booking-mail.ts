import { and, count, gt, sql } from 'drizzle-orm';
import { spanText } from '../../../contract/booking.ts';
import type { Transaction } from '../../db/client.ts';
import { mailOutbox, recipientMailbox } from '../../db/schema.ts';
import { enqueueMail, mailName, type NewMail } from './mail-outbox.ts';

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

/** What a booking's mail tells of it. */
export interface BookingFacts {
  id: string;
  reference: string;
  name: string;
  email: string;
  persons: number;
  date: string;
  time: string;
  phone?: string | null | undefined;
}

const greeting = (booking: BookingFacts) => `Hello ${mailName(booking.name)},`;

const details = (booking: BookingFacts) => [
  `  Date:     ${longDate(booking.date)}`,
  `  Time:     ${booking.time}`,
  `  Persons:  ${booking.persons}`,
  ...(booking.phone ? [`  Phone:    ${booking.phone}`] : []),
  '',
  `Booking reference: ${booking.reference}`,
];

/** The way back: the signed link, and until when it cancels or moves the booking. */
const wayBack = (link: string, cutoffMinutes: number) => [
  `To see, move or cancel your booking (online until ${spanText(cutoffMinutes)} before its time), open:`,
  link,
];

const mail = (kind: string, booking: BookingFacts, subject: string, lines: string[]): NewMail => ({
  kind,
  to: booking.email,
  subject,
  body: `${[...lines, '', 'See you soon,', 'Pizzon'].join('\n')}\n`,
  reservationId: booking.id,
});

/**
 * The mail a guest gets for a stored booking: booked, or, while the owner confirms each booking by hand,
 * received and waiting for an answer (a second mail brings it: bookingAnswerMail).
 */
export function bookingMail(
  booking: BookingFacts,
  { state, link, cutoffMinutes }: { state: 'booked' | 'pending'; link: string; cutoffMinutes: number },
): NewMail {
  const day = longDate(booking.date);
  const pending = state === 'pending';
  return mail(
    'booking',
    booking,
    pending ? `Your table request at Pizzon: ${day}` : `Your table at Pizzon: ${day}`,
    [
      greeting(booking),
      '',
      pending
        ? 'We have your request for a table at Pizzon. It is pending: we confirm each booking by hand, and you will get our answer in a second e-mail soon.'
        : 'Your table at Pizzon is booked:',
      '',
      ...details(booking),
      '',
      ...wayBack(link, cutoffMinutes),
    ],
  );
}

/** The owner's answer to a pending booking: confirmed, or declined. */
export function bookingAnswerMail(
  booking: BookingFacts,
  { accepted, link, cutoffMinutes }: { accepted: boolean; link: string; cutoffMinutes: number },
): NewMail {
  const day = longDate(booking.date);
  return accepted
    ? mail('booking_answer', booking, `Your table at Pizzon is confirmed: ${day}`, [
        greeting(booking),
        '',
        'Good news: your table at Pizzon is confirmed.',
        '',
        ...details(booking),
        '',
        ...wayBack(link, cutoffMinutes),
      ])
    : mail('booking_answer', booking, `We can not take your booking at Pizzon: ${day}`, [
        greeting(booking),
        '',
        'We are sorry: we can not take your booking for this time. Please choose another time, or call us.',
        '',
        ...details(booking),
      ]);
}

/** A booking moved to another time through its link. */
export function bookingChangedMail(booking: BookingFacts, link: string, cutoffMinutes: number): NewMail {
  return mail('booking_changed', booking, `Your table at Pizzon is moved: ${longDate(booking.date)}`, [
    greeting(booking),
    '',
    'Your table at Pizzon is moved to this time:',
    '',
    ...details(booking),
    '',
    ...wayBack(link, cutoffMinutes),
  ]);
}

/** A booking cancelled, by its guest through the link or by the restaurant. */
export function bookingCancelledMail(booking: BookingFacts, by: 'guest' | 'staff'): NewMail {
  return mail(
    'booking_cancelled',
    booking,
    `Your booking at Pizzon is cancelled: ${longDate(booking.date)}`,
    [
      greeting(booking),
      '',
      by === 'guest'
        ? 'Your booking at Pizzon is cancelled, as you asked. The table is free for someone else.'
        : 'We are sorry: we had to cancel your booking at Pizzon. Please call us to find another time.',
      '',
      ...details(booking),
    ],
  );
}

/** On the day, before the table: sent once (services/booking-reminders.ts). */
export function bookingReminderMail(booking: BookingFacts, link: string, cutoffMinutes: number): NewMail {
  return mail('booking_reminder', booking, `See you at ${booking.time}: your table at Pizzon`, [
    greeting(booking),
    '',
    `A reminder: your table at Pizzon is ready for you today at ${booking.time}.`,
    '',
    ...details(booking),
    '',
    ...wayBack(link, cutoffMinutes),
  ]);
}

/**
 * Queues a stored booking's confirmation unless its mailbox has had BOOKING_MAILS_PER_DAY of them in the
 * last 24 hours; false when it was left out. Counted under a lock on the mailbox for the transaction,
 * so bookings made at the same moment, on any API process, can not all take its last one.
 */
export async function enqueueBookingMail(tx: Transaction, confirmation: NewMail): Promise<boolean> {
  const mailbox = recipientMailbox(sql`${confirmation.to}::text`);
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
  await enqueueMail(tx, confirmation);
  return true;
}
