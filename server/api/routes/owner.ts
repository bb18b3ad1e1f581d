import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import { setItemStock } from '../services/item-stock.ts';
import { readOwnersDay } from '../services/owners-day.ts';
import type { ShopClock } from '../services/shop-clock.ts';
import type { RegisterRoute } from './table.ts';

/** The owner's day on the Admin Dashboard, and Manage items' Sold out / Back in stock. */
export function ownerRoutes(on: RegisterRoute, db: Database, clock: ShopClock) {
  on(ROUTES.ownersDay, () => readOwnersDay(db, clock));
  on(ROUTES.setItemStock, (_, { params, body }) => setItemStock(db, params.id, body));
}
