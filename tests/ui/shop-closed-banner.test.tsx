import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { DEFAULT_SHOP_HOURS } from '../../contract/opening-hours.ts';
import type { ShopNow, ShopStatus } from '../../contract/shop.ts';
import { shopSwitchMachine } from '../../machines/shop-switch.machine.ts';
import { giveLogic } from '../../src/actors/context.tsx';
import { shopLogic } from '../../src/actors/shop.ts';
import { ShopClosedBanner } from '../../src/components/shop-closed-banner.tsx';
import { testActors, withActors } from './support/actors.tsx';

const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');

function renderBanner(shop: ShopNow) {
  const Banner = withActors(ShopClosedBanner, testActors(), [
    giveLogic(shopLogic, {
      shopSwitch: shopSwitchMachine.provide({
        actors: {
          readStatus: fromPromise(async () => shop),
          saveStatus: fromPromise<ShopStatus, ShopStatus>(async ({ input }) => input),
        },
      }),
    }),
  ]);
  return render(<Banner />);
}

describe('the closed notice (Home, the Menu, checkout)', () => {
  it('says when the shop opens, and that ordering for later works', async () => {
    renderBanner({
      closed: false,
      openNow: false,
      opensAt: { at: `${tomorrow}T00:00:00.000Z`, date: tomorrow, time: '06:00' },
      hours: DEFAULT_SHOP_HOURS,
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      "We're closed right now — we open tomorrow at 6:00am. Add what you like: you can order for later.",
    );
  });

  it('says nothing while the shop takes orders', async () => {
    const { container } = renderBanner({
      closed: false,
      openNow: true,
      opensAt: null,
      hours: DEFAULT_SHOP_HOURS,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
  });
});
