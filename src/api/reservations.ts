import * as v from 'valibot';
import { InsertedSchema } from '../../contract/http.ts';
import type { Reservation } from '../../contract/reservation.ts';
import { directClient } from './http.ts';

export async function postReservation(booking: Reservation): Promise<string> {
  const body = v.parse(InsertedSchema, await directClient.post('reservations', { json: booking }).json());
  return body.insertedId;
}
