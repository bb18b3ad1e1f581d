// The room and its bookings as the API, the storefront and the owner's screens agree on them: the tables,
// the room's rules, the free times offered before a booking is sent, a booking as its guest sees it through
// the signed link, and the owner's day (docs/decisions/034-tables-and-bookings.md).
import * as v from 'valibot';
import { BookingStateSchema } from './booking-lifecycle.ts';
import { wholeNumber } from './numbers.ts';
import { DaySchema, PageQuerySchema } from './paging.ts';
import { bookingDateSchema, bookingTimeSchema, MAX_ONLINE_PARTY, personsSchema } from './reservation.ts';

/** Minutes after midnight → 'HH:MM'. */
export function clockOf(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const label = (name: string, max: number) =>
  v.pipe(
    v.string(`${name} is required`),
    v.trim(),
    v.nonEmpty(`${name} is required`),
    v.maxLength(max, `${name} is too long (at most ${max} characters)`),
  );

/** The most seats one table (or a set of joined ones) may have: a long banquet table. */
export const MAX_TABLE_SEATS = 30;

/**
 * A table as the owner sets it up: the smallest and largest party it takes, and whether it may be
 * joined to other joinable tables of its section for a larger party.
 */
export const TableInputSchema = v.pipe(
  v.object({
    name: label('Name', 20),
    section: label('Section', 40),
    minSeats: wholeNumber('Minimum seats', 1, MAX_TABLE_SEATS),
    maxSeats: wholeNumber('Maximum seats', 1, MAX_TABLE_SEATS),
    joinable: v.boolean('joinable must be true or false'),
  }),
  v.check((table) => table.minSeats <= table.maxSeats, 'Minimum seats can not be more than maximum seats'),
);
export type TableInput = v.InferOutput<typeof TableInputSchema>;

export const TableSchema = v.object({
  _id: v.string(),
  name: v.string(),
  section: v.string(),
  minSeats: v.number(),
  maxSeats: v.number(),
  joinable: v.boolean(),
  createdAt: v.string(),
});
export type DiningTable = v.InferOutput<typeof TableSchema>;
export const TableListSchema = v.array(TableSchema);

/** The grids the free times are offered on. */
export const SLOT_GRIDS = [15, 30] as const;

/**
 * The room's rules, set by the owner (Admin → Tables): the times' grid, how long a party stays (a party
 * of up to `stayUpTo` persons `stayMinutes`, a larger one `stayLargerMinutes`), how long before
 * its time a guest may still cancel or change a booking online, when the reminder goes, and whether
 * each booking waits for the owner's yes.
 */
export const RoomSettingsSchema = v.object({
  gridMinutes: v.picklist(SLOT_GRIDS, `gridMinutes must be one of: ${SLOT_GRIDS.join(', ')}`),
  stayUpTo: wholeNumber('Small party size', 1, MAX_ONLINE_PARTY),
  stayMinutes: wholeNumber('Stay of a small party', 15, 360),
  stayLargerMinutes: wholeNumber('Stay of a larger party', 15, 360),
  cancelCutoffMinutes: wholeNumber('Cancel cut-off', 0, 7 * 24 * 60),
  /** 0: no reminder. */
  reminderMinutes: wholeNumber('Reminder', 0, 7 * 24 * 60),
  confirmByHand: v.boolean('confirmByHand must be true or false'),
});
export type RoomSettings = v.InferOutput<typeof RoomSettingsSchema>;

/** 90 minutes up to 4 persons, 120 above; cancel up to 2 h before; a reminder 3 h before. */
export const DEFAULT_ROOM_SETTINGS: RoomSettings = {
  gridMinutes: 15,
  stayUpTo: 4,
  stayMinutes: 90,
  stayLargerMinutes: 120,
  cancelCutoffMinutes: 120,
  reminderMinutes: 180,
  confirmByHand: false,
};

/** How long a party of `persons` keeps its table. */
export const stayMinutes = (
  settings: Pick<RoomSettings, 'stayUpTo' | 'stayMinutes' | 'stayLargerMinutes'>,
  persons: number,
): number => (persons <= settings.stayUpTo ? settings.stayMinutes : settings.stayLargerMinutes);

/** A span of minutes as a person reads it: '2 hours', '90 minutes'. */
export function spanText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
}

