import type { PhoneOrderBody, PhoneOrderTaken } from '../../contract/phone-order.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from './call.ts';

/** Staff take an order by phone (POST /admin-phone-order): its payment link and SMS text come back. */
export const takePhoneOrder = (uid: string, body: PhoneOrderBody): Promise<PhoneOrderTaken> =>
  call(ROUTES.takePhoneOrder, { query: { uid }, body });
