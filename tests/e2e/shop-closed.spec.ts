import { expect, type Page, test } from '@playwright/test';
import { SHOP_CLOSED_MESSAGE } from '../../contract/shop.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { menu } from './api.ts';
import { register, signIn, unique } from './support/accounts.ts';
import { addToCart, fillShipping, placeOrder } from './support/shop.ts';

const admin = DEMO_ACCOUNTS[0];

const shopSwitch = (page: Page) => page.getByRole('switch', { name: 'Shop closed now' });

test('the owner closes the shop: Home and the Menu say so, checkout takes no order; reopened, it does', async ({
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
  await owner.goto('/admin');
  await expect(shopSwitch(owner)).toHaveAttribute('aria-checked', 'false');
  await shopSwitch(owner).click();
  await expect(shopSwitch(owner)).toHaveAttribute('aria-checked', 'true');
  await expect(owner.getByText('The shop is closed for orders')).toBeVisible();
  try {
    await page.bringToFront();
    for (const path of ['/', '/menu']) {
      await page.goto(path);
      await expect(page.getByRole('status').filter({ hasText: SHOP_CLOSED_MESSAGE })).toBeVisible();
    }
    await page.goto('/user-dashboard/my-cart/checkout');
    await expect(page.getByText(SHOP_CLOSED_MESSAGE).first()).toBeVisible();
    await fillShipping(page);
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/create-payment-intent'));
    await page.getByRole('button', { name: 'Place Order' }).click();
    expect((await refused).status()).toBe(409);
    await expect(page.getByRole('alert').filter({ hasText: SHOP_CLOSED_MESSAGE })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    // The switch survives a reload: it lives in the database.
    await owner.bringToFront();
    await owner.reload({ waitUntil: 'domcontentloaded' });
    await expect(shopSwitch(owner)).toHaveAttribute('aria-checked', 'true');
  } finally {
    await owner.bringToFront();
    await shopSwitch(owner).click();
    await expect(shopSwitch(owner)).toHaveAttribute('aria-checked', 'false');
  }
  await page.bringToFront();

  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Our Menu' })).toBeVisible();
  await expect(page.getByText(SHOP_CLOSED_MESSAGE)).toHaveCount(0);
  await page.goto('/user-dashboard/my-cart/checkout');
  await placeOrder(page);
});
