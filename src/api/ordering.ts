import type { AreasInput, DeliveryArea } from '../../contract/delivery.ts';
import {
  type KitchenSettings,
  type OrderSlots,
  type OrderSlotsQuery,
  type SlotLine,
  slotLinesText,
} from '../../contract/kitchen.ts';
import type { ShopHours } from '../../contract/opening-hours.ts';
import type { PaymentOptions, PaymentSettings } from '../../contract/payment-settings.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from './call.ts';

// What ordering is held to: the delivery areas, the week, the kitchen's rules, the slots a cart can be
// had in (docs/decisions/037-order-types-slots-and-estimates.md).

/** How the caller may pay: read once by checkout, which offers cash only when the owner does. */
export const fetchPaymentOptions = (uid: string): Promise<PaymentOptions> =>
  call(ROUTES.paymentOptions, { query: { uid } }, { cache: 'no-store' });

export const fetchPaymentSettings = (uid: string): Promise<PaymentSettings> =>
  call(ROUTES.paymentSettings, { query: { uid } }, { cache: 'no-store' });

export const savePaymentSettings = (uid: string, body: PaymentSettings): Promise<PaymentSettings> =>
  call(ROUTES.savePaymentSettings, { query: { uid }, body });

/** Where the shop delivers: read once by checkout, which checks the postcode as it is typed. */
export const fetchDeliveryAreas = (): Promise<DeliveryArea[]> => call(ROUTES.deliveryAreas, {});

/**
 * As soon as possible and the later slots, as an order of this type: of the caller's cart, or of
 * `lines` when they are given (the phone order's, none yet included).
 */
export const fetchOrderSlots = (
  uid: string,
  { lines, ...query }: Omit<OrderSlotsQuery, 'lines'> & { lines?: readonly SlotLine[] },
): Promise<OrderSlots> =>
  call(
    ROUTES.orderSlots,
    { query: { uid, ...query, ...(lines && { lines: slotLinesText(lines) }) } },
    { cache: 'no-store' },
  );

export const saveDeliveryAreas = (uid: string, body: AreasInput): Promise<DeliveryArea[]> =>
  call(ROUTES.saveDeliveryAreas, { query: { uid }, body });

export const saveShopHours = (uid: string, hours: ShopHours): Promise<ShopHours> =>
  call(ROUTES.saveShopHours, { query: { uid }, body: hours });

export const fetchKitchenSettings = (uid: string): Promise<KitchenSettings> =>
  call(ROUTES.kitchenSettings, { query: { uid } }, { cache: 'no-store' });

export const saveKitchenSettings = (uid: string, settings: KitchenSettings): Promise<KitchenSettings> =>
  call(ROUTES.saveKitchenSettings, { query: { uid }, body: settings });