/** GET /availability query: the day and the party (the times free for it come back). */
export function availabilityQuerySchema(today: () => string) {
  return v.object({ date: bookingDateSchema(today), persons: personsSchema(MAX_ONLINE_PARTY) });
}

/** GET /availability answer: the free starting times, on the room's grid, earliest first. */
export const AvailabilitySchema = v.object({
  date: v.string(),
  persons: v.number(),
  stayMinutes: v.number(),
  times: v.array(v.string()),
});
export type Availability = v.InferOutput<typeof AvailabilitySchema>;

/** POST /reservations answer: the booking's id (the spec's insertedId), its reference and its state. */
export const BookedSchema = v.object({
  insertedId: v.string(),
  reference: v.string(),
  state: BookingStateSchema,
});
export type Booked = v.InferOutput<typeof BookedSchema>;

/** A 409 for a time that has no table free: the nearest free times that day, earliest first. */
export const NoTableFreeSchema = v.object({ message: v.string(), times: v.array(v.string()) });
export type NoTableFree = v.InferOutput<typeof NoTableFreeSchema>;

/** A booking as its guest sees it through the signed link (GET /bookings/:reference). */
export const BookingViewSchema = v.object({
  reference: v.string(),
  name: v.string(),
  persons: v.number(),
  date: v.string(),
  time: v.string(),
  endTime: v.string(),
  state: BookingStateSchema,
  /** Until when (ISO 8601) it may be cancelled or moved online; null once it no longer can be. */
  changeableUntil: v.nullable(v.string()),
  cancelCutoffMinutes: v.number(),
});
export type BookingView = v.InferOutput<typeof BookingViewSchema>;

/** The signed link's key, as its query carries it. */
export const LinkKeySchema = v.object({
  key: v.pipe(
    v.string('This booking link is not valid'),
    v.regex(/^[A-Za-z0-9_-]{43}$/, 'This booking link is not valid'),
  ),
});

/** GET /bookings/:reference/times query: another day than the booking's own, if any. */
export function linkTimesQuerySchema(today: () => string) {
  return v.object({ ...LinkKeySchema.entries, date: v.optional(bookingDateSchema(today)) });
}

/** POST /bookings/:reference/time body: the booking's new day and time. */
export function timeChangeSchema(today: () => string) {
  return v.object({ date: bookingDateSchema(today), time: bookingTimeSchema });
}
export type TimeChange = v.InferOutput<ReturnType<typeof timeChangeSchema>>;

/** POST /admin-walk-ins body: a party that came without a booking, seated now. */
export const WalkInSchema = v.object({
  persons: v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.maxLength(3, 'Choose the party size'))],
      'Choose the party size',
    ),
    v.transform(Number),
    v.integer('Choose the party size'),
    v.minValue(1, 'Choose the party size'),
    v.maxValue(MAX_TABLE_SEATS, `A walk-in party is at most ${MAX_TABLE_SEATS} persons`),
  ),
  name: v.optional(v.pipe(v.string('Name must be text'), v.trim(), v.maxLength(80, 'Name is too long'))),
});
export type WalkIn = v.InferOutput<typeof WalkInSchema>;
export type WalkInInput = v.InferInput<typeof WalkInSchema>;

/** A booking on the owner's day view. */
export const DayBookingSchema = v.object({
  _id: v.string(),
  reference: v.nullable(v.string()),
  name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  persons: v.number(),
  time: v.string(),
  endTime: v.string(),
  state: BookingStateSchema,
  walkIn: v.boolean(),
  /** Every table it sits at (joined tables: more than one). */
  tables: v.array(v.string()),
});
export type DayBooking = v.InferOutput<typeof DayBookingSchema>;

/** One row of the day view: a table and the bookings on it that day, earliest first. */
export const DayTableSchema = v.object({
  _id: v.string(),
  table: TableSchema,
  bookings: v.array(DayBookingSchema),
});
export type DayTable = v.InferOutput<typeof DayTableSchema>;
export const DayTableListSchema = v.array(DayTableSchema);

/** GET /admin-day query: the day (the shop's today when left out), its tables a page at a time. */
export const DayQuerySchema = v.object({ ...PageQuerySchema.entries, date: v.optional(DaySchema) });

/** POST /admin-walk-ins answer: the booking made for the walk-in, and the tables it was given. */
export const WalkInSeatedSchema = v.object({
  ...BookedSchema.entries,
  tables: v.array(v.string()),
});
