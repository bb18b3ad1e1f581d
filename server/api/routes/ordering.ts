import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import { listAreas, saveAreas } from '../services/delivery-areas.ts';
import { readKitchenSettings, saveKitchenSettings } from '../services/kitchen-settings.ts';
import { paymentOptionsFor, readPaymentSettings, savePaymentSettings } from '../services/payment-settings.ts';
import type { ShopClock } from '../services/shop-clock.ts';
import { saveShopHours } from '../services/shop-hours.ts';
import { offerSlots } from '../services/slots.ts';
import type { RegisterRoute } from './table.ts';

/**
 * What ordering is held to (docs/decisions/037-order-types-slots-and-estimates.md): the delivery areas
 * (anyone may read them: checkout checks a postcode as it is typed), the week, the kitchen's rules, and
 * the slots the caller's cart may be had in. Only an admin changes the rules.
 */
export function orderingRoutes(on: RegisterRoute, db: Database, clock: ShopClock) {
  on(ROUTES.deliveryAreas, () => listAreas(db));
  on(ROUTES.saveDeliveryAreas, (_, { body }) => saveAreas(db, body));
  on(ROUTES.saveShopHours, (_, { body }) => saveShopHours(db, body));
  on(ROUTES.kitchenSettings, () => readKitchenSettings(db));
  on(ROUTES.saveKitchenSettings, (_, { body }) => saveKitchenSettings(db, body));
  on(ROUTES.orderSlots, (c, { query }) => offerSlots(db, clock, c.var.user.uid, query));
  on(ROUTES.paymentOptions, (c) => paymentOptionsFor(db, c.var.user.uid));
  on(ROUTES.paymentSettings, () => readPaymentSettings(db));
  on(ROUTES.savePaymentSettings, (_, { body }) => savePaymentSettings(db, body));
}
