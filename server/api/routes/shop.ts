import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import { readShopStatus, setShopClosed } from '../services/shop.ts';
import type { RegisterRoute } from './table.ts';

/**
 * Whether the shop takes orders: anyone may ask (Home, the Menu and checkout say so), only an admin
 * may switch it (the Admin Dashboard). Never cached: the switch shows on the next request.
 */
export function shopRoutes(on: RegisterRoute, db: Database) {
  on(ROUTES.shopStatus, async (c) => {
    c.header('Cache-Control', 'no-store');
    return readShopStatus(db);
  });
  on(ROUTES.setShopStatus, (_, { body }) => setShopClosed(db, body.closed));
}
