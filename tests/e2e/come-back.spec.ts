// Issue 32, "Come back tomorrow", at a phone's width and a desk's: a customer applies a promo code,
// leaves the payment page, pays from My order with Pay now, and orders again the next day at the day's
// prices; a sold-out line is charged for nothing; the owner reads the day, marks an item sold out and
// back in stock, and marks a refund as done.
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { cartTotals } from '../../contract/cart.ts';
import type { MenuItem } from '../../contract/menu.ts';
import { formatCartPrice, toCents } from '../../contract/money.ts';
import { API_TOKEN_STORAGE_KEY } from '../../contract/user.ts';
import { E2E } from '../../playwright.config.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { logIn, register, signIn, unique } from './support/accounts.ts';
import { answerDialog, settledDialog } from './support/dialog.ts';
import { addToCart, buyAndPay, fillShipping } from './support/shop.ts';

const admin = DEMO_ACCOUNTS[0];
const tk = (taka: number) => formatCartPrice(toCents(taka));
const DESK = { width: 1280, height: 900 };

/** The owner, signed in at a desk in a window of their own. */
async function ownerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESK })).newPage();
  await signIn(page, admin);
  return page;
}

/** A call of the API with the page's own token, as its admin pages make them. */
async function asPage(page: Page, request: APIRequestContext, method: string, path: string, data?: unknown) {
  const token = await page.evaluate((key) => localStorage.getItem(key), API_TOKEN_STORAGE_KEY);
  const response = await request.fetch(`${E2E.apiURL}/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** A dish of the spec's own, so its price and stock can change without touching anyone else's. */
async function ownDish(
  owner: Page,
  request: APIRequestContext,
  price: number,
  quantity = 20,
): Promise<MenuItem> {
  const name = `Tomorrow Pizza ${unique()}`;
  const { insertedId } = (await asPage(owner, request, 'POST', 'add-item', {
    name,
    price,
    quantity,
    image: '/images/menu/margherita-napoletana.svg',
    category: 'pizza',
    description: 'Made for the come-back-tomorrow spec; it stays on the menu like any other.',
  })) as { insertedId: string };
  return (await asPage(owner, request, 'GET', `admin-item-update/${insertedId}`)) as MenuItem;
}

for (const [width, label] of [
  [1280, 'desk'],
  [375, 'phone'],
] as const) {
  test.describe(`at ${width} px (${label})`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a customer applies a code, pays with Pay now, and orders again the next day', async ({
      page,
      browser,
      request,
    }) => {
      test.slow();
      const owner = await ownerPage(browser);
      const dish = await ownDish(owner, request, 12.5);
      // The owner adds the code in Admin → Promotions: 10 % off, once per customer.
      const code = `BACK${unique()
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .slice(-10)}`;
      await owner.goto('/admin/promotions');
      const form = owner.getByRole('form', { name: 'Add a promo code' });
      await form.getByLabel('Code').fill(code.toLowerCase());
      await form.getByLabel('Kind').selectOption('percent');
      await form.getByLabel('Amount (percent, or tk)').fill('10');
      await form.getByLabel('Uses per customer (empty: no limit)').fill('1');
      await form.getByRole('button', { name: 'Add code' }).click();
      await expect(owner.getByText('Promo code saved')).toBeVisible();
      const row = owner.getByRole('row').filter({ hasText: code });
      await expect(row).toContainText('10% off');
      await expect(row).toContainText('0 paid');

      await page.bringToFront();
      // Signed up and shopped at a desk (the phone's drawer hides the account link these helpers wait
      // for); the rest at the spec's width.
      await page.setViewportSize(DESK);
      await register(page, 'Rumi Akter', `rumi-${unique()}@pizzon.test`);
      await addToCart(page, dish, 2);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/user-dashboard/my-cart');
      const promo = page.getByRole('form', { name: 'Promo code' });
      await promo.getByLabel('Promo code').fill('nosuchcode');
      await promo.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('alert')).toHaveText('There is no promo code NOSUCHCODE');
      await promo.getByLabel('Promo code').fill(code.toLowerCase());
      await promo.getByRole('button', { name: 'Apply' }).click();
      // 2 × 12.50 = 25.00 of food; 10 % off is 2.50; the spec's 5 % shipping of each line stays 1.25.
      const totals = cartTotals([{ price: 12.5, quantity: 2 }], 2.5);
      expect(totals.totalPrice).toBe(23.75);
      const summary = page.getByRole('complementary');
      await expect(summary).toContainText(`Code ${code}−${tk(2.5)} off the food`);
      await expect(summary).toContainText(`Discount (${code})−${tk(2.5)}`);
      await expect(summary).toContainText(`Amount Payable${tk(totals.totalPrice)}`);

      // Checkout charges the same; the payment page is left without paying.
      await page.getByRole('link', { name: 'Process to Checkout' }).click();
      await expect(page.getByText(`Grand Total${tk(totals.totalPrice)}`)).toBeVisible();
      await fillShipping(page);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
      await expect(page.getByText(`Promo code ${code}`)).toBeVisible();
      await expect(page.getByText(tk(totals.totalPrice), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('pay it now from My order', { exact: false })).toBeVisible();

      // My order: the unpaid order, in words, with Pay now. The cancelled payment gave its hold back, so
      // Pay now checks the same line out afresh, the code applied again: the same amount to pay.
      await page.goto('/user-dashboard/my-order');
      const card = page.getByRole('listitem', { name: /^Order / }).first();
      await expect(card).toContainText('Payment failed');
      await expect(card).toContainText(`${code}: −${tk(2.5)}`);
      await card.getByRole('button', { name: 'Pay now' }).click();
      await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
      await expect(page.getByText(`Promo code ${code}`)).toBeVisible();
      await expect(page.getByText(tk(totals.totalPrice), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      const transaction = page.url().split('/payment-success/')[1]!;

      // The code's use is counted once paid.
      await owner.bringToFront();
      await owner.reload();
      await expect(owner.getByRole('row').filter({ hasText: code })).toContainText('1 paid');

      // The next day, the pizza costs more: Order again puts the same two in the cart at today's price.
      await asPage(owner, request, 'PATCH', `admin-item-update/${dish._id}`, {
        name: dish.name,
        price: 13,
        quantity: 20,
        image: dish.image,
        description: dish.description,
      });
      await page.bringToFront();
      await page.goto('/user-dashboard/my-order');
      const paid = page.getByRole('listitem', { name: `Order ${transaction}`, exact: true });
      await expect(paid).toContainText('Payment Success');
      await paid.getByRole('button', { name: 'Order again' }).click();
      await expect(paid.getByRole('status').filter({ hasText: 'Added to your cart' })).toContainText(
        `Added to your cart: ${dish.name} × 2.`,
      );
      await paid.getByRole('link', { name: 'Go to My cart' }).click();
      const lines = page.getByRole('list', { name: 'Cart lines' });
      await expect(lines).toContainText(`${tk(13)} × 2`);
      // The code is still on the cart, and says why it takes nothing off now.
      await expect(page.getByRole('complementary')).toContainText(`Code ${code}Already used`);
      await expect(page.getByRole('complementary')).toContainText(
        `Amount Payable${tk(cartTotals([{ price: 13, quantity: 2 }]).totalPrice)}`,
      );
      await owner.close();
    });

    test('a sold-out line is charged for nothing, and checkout waits until it is resolved', async ({
      page,
      browser,
      request,
    }) => {
      const owner = await ownerPage(browser);
      const kept = await ownDish(owner, request, 10);
      const short = await ownDish(owner, request, 4, 5);
      await page.bringToFront();
      await page.setViewportSize(DESK);
      await register(page, 'Tuli Das', `tuli-${unique()}@pizzon.test`);
      await addToCart(page, kept, 1);
      await addToCart(page, short, 3);
      await page.setViewportSize({ width, height: 900 });
      // Two are left of the five: the line asks for more than the shop has.
      await asPage(owner, request, 'PATCH', `admin-item-update/${short._id}`, {
        name: short.name,
        price: 4,
        quantity: 2,
        image: short.image,
        description: short.description,
      });
      await page.goto('/user-dashboard/my-cart');
      const apart = page.getByRole('list', { name: 'Lines not available now' });
      await expect(apart).toContainText(`There are only 2 ${short.name} in stock.`);
      await expect(apart).toContainText('Available: 2');
      await expect(page.getByRole('list', { name: 'Cart lines' })).not.toContainText(short.name);
      await expect(page.getByRole('complementary')).toContainText(
        `Amount Payable${tk(cartTotals([{ price: 10, quantity: 1 }]).totalPrice)}`,
      );
      await expect(page.getByRole('button', { name: 'Process to Checkout' })).toBeDisabled();
      await page.goto('/user-dashboard/my-cart/checkout');
      await expect(page.getByRole('alert')).toContainText(
        `${short.name} is not available as your cart has it.`,
      );
      await page.getByRole('link', { name: 'Back to My cart' }).click();
      await apart.getByRole('button', { name: `Remove ${short.name}` }).click();
      await expect(apart).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Process to Checkout' })).toBeVisible();
      await owner.close();
    });

    test('the owner reads the day, marks an item sold out and back, and a refund as done', async ({
      page,
      browser,
      request,
    }) => {
      test.slow();
      // A customer's paid order, for the owner to cancel and refund.
      const customer = await (await browser.newContext({ viewport: DESK })).newPage();
      await register(customer, 'Nila Roy', `nila-${unique()}@pizzon.test`);
      const menuOwner = await ownerPage(browser);
      const dish = await ownDish(menuOwner, request, 9, 7);
      const transaction = await buyAndPay(customer, dish);
      await customer.close();
      await menuOwner.close();

      await page.goto('/auth');
      await logIn(page, admin.email, admin.password);
      await expect(page).toHaveURL(/\/admin$/);
      // The dashboard lands on today, and the shop's switch says its state in words.
      await expect(page.getByRole('heading', { name: 'Today', exact: true })).toBeVisible();
      for (const figure of [
        'Revenue paid today',
        'Orders waiting',
        'Paid to out for delivery',
        'Bookings today',
      ])
        await expect(page.getByText(figure, { exact: true })).toBeVisible();
      await expect(page.getByRole('switch', { name: 'Shop open' })).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveCount(0);

      // Sold out, then back in stock with the count it had.
      await page.goto(`/admin/manage-items?q=${encodeURIComponent(dish.name)}`);
      const item = page.getByRole('row').filter({ hasText: dish.name });
      await expect(item).toContainText('6');
      await item.getByRole('button', { name: `Mark ${dish.name} sold out` }).click();
      await expect(item).toContainText('0 · sold out');
      await item.getByRole('button', { name: `Mark ${dish.name} back in stock (6)` }).click();
      await expect(item.getByRole('button', { name: `Mark ${dish.name} sold out` })).toBeVisible();
      await expect(item).not.toContainText('sold out');

      // The paid order is cancelled (a refund falls due), then its refund is marked done.
      await page.goto(`/admin/manage-orders?q=${transaction}`);
      const order = page.getByRole('row').filter({ hasText: transaction });
      const phone = order.getByRole('link', { name: /^Call Nila Roy/ });
      expect((await phone.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await order.getByRole('button', { name: 'Remove' }).click();
      await answerDialog(page, 'Remove');
      await expect(order).toContainText('Refund due');
      await order.getByRole('button', { name: 'Mark refunded' }).click();
      const dialog = await settledDialog(page);
      await expect(dialog.getByRole('heading')).toHaveText('Mark this order refunded?');
      await dialog.getByRole('button', { name: 'Mark refunded' }).click();
      await expect(page.getByText('Marked refunded')).toBeVisible();
      await expect(order).toContainText('Refunded');
      await expect(order.getByRole('button', { name: 'Mark refunded' })).toHaveCount(0);
      await order.getByRole('button', { name: `Timeline of order ${transaction}` }).click();
      await expect(page.getByRole('row').filter({ hasText: 'Timeline' }).last()).toContainText('Refunded');
    });
  });
}
