// The times a party may come, and the tables it gets: the free times offered before a booking is sent
// (GET /availability), and the one assignment a booking's transaction makes under its day's lock
// (docs/decisions/034-tables-and-bookings.md).
import { type Availability, clockOf, type RoomSettings, stayMinutes } from '../../../contract/booking.ts';
import {
  clockText,
  hoursOn,
  LAST_BOOKING,
  minuteOfClock,
  OPENING_HOURS,
} from '../../../contract/opening-hours.ts';
import type { Transaction } from '../../db/client.ts';
import { reservationTables } from '../../db/schema.ts';
import { Conflict, InvalidInput } from '../domain-errors.ts';
import type { BookingLinks } from './booking-links.ts';
import type { Executor } from './mail-outbox.ts';
import { type DayRoom, readDayRoom, readRoomSettings } from './room.ts';
import type { ShopClock } from './shop-clock.ts';
import { readShopHours } from './shop-hours.ts';
import { fitTables, freeTables, type RoomTable } from './table-fit.ts';

/** What every booking service needs besides the database: the shop's clock and its links' key. */
export interface BookingDeps {
  clock: ShopClock;
  links: BookingLinks;
}

/** How many free times a refusal offers instead, the nearest to the time asked for. */
export const NEAREST_TIMES = 4;

export const PAST_TIME_MESSAGE = 'That time has already passed. Please choose a later time';
export const CLOSED_THAT_DAY = 'We are closed that day. Please choose another day';

/** The last table is booked this long before closing: the seed's 9:30pm for 10:00pm. */
const LAST_TABLE_BEFORE_CLOSING = minuteOfClock(OPENING_HOURS.closes) - minuteOfClock(LAST_BOOKING);

/** The minutes of a day a table may be booked at: from opening to the last booking. */
export interface BookingHours {
  first: number;
  last: number;
}

/**
 * The day's booking hours from the shop's week and closed dates (Admin → Hours): from its opening to
 * half an hour before its closing; null on a day it is closed.
 */
export async function bookingHours(db: Executor, date: string): Promise<BookingHours | null> {
  const open = hoursOn(await readShopHours(db), date);
  return open && { first: open.opens, last: open.closes - LAST_TABLE_BEFORE_CLOSING };
}

/** Refuses a time the day's hours do not take (the form's own rule knows only the seed's week). */
export function assertWithinHours(hours: BookingHours | null, minute: number): void {
  if (!hours) throw new InvalidInput(CLOSED_THAT_DAY);
  if (minute < hours.first || minute > hours.last) {
    throw new InvalidInput(
      `Please choose a time from ${clockText(clockOf(hours.first))} to ${clockText(clockOf(hours.last))}`,
    );
  }
}

/** No table fits the party at that time: the nearest free times of its day come with the refusal. */
export class NoTableFree extends Conflict {
  constructor(
    persons: number,
    time: string,
    readonly times: string[],
  ) {
    super(
      times.length > 0
        ? `No table for ${persons} is free at ${time}. Please choose one of the nearest free times`
        : `No table for ${persons} is free at ${time}, nor at any other time that day. Please choose another day`,
    );
  }
}

/** The day's starting times on the room's grid, from opening to the last booking. */
function gridTimes(gridMinutes: number, { first, last }: BookingHours): number[] {
  const times: number[] = [];
  for (let at = first; at <= last; at += gridMinutes) times.push(at);
  return times;
}

interface FreeTimesRequest {
  room: DayRoom;
  settings: RoomSettings;
  clock: ShopClock;
  date: string;
  persons: number;
  /** The day's booking hours; null when it is closed. */
  hours: BookingHours | null;
  /** A booking whose own tables count as free (its guest is moving it). */
  except?: string | undefined;
}

/** The grid's times, still ahead on the shop's clock, at which a table (or joined tables) takes the party. */
export function freeTimes({
  room,
  settings,
  clock,
  date,
  persons,
  hours,
  except,
}: FreeTimesRequest): string[] {
  const today = clock.today();
  if (date < today || !hours) return [];
  const after = date === today ? clock.minuteOfDay() : -1;
  const stay = stayMinutes(settings, persons);
  return gridTimes(settings.gridMinutes, hours)
    .filter(
      (at) => at > after && fitTables(freeTables(room.tables, room.held, at, at + stay, except), persons),
    )
    .map(clockOf);
}

/** The `count` free times nearest to `wanted` (the earlier first on a tie), earliest first. */
export function nearestTimes(times: readonly string[], wanted: string, count = NEAREST_TIMES): string[] {
  const distance = (time: string) => Math.abs(minuteOfClock(time) - minuteOfClock(wanted));
  return [...times]
    .sort((a, b) => distance(a) - distance(b) || a.localeCompare(b))
    .slice(0, count)
    .sort();
}

/** GET /availability: the free times of a day for a party, as anyone may ask before booking. */
export async function readAvailability(
  db: Executor,
  clock: ShopClock,
  date: string,
  persons: number,
  except?: string,
): Promise<Availability> {
  const settings = await readRoomSettings(db);
  const room = await readDayRoom(db, date);
  const hours = await bookingHours(db, date);
  return {
    date,
    persons,
    stayMinutes: stayMinutes(settings, persons),
    times: freeTimes({ room, settings, clock, date, persons, hours, except }),
  };
}

/** Refuses a time the shop's clock has passed. */
export function assertAhead(clock: ShopClock, date: string, minute: number): void {
  if (clock.instant(date, minute).getTime() <= clock.now().getTime())
    throw new InvalidInput(PAST_TIME_MESSAGE);
}

interface Assignment {
  settings: RoomSettings;
  hours: BookingHours | null;
  clock: ShopClock;
  date: string;
  start: number;
  end: number;
  persons: number;
  except?: string | undefined;
}

/**
 * The tables the party gets for [start, end) of `date`, read in `tx`, which must hold the day's lock
 * (lockRoomDay); NoTableFree with the nearest free times when none fits.
 */
export async function takeTables(tx: Transaction, assignment: Assignment): Promise<RoomTable[]> {
  const { date, start, end, persons, except } = assignment;
  const room = await readDayRoom(tx, date);
  const tables = fitTables(freeTables(room.tables, room.held, start, end, except), persons);
  if (tables) return tables;
  const time = clockOf(start);
  throw new NoTableFree(persons, time, nearestTimes(freeTimes({ ...assignment, room }), time));
}

/** Writes that the booking holds `tables` for [start, end) of `date`. */
export async function holdTables(
  tx: Transaction,
  reservationId: string,
  tables: readonly RoomTable[],
  { date, start, end }: { date: string; start: number; end: number },
): Promise<void> {
  await tx
    .insert(reservationTables)
    .values(
      tables.map((table) => ({ reservationId, tableId: table.id, date, startMinute: start, endMinute: end })),
    );
}
