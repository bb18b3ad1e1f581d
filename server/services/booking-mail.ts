import type { Reservation } from '../contract/reservation.ts';
import type { NewMail } from './mail-outbox.ts';

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
    `Hello ${booking.name},`,
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
