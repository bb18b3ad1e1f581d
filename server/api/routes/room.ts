import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import type { BookingDeps } from '../services/availability.ts';
import { listBookingEvents, staffMoveBooking } from '../services/booking-lifecycle.ts';
import { listDay, seatWalkIn } from '../services/reservations.ts';
import {
  createTable,
  listTables,
  readRoomSettings,
  removeTable,
  saveRoomSettings,
  updateTable,
} from '../services/room.ts';
import { sendPage, withCursor } from './paged.ts';
import { offeringTimes } from './reservations.ts';
import type { RegisterRoute } from './table.ts';

/**
 * The owner's room and day (Admin → Tables, Admin → Reservations' day view): every call an admin's,
 * refusals of the business 404/409, never 403 (a 403 signs the browser out).
 */
export function roomRoutes(on: RegisterRoute, db: Database, bookings: BookingDeps) {
  on(ROUTES.adminTables, async (c, { query }) => sendPage(c, await listTables(db, withCursor(query))));
  on(ROUTES.addTable, (_, { body }) => createTable(db, body));
  on(ROUTES.updateTable, (_, { params, body }) => updateTable(db, params.id, body));
  on(ROUTES.removeTable, async (_, { params }) => {
    await removeTable(db, bookings.clock, params.id);
    return { deletedCount: 1 };
  });
  on(ROUTES.roomSettings, () => readRoomSettings(db));
  on(ROUTES.saveRoomSettings, (_, { body }) => saveRoomSettings(db, body));

  on(ROUTES.adminDay, async (c, { query }) => {
    // Left out, the day is the shop's today: its time zone is the server's to know.
    const { date = bookings.clock.today(), ...page } = withCursor(query);
    return sendPage(c, await listDay(db, { ...page, date }));
  });
  on(ROUTES.moveBooking, (c, { params, body }) =>
    staffMoveBooking(db, bookings, c.var.user.uid, params.id, body),
  );
  on(ROUTES.bookingEvents, (_, { params }) => listBookingEvents(db, params.id));
  on(ROUTES.walkIn, (c, { body }) =>
    offeringTimes(c, async () => c.json(await seatWalkIn(db, bookings, c.var.user.uid, body), 201)),
  );
}
