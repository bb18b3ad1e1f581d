import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_SHOP_HOURS } from '../../contract/opening-hours.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { menu } from './api.ts';
import { register, signIn, unique } from './support/accounts.ts';
import { AROUND_THE_CLOCK, addToCart, fillShipping, placeOrder, setShopHours } from './support/shop.ts';

const admin = DEMO_ACCOUNTS[0];

/** The owner's switch, on while the shop is open, named by its state in words. */
const shopSwitch = (page: Page) => page.getByRole('switch', { name: /^Shop (open|closed)$/ });
const CLOSED_NOW = /^We're closed right now — we open .+\. Add what you like: you can order for later\.$/;

test('the owner closes the shop: Home and the Menu say when it opens, checkout takes an order for later; reopened, as soon as possible', async ({
  page,
  browser,
  request,
}) => {
  // Two people, a sign-up and two checkouts: more than the default 30 s.
  test.slow();
  const item = (await menu(request)).find((i) => i.quantity >= 5)!;
  await register(page, 'Salma Khan', `salma-${unique()}@pizzon.test`);
  await addToCart(page, item, 1);

  // Two windows, each brought to the front before it is used, as a person would.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, admin);
  // Open around the clock, so only the owner's switch closes it, whatever the hour the suite runs at.
  await setShopHours(owner, request, AROUND_THE_CLOCK);
  try {
    await owner.goto('/admin');
    await expect(shopSwitch(owner)).toHaveAttribute('aria-checked', 'true');
    await expect(shopSwitch(owner)).toHaveAccessibleName('Shop open');
    await shopSwitch(owner).click();
    await expect(shopSwitch(owner)).toHaveAttribute('aria-checked', 'false');
    await expect(shopSwitch(owner)).toHaveAccessibleName('Shop closed');
    await expect(owner.getByText('The shop is closed for orders')).toBeVisible();
    try {
      await page.bringToFront();
      for (const path of ['/', '/menu']) {
        await page.goto(path);
        await expect(page.getByRole('status').filter({ hasText: CLOSED_NOW })).toBeVisible();
      }
      // Adding still works; checkout offers only later times, and never refuses the filled form.
      await page.goto('/user-dashboard/my-cart/checkout');
      await expect(page.getByText(/Choose a later time below\./)).toBeVisible();
      await expect(page.getByRole('radio', { name: /As soon as possible/ })).toHaveCount(0);
      await expect(page.getByRole('radio', { name: 'Later' })).toBeChecked();
      await placeOrder(page);
      // The switch survives a reload: it lives in the database.
      await owner.bringToFront();
      await owner.reload({ waitUntil: 'domcontentloaded' });
      await expect(shopSwitch(owner)).toHaveAttribute('aria-checked', 'false');
    } finally {
      await owner.bringToFront();
      await shopSwitch(owner).click();
      await expect(shopSwitch(owner)).toHaveAttribute('aria-checked', 'true');
    }
    await page.bringToFront();

    await page.goto('/menu');
    await expect(page.getByRole('heading', { name: 'Our Menu' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: CLOSED_NOW })).toHaveCount(0);
    await page.goto('/user-dashboard/my-cart/checkout');
    await expect(page.getByRole('radio', { name: /As soon as possible/ })).toBeChecked();
    await fillShipping(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
  } finally {
    await setShopHours(owner, request, DEFAULT_SHOP_HOURS);
    await owner.context().close();
  }
});
