import { fromPromise } from 'xstate';
import { shopSwitchMachine } from '../../machines/shop-switch.machine.ts';
import type { ShopStatus } from '../../server/contract/shop.ts';
import { fetchShopStatus, saveShopStatus } from '../api/shop.ts';
import { describeFailure } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { session } from './session.ts';

const readable = (error: unknown) => Promise.reject(new Error(describeFailure(error).message));

export const liveShopSwitchMachine = shopSwitchMachine.provide({
  actors: {
    readStatus: fromPromise(() => fetchShopStatus().catch(readable)),
    saveStatus: fromPromise<ShopStatus, ShopStatus>(({ input }) =>
      saveShopStatus(session.getSnapshot().context.user?.uid ?? '', input).catch(readable),
    ),
  },
  actions: {
    announceSaved: (_, { closed }) =>
      notify.success(closed ? 'The shop is closed for orders' : 'The shop is open for orders'),
  },
});
