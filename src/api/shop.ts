import * as v from 'valibot';
import { type ShopStatus, ShopStatusSchema } from '../../contract/shop.ts';
import { apiClient, directClient } from './http.ts';

/** Whether the shop takes orders now (never cached: the owner's switch shows on the next read). */
export async function fetchShopStatus(): Promise<ShopStatus> {
  return v.parse(ShopStatusSchema, await directClient.get('shop-status', { cache: 'no-store' }).json());
}

/** The Admin Dashboard's switch; the admin is named in ?uid= as every admin call is. */
export async function saveShopStatus(uid: string, status: ShopStatus): Promise<ShopStatus> {
  return v.parse(
    ShopStatusSchema,
    await apiClient.put('shop-status', { searchParams: { uid }, json: status }).json(),
  );
}
