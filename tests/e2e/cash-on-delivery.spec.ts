// Issue 35 in the browser: the owner offers cash (Admin → Delivery), a customer orders a pizza for cash
// on delivery on a 375 px phone and on a 768 px tablet, and the kitchen, on a tablet, accepts it, sends
// it out and marks the cash taken, the customer's confirmation following each step. The checkout's
// payment choice at each width is the README's screenshot (docs/screenshots/checkout-cash-*.png).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEFAULT_SHOP_HOURS } from '../../contract/opening-hours.ts';
import { DEFAULT_PAYMENT_SETTINGS } from '../../contract/payment-settings.ts';
import { API_TOKEN_STORAGE_KEY } from '../../contract/user.ts';
import { E2E } from '../../playwright.config.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { menu } from './api.ts';
import { register, signIn, unique } from './support/accounts.ts';
import { AROUND_THE_CLOCK, addToCart, fillShipping, setShopHours } from './support/shop.ts';

const admin = DEMO_ACCOUNTS[0];
test.use({ timezoneId: E2E.shopTimeZone });

/** The owner offers cash on Admin → Delivery, as they would. */
async function offerCash(owner: Page) {
  await owner.goto('/admin/delivery');
  const form = owner.getByRole('form', { name: 'Payment methods' });
  await form.getByRole('checkbox', { name: 'Cash on delivery and at the counter' }).check();
  await form.getByRole('button', { name: 'Save payment methods' }).click();
  await expect(owner.getByText('The payment methods are saved')).toBeVisible();
}

async function onlineOnly(owner: Page, request: APIRequestContext) {
  const token = await owner.evaluate((key) => localStorage.getItem(key), API_TOKEN_STORAGE_KEY);
  const response = await request.put(`${E2E.apiURL}/admin-payment-settings`, {
    headers: { Authorization: `Bearer ${token}` },
    data: DEFAULT_PAYMENT_SETTINGS,
  });
  expect(response.status()).toBe(200);
}

for (const [width, height, name] of [
  [375, 812, 'mobile'],
  [768, 1024, 'tablet'],
] as const) {
  test(`at ${width} px: a pizza for cash on delivery, accepted, sent out and its cash taken`, async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const owner = await (await browser.newContext({ timezoneId: E2E.shopTimeZone })).newPage();
    await signIn(owner, admin);
    await setShopHours(owner, request, AROUND_THE_CLOCK);
    await offerCash(owner);
    try {
      const pizza = (await menu(request)).find((i) => i.category === 'pizza' && i.quantity >= 3)!;
      await register(page, 'Shirin Sultana', `shirin-${unique()}@pizzon.test`);
      await page.setViewportSize({ width, height });
      await addToCart(page, pizza, 1);
      await page.goto('/user-dashboard/my-cart/checkout');
      await fillShipping(page);
      await page.getByRole('radio', { name: 'Cash on delivery' }).check();
      const choice = page.getByRole('group', { name: 'How will you pay?' });
      await expect(choice.getByRole('radio', { name: 'Pay online' })).not.toBeChecked();
      await expect(choice).toContainText(/Have \d+\.\d{2} tk ready for the rider\./);
      await choice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `docs/screenshots/checkout-cash-${name}.png` });
      await expect(page.getByRole('group', { name: 'When?' })).toHaveAttribute('aria-busy', 'false');
      await page.getByRole('button', { name: 'Place Order' }).click();

      // Never the payment page: the order's confirmation, placed.
      await expect(page.getByRole('heading', { name: 'Order placed!' })).toBeVisible();
      await expect(page).toHaveURL(/\/order-placed\/PZ[0-9A-F]{24}$/);
      const transactionId = page.url().split('/order-placed/')[1]!;
      await expect(page.getByText(/Please have \d+\.\d{2} tk in cash ready for the rider\./)).toBeVisible();
      const step = page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]');
      await expect(step).toContainText('Placed');

      const kitchen = await (await browser.newContext({ timezoneId: E2E.shopTimeZone })).newPage();
      try {
        await signIn(kitchen, admin);
        await kitchen.setViewportSize({ width: 768, height: 1024 });
        await kitchen.goto('/admin/kitchen');
        const card = kitchen.getByRole('listitem', { name: new RegExp(transactionId) });
        await expect(card).toContainText('New · cash');
        await expect(card).toContainText(/Cash: collect Tk \d+\.\d{2}/);
        for (const [button, shown] of [
          ['Accept', 'Accepted'],
          ['Start preparing', 'Preparing'],
          ['Send out for delivery', 'Out for delivery'],
        ] as const) {
          await kitchen.getByRole('button', { name: `${button}: order ${transactionId}` }).click();
          await expect(step).toContainText(shown);
        }
        // The rider hands it over and takes the cash: delivered and paid, off the board.
        await kitchen.getByRole('button', { name: `Mark cash taken: order ${transactionId}` }).click();
        await expect(kitchen.getByRole('listitem', { name: new RegExp(transactionId) })).toHaveCount(0);
        await expect(step).toContainText('Delivered');
      } finally {
        await kitchen.context().close();
      }
      await page.goto('/user-dashboard/my-order');
      const order = page.getByRole('listitem', { name: `Order ${transactionId}`, exact: true });
      await expect(order).toContainText('Paid in cash');
      // The owner's day counts the cash taken today.
      await owner.goto('/admin');
      const cash = owner
        .locator('dt', { hasText: /^Cash to collect$/ })
        .locator('xpath=following-sibling::dd');
      await expect(cash).toContainText(/taken today Tk [1-9]\d*\.\d{2}/);
      // Manage orders lists it under the cash filter.
      await owner.goto('/admin/manage-orders?payment_method=cash');
      await expect(owner.getByRole('combobox', { name: 'Payment' })).toHaveValue('cash');
      await expect(owner.getByText(transactionId)).toBeVisible();
    } finally {
      await onlineOnly(owner, request);
      await setShopHours(owner, request, DEFAULT_SHOP_HOURS);
      await owner.context().close();
    }
  });
}
