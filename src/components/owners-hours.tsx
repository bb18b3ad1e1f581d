import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import { DEFAULT_SHOP_HOURS, type ShopHours } from '../../contract/opening-hours.ts';
import { useShopLogic } from '../actors/shop.ts';

/** The owner's week as the shop answers it (the seed's until it has, or when the read fails). */
export function OwnersHours({ render }: { render: (hours: ShopHours) => ReactNode }) {
  const { shopSwitch } = useShopLogic();
  const [state] = useMachine(shopSwitch);
  return render(state.context.shop?.hours ?? DEFAULT_SHOP_HOURS);
}
