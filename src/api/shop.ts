import { ROUTES } from '../../contract/routes.ts';
import type { ShopNow, ShopStatus } from '../../contract/shop.ts';
import { call } from './call.ts';

/**
 * Whether the shop takes orders now, when it opens, and its week (never cached: the owner's switch shows
 * on the next read).
 */
export function fetchShopStatus(): Promise<ShopNow> {
  return call(ROUTES.shopStatus, {}, { cache: 'no-store' });
}

/** The Admin Dashboard's switch; the admin is named in ?uid= as every admin call is. */
export function saveShopStatus(uid: string, status: ShopStatus): Promise<ShopStatus> {
  return call(ROUTES.setShopStatus, { query: { uid }, body: status });
}
