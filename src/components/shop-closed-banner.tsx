import { useMachine } from '@xstate/react';
import { SHOP_CLOSED_MESSAGE } from '../../contract/shop.ts';
import { useShopLogic } from '../actors/shop.ts';

/** The notice itself: the owner's switch read once (machines/shop-switch.machine.ts), shown while on. */
export function ShopClosedBanner() {
  const { shopSwitch } = useShopLogic();
  const [state] = useMachine(shopSwitch);
  // Unknown (loading, or the read failed) is shown as open: checkout still refuses while closed.
  if (state.context.closed !== true) return null;
  return (
    <p role="status" className="bg-coral-ink px-4 py-3 text-center text-lg font-bold text-white">
      {SHOP_CLOSED_MESSAGE}
    </p>
  );
}
