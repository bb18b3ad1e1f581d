import { type APIRequestContext, expect, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import { type CartLine, cartTotals } from '../../../contract/cart.ts';
import type { MenuItem } from '../../../contract/menu.ts';
import { DEFAULT_SHOP_HOURS, type ShopHours } from '../../../contract/opening-hours.ts';
import { ORDER_TIME_FORMAT } from '../../../contract/order.ts';
import { API_TOKEN_STORAGE_KEY } from '../../../contract/user.ts';
import { E2E } from '../../../playwright.config.ts';

/** Adds `quantity` of an item to the signed-in customer's cart from its detail page. */
export async function addToCart(page: Page, item: MenuItem, quantity: number): Promise<void> {
  await page.goto(`/item-detail/${item._id}`);
  for (let n = 1; n < quantity; n++) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('status', { name: 'Quantity' })).toHaveText(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`"${item.name}" item has been added to your cart`)).toBeVisible();
}

/** Where the tests' orders go: the shipping fields the account does not fill (its name and e-mail do). */
export const DELIVERY = { phone: '01700 000000', address: '12 Lake Road', postcode: '1205', city: 'Dhaka' };

export async function fillShipping(page: Page): Promise<void> {
  await page.getByLabel('Phone *').fill(DELIVERY.phone);
  await page.getByLabel('Address *').fill(DELIVERY.address);
  await page.getByLabel('Postcode *').fill(DELIVERY.postcode);
  await page.getByLabel('City *').fill(DELIVERY.city);
}

/** On the checkout page: fills the shipping fields and places the order, reaching the sandbox payment page. */
export async function placeOrder(page: Page): Promise<void> {
  await fillShipping(page);
  // The postcode typed may read the times again: the order is placed once they are in.
  await expect(page.getByRole('group', { name: 'When?' })).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
}

/** From My cart through checkout to the sandbox payment page. */
export async function checkOut(page: Page): Promise<void> {
  await page.goto('/user-dashboard/my-cart');
  await page.getByRole('link', { name: 'Process to Checkout' }).click();
  await expect(page).toHaveURL(/\/user-dashboard\/my-cart\/checkout$/);
  await placeOrder(page);
}

/** Buys one item and pays for it; answers the transaction id. */
export async function buyAndPay(page: Page, item: MenuItem): Promise<string> {
  await addToCart(page, item, 1);
  await checkOut(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  return page.url().split('/payment-success/')[1]!;
}

/**
 * Places `count` unpaid orders of the signed-in customer's cart straight through the API, as the
 * checkout page would (the cart stays: only a paid order takes its lines). Much quicker than the
 * checkout page when a test needs many orders; the API allows 10 a minute per account.
 */
export async function placeOrdersThroughApi(
  page: Page,
  request: APIRequestContext,
  count: number,
  shipping: { fullName: string; email: string },
): Promise<void> {
  const token = await page.evaluate((key) => localStorage.getItem(key), API_TOKEN_STORAGE_KEY);
  expect(token, 'the page is signed in').toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const lines = (await (await request.get(`${E2E.apiURL}/add-to-cart`, { headers })).json()) as CartLine[];
  expect(lines.length, 'the cart has lines').toBeGreaterThan(0);
  for (let n = 0; n < count; n++) {
    const response = await request.post(`${E2E.apiURL}/create-payment-intent`, {
      headers,
      data: {
        ...shipping,
        ...DELIVERY,
        total_price: cartTotals(lines).totalPrice,
        order_time: dayjs().format(ORDER_TIME_FORMAT),
        carts: lines,
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Open around the clock: a spec that needs as soon as possible whatever the hour it runs at. */
export const AROUND_THE_CLOCK: ShopHours = {
  week: DEFAULT_SHOP_HOURS.week.map((day) => ({
    day: day.day,
    opens: '00:00',
    closes: '23:59',
    closed: false,
  })),
  closedDates: [],
};

/** The owner sets the shop's week (Admin → Hours), as the signed-in admin `owner` page. */
export async function setShopHours(owner: Page, request: APIRequestContext, hours: ShopHours): Promise<void> {
  const token = await owner.evaluate((key) => localStorage.getItem(key), API_TOKEN_STORAGE_KEY);
  const response = await request.put(`${E2E.apiURL}/admin-shop-hours`, {
    headers: { Authorization: `Bearer ${token}` },
    data: hours,
  });
  expect(response.status()).toBe(200);
}
