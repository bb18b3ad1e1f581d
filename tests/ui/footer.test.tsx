import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { DEFAULT_SHOP_HOURS } from '../../contract/opening-hours.ts';
import type { ShopNow, ShopStatus } from '../../contract/shop.ts';
import { shopSwitchMachine } from '../../machines/shop-switch.machine.ts';
import { giveLogic } from '../../src/actors/context.tsx';
import { shopLogic } from '../../src/actors/shop.ts';
import { Footer } from '../../src/components/footer.tsx';
import { testActors, withActors } from './support/actors.tsx';
import { renderAt } from './support/router.tsx';

describe('Footer', () => {
  it('shows the spec’s opening hours, useful links, social buttons and copyright', async () => {
    renderAt('/', Footer);
    const footer = await screen.findByRole('contentinfo');
    for (const text of ['Mon-Tues', 'Wednes-Thurs', 'Launch', 'Sunday']) {
      expect(within(footer).getByText(text)).toBeInTheDocument();
    }
    expect(within(footer).getAllByText('6:00am-10:00pm')).toHaveLength(2);
    for (const text of [
      'Privacy Policy',
      'Order Tracking',
      'Warranty and Services',
      'About',
      'Contact Us',
      'Wishlist',
    ]) {
      const item = within(footer).getByText(text);
      expect(item.closest('a')).toBeNull();
    }
    expect(within(footer).getAllByRole('button', { name: /^Pizzon on / })).toHaveLength(4);
    expect(within(footer).getByText(/2023/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: /Pizzon/ })).toHaveAttribute('href', '/');
  });
});

describe('Footer hours', () => {
  it('shows the owner’s hours in the spec’s rows once the shop has answered', async () => {
    const week = DEFAULT_SHOP_HOURS.week.map((day) =>
      day.day === 0
        ? { ...day, closed: false, opens: '10:00', closes: '16:00' }
        : { ...day, opens: '08:00', closes: '20:00' },
    );
    const shop: ShopNow = { closed: false, openNow: true, opensAt: null, hours: { week, closedDates: [] } };
    const WithHours = withActors(Footer, testActors(), [
      giveLogic(shopLogic, {
        shopSwitch: shopSwitchMachine.provide({
          actors: {
            readStatus: fromPromise(async () => shop),
            saveStatus: fromPromise<ShopStatus, ShopStatus>(async ({ input }) => input),
          },
        }),
      }),
    ]);
    renderAt('/', WithHours);
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findAllByText('8:00am-8:00pm')).toHaveLength(2);
    expect(within(footer).getByText('10:00am-4:00pm')).toBeInTheDocument();
    expect(within(footer).getByText('Mon-Tues')).toBeInTheDocument();
  });
});
