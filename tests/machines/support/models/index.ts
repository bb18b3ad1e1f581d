import type { MachineModel } from '../model.ts';
import { authFormModel } from './auth-form.ts';
import { bookingFlowModel } from './booking-flow.ts';
import { bookingLinkModel } from './booking-link.ts';
import { cartModel } from './cart.ts';
import { checkoutModel } from './checkout.ts';
import { configuratorModel } from './configurator.ts';
import { itemUpdateModel } from './item-update.ts';
import { kitchenBoardModel } from './kitchen-board.ts';
import { listModel } from './list.ts';
import { menuModel } from './menu.ts';
import { orderModel } from './order.ts';
import { orderFeedModel } from './order-feed.ts';
import { paymentResultModel } from './payment-result.ts';
import { phoneOrderModel } from './phone-order.ts';
import { profileModel } from './profile.ts';
import { quantityModel } from './quantity.ts';
import { reorderModel } from './reorder.ts';
import { roomSettingsModel } from './room-settings.ts';
import { sessionModel } from './session.ts';
import { shopSwitchModel } from './shop-switch.ts';
import { submitModel } from './submit.ts';

/** One model per machines/<name>.machine.ts, by <name>; tests/machines/diagrams.test.ts keeps it complete. */
export const MACHINE_MODELS: Readonly<Record<string, MachineModel>> = {
  'auth-form': authFormModel,
  'booking-flow': bookingFlowModel,
  'booking-link': bookingLinkModel,
  cart: cartModel,
  checkout: checkoutModel,
  configurator: configuratorModel,
  'item-update': itemUpdateModel,
  'kitchen-board': kitchenBoardModel,
  list: listModel,
  menu: menuModel,
  order: orderModel,
  'order-feed': orderFeedModel,
  'payment-result': paymentResultModel,
  'phone-order': phoneOrderModel,
  profile: profileModel,
  quantity: quantityModel,
  reorder: reorderModel,
  'room-settings': roomSettingsModel,
  session: sessionModel,
  'shop-switch': shopSwitchModel,
  submit: submitModel,
};
