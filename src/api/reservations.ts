import type { Reservation } from '../../contract/reservation.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from './call.ts';

export async function postReservation(booking: Reservation): Promise<string> {
  return (await call(ROUTES.book, { body: booking })).insertedId;
}
