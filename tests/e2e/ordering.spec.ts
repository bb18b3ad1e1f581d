// Issue 31 in the browser: a pickup for 7:30pm on a 375 px phone and a delivery as soon as possible on a
// 768 px tablet, each through payment to the kitchen board (full screen on a tablet) and the
// tracker with its estimate.
import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_SHOP_HOURS } from '../../contract/opening-hours.ts';
import { E2E } from '../../playwright.config.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { menu } from './api.ts';
import { register, signIn, unique } from './support/accounts.ts';
import { AROUND_THE_CLOCK, addToCart, DELIVERY, setShopHours } from './support/shop.ts';

const admin = DEMO_ACCOUNTS[0];
/** The customer and the kitchen are where the shop is: its slots and due times are its wall clock's. */
test.use({ timezoneId: E2E.shopTimeZone });

/** The kitchen board as the owner opens it on a 768 px tablet, beside the customer. */
async function kitchenOnTablet(page: Page) {
  const kitchen = await (
    await page.context().browser()!.newContext({ timezoneId: E2E.shopTimeZone })
  ).newPage();
  // Signed in where the account link shows in the bar, then held as a tablet.
  await signIn(kitchen, admin);
  await kitchen.setViewportSize({ width: 768, height: 1024 });
  await kitchen.goto('/admin/kitchen');
  await expect(kitchen.getByRole('heading', { name: 'Kitchen' })).toBeVisible();
  return kitchen;
}

const lane = (page: Page, name: 'Now' | 'Later') =>
  page.getByRole('region', { name: new RegExp(`^${name}`) });

/** The kitchen fits the tablet: the page never scrolls, the rails scroll within themselves. */
async function expectKitchenFits(kitchen: Page) {
  expect(
    await kitchen.evaluate(
      () =>
        document.documentElement.scrollWidth <= window.innerWidth &&
        document.documentElement.scrollHeight <= window.innerHeight,
    ),
    'the page itself never scrolls',
  ).toBe(true);
}

test.describe('on a 375 px phone', () => {
  test('a pickup for 7:30pm: no address asked, no fee, paid, waiting in Later on the board, the tracker says when', async ({
    page,
    request,
  }) => {
    test.slow();
    const item = (await menu(request)).find((i) => i.category === 'pizza' && i.quantity >= 3)!;
    // Signed up where the account link shows in the bar, then on a phone.
    await register(page, 'Rumana Akter', `rumana-${unique()}@pizzon.test`);
    await page.setViewportSize({ width: 375, height: 812 });
    await addToCart(page, item, 1);
    await page.goto('/user-dashboard/my-cart/checkout');
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await expect(page.getByLabel('Address *')).toHaveCount(0);
    await expect(page.getByText(/Collect it at/)).toBeVisible();
    await page.getByLabel('Phone *').fill(DELIVERY.phone);
    const time = page.getByRole('combobox', { name: 'Time' });
    const seven = await time
      .locator('option', { hasText: /at 7:30pm$/ })
      .first()
      .getAttribute('value');
    await time.selectOption(seven!);
    await expect(page.getByRole('radio', { name: 'Later' })).toBeChecked();
    const summary = page.getByRole('region', { name: 'Your Order' });
    await expect(summary).toContainText('Pickup: no delivery fee');
    await expect(summary).toContainText('0.00 tk');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    const transactionId = page.url().split('/payment-success/')[1]!;
    await expect(
      page.getByRole('status').filter({ hasText: /^Your order is booked for .* at 7:30 PM$/ }),
    ).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText('Paid');

    const kitchen = await kitchenOnTablet(page);
    try {
      await expectKitchenFits(kitchen);
      const card = lane(kitchen, 'Later').getByRole('listitem', { name: new RegExp(transactionId) });
      await expect(card).toContainText('Pickup');
      await expect(card).toContainText('Collects at the counter');
      await expect(card).toContainText(/Ready by 7:30 PM/);
      await expect(card).toContainText(/Start at \d{1,2}:\d{2} (AM|PM)/);
    } finally {
      await kitchen.context().close();
    }
    await page.goto('/user-dashboard/my-order');
    const order = page.getByRole('listitem', { name: `Order ${transactionId}`, exact: true });
    await expect(order.getByRole('status').filter({ hasText: /booked for .* at 7:30 PM/ })).toBeVisible();
    await expect(order.getByRole('list', { name: 'Order progress' })).toContainText('Ready for pickup');
  });
});

test.describe('on a 768 px tablet', () => {
  test('a delivery as soon as possible: the area said as typed, the estimate, paid, due on the board and in the tracker', async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    // As soon as possible whatever the hour the suite runs at.
    const owner = await (await browser.newContext()).newPage();
    await signIn(owner, admin);
    await setShopHours(owner, request, AROUND_THE_CLOCK);
    try {
      const item = (await menu(request)).find((i) => i.category === 'pizza' && i.quantity >= 3)!;
      await register(page, 'Karim Hossain', `karim-${unique()}@pizzon.test`);
      await page.setViewportSize({ width: 768, height: 1024 });
      await addToCart(page, item, 1);
      await page.goto('/user-dashboard/my-cart/checkout');
      await expect(page.getByRole('radio', { name: 'Delivery' })).toBeChecked();
      await page.getByLabel('Phone *').fill(DELIVERY.phone);
      await page.getByLabel('Address *').fill(DELIVERY.address);
      await page.getByLabel('Postcode *').fill(DELIVERY.postcode);
      await expect(
        page.getByText('We deliver there: 5 % of the food, about 20 min on the way'),
      ).toBeVisible();
      await page.getByLabel('City *').fill(DELIVERY.city);
      const asap = page.getByRole('radio', { name: /As soon as possible \(about \d+–\d+ min\)/ });
      await expect(asap).toBeChecked();
      await expect(page.getByRole('region', { name: 'Your Order' })).toContainText(
        'Delivery fee: 5 % of the food',
      );
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      const transactionId = page.url().split('/payment-success/')[1]!;
      await expect(
        page.getByRole('status').filter({ hasText: /^The kitchen has your order — about \d+/ }),
      ).toBeVisible();

      const kitchen = await kitchenOnTablet(page);
      try {
        await expectKitchenFits(kitchen);
        const card = lane(kitchen, 'Now').getByRole('listitem', { name: new RegExp(transactionId) });
        await expect(card).toContainText('Delivery');
        await expect(card).toContainText(/Tk \d+\.\d{2}/);
        await expect(card).toContainText(/Deliver by \d{1,2}:\d{2} (AM|PM)/);
        await expect(card).toContainText(/\d+ min to go/);
        await card.getByRole('button', { name: `Accept: order ${transactionId}` }).click();
        // Accepted, the ticket stays in the rail, its next step in reach.
        await card.getByRole('button', { name: `Start preparing: order ${transactionId}` }).click();
        await expect(card).toContainText('Preparing');
        await expect(card.getByRole('button', { name: /^Send out for delivery: order / })).toBeInViewport();
      } finally {
        await kitchen.context().close();
      }
      // The tracker follows live: the pizza is in the oven.
      await expect(
        page.getByRole('status').filter({ hasText: /^Your pizza is in the oven — / }),
      ).toBeVisible();
      await expect(page.locator('[aria-current="step"]')).toContainText('Preparing');
    } finally {
      await setShopHours(owner, request, DEFAULT_SHOP_HOURS);
      await owner.context().close();
    }
  });
});
