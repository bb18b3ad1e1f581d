import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import type { BookingDeps } from '../services/availability.ts';
import { cancelByGuest, changeByGuest, guestTimes, viewBooking } from '../services/booking-guest.ts';
import { offeringTimes } from './reservations.ts';
import type { RegisterRoute } from './table.ts';

/**
 * A guest's way back to their booking, no account needed: the signed link's reference and key are
 * the whole proof (services/booking-links.ts). Never cached: a cancellation shows at once.
 */
export function bookingRoutes(on: RegisterRoute, db: Database, bookings: BookingDeps) {
  const linkOf = (reference: string, key: string) => ({ reference, key });
  on(ROUTES.guestBooking, (c, { params, query }) => {
    c.header('Cache-Control', 'no-store');
    return viewBooking(db, bookings, linkOf(params.reference, query.key));
  });
  on(ROUTES.guestTimes, (c, { params, query }) => {
    c.header('Cache-Control', 'no-store');
    return guestTimes(db, bookings, linkOf(params.reference, query.key), query.date);
  });
  on(ROUTES.guestCancel, (_, { params, query }) =>
    cancelByGuest(db, bookings, linkOf(params.reference, query.key)),
  );
  on(ROUTES.guestChangeTime, (c, { params, query, body }) =>
    offeringTimes(c, () => changeByGuest(db, bookings, linkOf(params.reference, query.key), body)),
  );
}
