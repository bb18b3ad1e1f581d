import { HTTPError } from 'ky';
import * as v from 'valibot';
import {
  type Availability,
  type Booked,
  type BookingView,
  type DayTable,
  type DiningTable,
  NoTableFreeSchema,
  type RoomSettings,
  type TableInput,
  type WalkInInput,
} from '../../contract/booking.ts';
import type { BookingState } from '../../contract/booking-lifecycle.ts';
import type { Page } from '../../contract/paging.ts';
import type { Reservation } from '../../contract/reservation.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from './call.ts';
import { fetchListPage, type PageSize } from './paging.ts';

/** A 409 that offers the nearest free times instead ({ message, times }), or the error as it was. */
async function whenFull<T>(
  answer: Promise<T>,
): Promise<T | { full: v.InferOutput<typeof NoTableFreeSchema> }> {
  try {
    return await answer;
  } catch (error) {
    if (!(error instanceof HTTPError) || error.response.status !== 409) throw error;
    const body = v.safeParse(
      NoTableFreeSchema,
      await error.response
        .clone()
        .json()
        .catch(() => null),
    );
    if (!body.success) throw error;
    return { full: body.output };
  }
}

// The guest's side: free times, a booking, and its signed link (no account).

export const fetchFreeTimes = (date: string, persons: number): Promise<Availability> =>
  call(ROUTES.availability, { query: { date, persons } }, { cache: 'no-store' });

/** Stores a booking: stored, or full (no table for it then) with the nearest free times. */
export async function storeBooking(booking: Reservation) {
  const answer = await whenFull(call(ROUTES.book, { body: booking }));
  return 'full' in answer ? answer : { stored: answer as Booked };
}

/** A booking's signed link: its reference and key, as the mail's address carries them. */
export interface LinkKey {
  reference: string;
  key: string;
}

export const fetchGuestBooking = ({ reference, key }: LinkKey): Promise<BookingView> =>
  call(ROUTES.guestBooking, { params: { reference }, query: { key } }, { cache: 'no-store' });

export const fetchGuestTimes = ({ reference, key }: LinkKey, date: string | null): Promise<Availability> =>
  call(ROUTES.guestTimes, { params: { reference }, query: { key, date } }, { cache: 'no-store' });

export const cancelGuestBooking = ({ reference, key }: LinkKey): Promise<BookingView> =>
  call(ROUTES.guestCancel, { params: { reference }, query: { key } });

/** Moves a booking: moved, or full (no table then) with the nearest free times. */
export async function moveGuestBooking({ reference, key }: LinkKey, to: { date: string; time: string }) {
  const answer = await whenFull(
    call(ROUTES.guestChangeTime, { params: { reference }, query: { key }, body: to }),
  );
  return 'full' in answer ? answer : { moved: answer as BookingView };
}

// The owner's side: the room, its rules and the day (every call names the admin in ?uid=).

export const fetchTables = (
  uid: string,
  query: PageSize,
  cursor: string | null,
): Promise<Page<DiningTable>> => fetchListPage(ROUTES.adminTables, { uid, ...query, cursor });

export const addTable = (uid: string, table: TableInput): Promise<DiningTable> =>
  call(ROUTES.addTable, { query: { uid }, body: table });

export const updateTable = (uid: string, id: string, table: TableInput): Promise<DiningTable> =>
  call(ROUTES.updateTable, { params: { id }, query: { uid }, body: table });

export const removeTable = async (uid: string, id: string): Promise<number> =>
  (await call(ROUTES.removeTable, { params: { id }, query: { uid } })).deletedCount;

export const fetchRoomSettings = (uid: string): Promise<RoomSettings> =>
  call(ROUTES.roomSettings, { query: { uid } });

export const saveRoomSettings = (uid: string, settings: RoomSettings): Promise<RoomSettings> =>
  call(ROUTES.saveRoomSettings, { query: { uid }, body: settings });

/** The day view's filter: the day (YYYY-MM-DD; the shop's today when left out). */
export interface DayQuery extends PageSize {
  date?: string | undefined;
}

export const fetchDay = (uid: string, query: DayQuery, cursor: string | null): Promise<Page<DayTable>> =>
  fetchListPage(ROUTES.adminDay, { uid, ...query, cursor });

export const moveBooking = (uid: string, id: string, to: BookingState): Promise<{ state: BookingState }> =>
  call(ROUTES.moveBooking, { params: { id }, query: { uid }, body: { to } });

export const seatWalkIn = (uid: string, walkIn: WalkInInput) =>
  call(ROUTES.walkIn, { query: { uid }, body: walkIn as { persons: number } });
