import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import { setShopClosed } from '../services/shop.ts';
import type { ShopClock } from '../services/shop-clock.ts';
import { shopNowAnswer } from '../services/slots.ts';
import type { RegisterRoute } from './table.ts';

/**
 * Whether the shop takes orders: anyone may ask (Home, the Menu, checkout and the footer read it, with
 * the hours and when it opens), only an admin may switch it (the Admin Dashboard). Never cached: the
 * switch shows on the next request.
 */
export function shopRoutes(on: RegisterRoute, db: Database, clock: ShopClock) {
  on(ROUTES.shopStatus, async (c) => {
    c.header('Cache-Control', 'no-store');
    return shopNowAnswer(db, clock);
  });
  on(ROUTES.setShopStatus, (_, { body }) => setShopClosed(db, body.closed));
}
