import { useMachine } from '@xstate/react';
import dayjs from 'dayjs';
import { closedNowMessage } from '../../contract/shop.ts';
import { useShopLogic } from '../actors/shop.ts';

/**
 * The notice itself: the shop's state read once (machines/shop-switch.machine.ts), shown while it takes
 * no orders for now (outside its hours, or the owner's switch on), with when it opens: adding to the cart
 * and ordering for later still work.
 */
export function ShopClosedBanner() {
  const { shopSwitch } = useShopLogic();
  const [state] = useMachine(shopSwitch);
  const { shop } = state.context;
  // Unknown (loading, or the read failed) is shown as open: checkout offers what the server says.
  if (!shop || shop.openNow) return null;
  return (
    <p role="status" className="bg-coral-ink px-4 py-3 text-center text-lg font-bold text-white">
      {closedNowMessage(shop.opensAt, dayjs().format('YYYY-MM-DD'))}
    </p>
  );
}
