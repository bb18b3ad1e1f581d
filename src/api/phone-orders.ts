import { FULL_VIEW, type MenuItem } from '../../contract/menu.ts';
import type { PhoneOrderBody, PhoneOrderTaken } from '../../contract/phone-order.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from './call.ts';

/** The whole menu as it is now (not the Menu page's cached copy): staff see what is sold out. */
export const fetchMenuNow = (): Promise<MenuItem[]> =>
  call(ROUTES.allItems, { query: { category: 'all', limit: FULL_VIEW } }, { cache: 'no-store' });

/** Staff take an order by phone (POST /admin-phone-order): its payment link and SMS text come back. */
export const takePhoneOrder = (uid: string, body: PhoneOrderBody): Promise<PhoneOrderTaken> =>
  call(ROUTES.takePhoneOrder, { query: { uid }, body });
