import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { AreasInputSchema } from '../../contract/delivery.ts';
import { KitchenSettingsSchema } from '../../contract/kitchen.ts';
import { PaymentSettingsSchema } from '../../contract/payment-settings.ts';
import { ShopHoursSchema } from '../../contract/shop-hours.ts';
import { createSubmitMachine } from '../../machines/submit.machine.ts';
import {
  fetchDeliveryAreas,
  fetchKitchenSettings,
  fetchPaymentSettings,
  saveDeliveryAreas,
  saveKitchenSettings,
  savePaymentSettings,
  saveShopHours,
} from '../api/ordering.ts';
import { fetchShopStatus } from '../api/shop.ts';
import { notify } from '../ui/toast.ts';
import { asAdmin } from './admin.ts';
import { fromActors, useLogic } from './context.tsx';
import { settle } from './order-feed.ts';

const announceFailure = (_: unknown, { message }: { message: string }) => notify.error(message);

/**
 * What ordering is held to, as the owner keeps it (Admin → Delivery, Admin → Hours): each read once
 * (read again after a save), each saved whole through a submit machine, checked against its schema.
 */
export const orderingLogic = fromActors((actors) => {
  const admin = <T>(call: (uid: string) => Promise<T>) => asAdmin(actors, call);
  const saver = (id: string, save: (uid: string, values: unknown) => Promise<unknown>, done: string) =>
    createSubmitMachine(id).provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          await admin((uid) => save(uid, input));
          return id;
        }),
      },
      actions: { announceDone: () => notify.success(done), announceFailure },
    });
  return {
    deliveryAreas: fromPromise(() => settle(fetchDeliveryAreas())),
    saveAreas: saver(
      'saveDeliveryAreas',
      (uid, values) => saveDeliveryAreas(uid, v.parse(AreasInputSchema, values)),
      'The delivery areas are saved',
    ),
    shopHours: fromPromise(() => settle(fetchShopStatus().then((status) => status.hours))),
    saveHours: saver(
      'saveShopHours',
      (uid, values) => saveShopHours(uid, v.parse(ShopHoursSchema, values)),
      'The opening hours are saved',
    ),
    paymentSettings: fromPromise(() => settle(admin(fetchPaymentSettings))),
    savePayments: saver(
      'savePaymentSettings',
      (uid, values) => savePaymentSettings(uid, v.parse(PaymentSettingsSchema, values)),
      'The payment methods are saved',
    ),
    kitchenSettings: fromPromise(() => settle(admin(fetchKitchenSettings))),
    saveKitchen: saver(
      'saveKitchenSettings',
      (uid, values) => saveKitchenSettings(uid, v.parse(KitchenSettingsSchema, values)),
      'The kitchen’s rules are saved',
    ),
  };
});

export const useOrderingLogic = () => useLogic(orderingLogic);
