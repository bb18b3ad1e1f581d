import { fromPromise } from 'xstate';
import { phoneOrderMachine } from '../../machines/phone-order.machine.ts';
import { fetchMenuItem } from '../api/menu.ts';
import { fetchOrderSlots } from '../api/ordering.ts';
import { fetchMenuNow, takePhoneOrder } from '../api/phone-orders.ts';
import { rejectReadably } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { asAdmin } from './admin.ts';
import { fromActors, useLogic } from './context.tsx';

/**
 * The kitchen board's New order form (docs/decisions/039-cash-and-the-counter.md): the whole menu as
 * it is now and an item's options, the kitchen's times as staff ask for them, the order sent as the
 * signed-in staff member.
 */
export const phoneOrderLogic = fromActors((actors) => ({
  phoneOrder: phoneOrderMachine.provide({
    actors: {
      loadMenu: fromPromise(() => fetchMenuNow().catch(rejectReadably)),
      loadItem: fromPromise(({ input }) => fetchMenuItem(input.itemId).catch(rejectReadably)),
      loadSlots: fromPromise(({ input }) => asAdmin(actors, (uid) => fetchOrderSlots(uid, input))),
      takePhoneOrder: fromPromise(({ input }) => asAdmin(actors, (uid) => takePhoneOrder(uid, input))),
    },
    actions: {
      announceTaken: (_, { taken }) => notify.success(`Order ${taken.order.transaction_id} is on the board`),
    },
  }),
}));

export const usePhoneOrderLogic = () => useLogic(phoneOrderLogic);
