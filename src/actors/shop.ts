import { fromPromise } from 'xstate';
import type { ShopStatus } from '../../contract/shop.ts';
import { shopSwitchMachine } from '../../machines/shop-switch.machine.ts';
import { fetchShopStatus, saveShopStatus } from '../api/shop.ts';
import { rejectReadably } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { fromActors, useLogic } from './context.tsx';

export const shopLogic = fromActors(({ signedInUid }) => ({
  shopSwitch: shopSwitchMachine.provide({
    actors: {
      readStatus: fromPromise(() => fetchShopStatus().catch(rejectReadably)),
      saveStatus: fromPromise<ShopStatus, ShopStatus>(({ input }) =>
        saveShopStatus(signedInUid(), input).catch(rejectReadably),
      ),
    },
    actions: {
      announceSaved: (_, { closed }) =>
        notify.success(closed ? 'The shop is closed for orders' : 'The shop is open for orders'),
    },
  }),
}));

/** The owner's Shop closed now switch, read by everyone and turned by the registry's signed-in admin. */
export const useShopLogic = () => useLogic(shopLogic);
