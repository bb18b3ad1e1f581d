// A table booking's life, defined once: the server's conditional UPDATE (services/booking-lifecycle.ts)
// and the owner's day view (its buttons) are both read from this table, like an order's
// (contract/order-lifecycle.ts; docs/decisions/034-tables-and-bookings.md).
import * as v from 'valibot';

export const BOOKING_STATES = [
  'pending',
  'booked',
  'seated',
  'finished',
  'no_show',
  'cancelled',
  'declined',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
export const BookingStateSchema = v.picklist(
  BOOKING_STATES,
  `state must be one of: ${BOOKING_STATES.join(', ')}`,
);

/** Who moves a booking: the guest through their signed link, or staff (an admin) from the day view. */
export const BOOKING_ACTORS = ['guest', 'staff'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

export interface BookingMove {
  from: BookingState;
  to: BookingState;
  by: BookingActor;
}

/**
 * Every move there is. A booking starts `pending` when the owner confirms each one by hand, else
 * `booked`; a walk-in starts `seated`. Cancelled, declined, no-show and finished give the table back.
 */
export const BOOKING_MOVES: readonly BookingMove[] = [
  { from: 'pending', to: 'booked', by: 'staff' },
  { from: 'pending', to: 'declined', by: 'staff' },
  { from: 'pending', to: 'cancelled', by: 'guest' },
  { from: 'booked', to: 'seated', by: 'staff' },
  { from: 'booked', to: 'no_show', by: 'staff' },
  { from: 'booked', to: 'cancelled', by: 'staff' },
  { from: 'booked', to: 'cancelled', by: 'guest' },
  { from: 'seated', to: 'finished', by: 'staff' },
];

export function findBookingMove(
  from: BookingState,
  to: BookingState,
  by: BookingActor,
): BookingMove | undefined {
  return BOOKING_MOVES.find((move) => move.from === from && move.to === to && move.by === by);
}

/** Where `by` may take a booking in `from`. */
export const nextBookingStates = (from: BookingState, by: BookingActor): BookingState[] =>
  BOOKING_MOVES.filter((move) => move.from === from && move.by === by).map((move) => move.to);

/** The booking holds its table(s) for its time: no other booking may be given them then. */
export const TABLE_HOLDING_STATES: readonly BookingState[] = ['pending', 'booked', 'seated'];

/** What the guest, the mail and the day view call each state. */
export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  pending: 'Waiting for confirmation',
  booked: 'Booked',
  seated: 'Seated',
  finished: 'Finished',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  declined: 'Declined',
};

/** What the day view's button for a move says. */
export const BOOKING_MOVE_LABELS: Record<BookingState, string> = {
  pending: 'Pending',
  booked: 'Accept',
  seated: 'Seat',
  finished: 'Finish',
  no_show: 'No-show',
  cancelled: 'Cancel',
  declined: 'Decline',
};

/** One change of a booking's state, as `reservation_events` keeps it. */
export const BookingEventSchema = v.object({
  id: v.number(),
  /** null for the booking's creation. */
  from: v.nullable(BookingStateSchema),
  to: BookingStateSchema,
  by: v.object({
    actor: v.picklist(BOOKING_ACTORS),
    /** The admin's uid; none for a guest. */
    uid: v.nullable(v.string()),
  }),
  at: v.string(),
  note: v.nullable(v.string()),
});
export type BookingEvent = v.InferOutput<typeof BookingEventSchema>;
export const BookingEventListSchema = v.array(BookingEventSchema);

/** POST /admin-reservation/:id/transition body: staff move a booking (a note may go with it). */
export const BookingTransitionSchema = v.object({
  to: BookingStateSchema,
  note: v.optional(v.pipe(v.string('note must be text'), v.trim(), v.maxLength(300, 'The note is too long'))),
});
export type BookingTransition = v.InferOutput<typeof BookingTransitionSchema>;
