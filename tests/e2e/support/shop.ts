import { expect, type Page } from '@playwright/test';
import type { MenuItem } from '../../../server/contract/menu.ts';

/** Adds `quantity` of an item to the signed-in customer's cart from its detail page. */
export async function addToCart(page: Page, item: MenuItem, quantity: number): Promise<void> {
  await page.goto(`/item-detail/${item._id}`);
  for (let n = 1; n < quantity; n++) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('status', { name: 'Quantity' })).toHaveText(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`"${item.name}" item has been added to your cart`)).toBeVisible();
}

/** From My cart through checkout to the sandbox payment page. */
export async function checkOut(page: Page): Promise<void> {
  await page.goto('/user-dashboard/my-cart');
  await page.getByRole('link', { name: 'Process to Checkout' }).click();
  await expect(page).toHaveURL(/\/user-dashboard\/my-cart\/checkout$/);
  await page.getByLabel('Phone *').fill('01700 000000');
  await page.getByLabel('Address *').fill('12 Lake Road');
  await page.getByLabel('Postcode *').fill('1205');
  await page.getByLabel('City *').fill('Dhaka');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
}

/** Buys one item and pays for it; answers the transaction id. */
export async function buyAndPay(page: Page, item: MenuItem): Promise<string> {
  await addToCart(page, item, 1);
  await checkOut(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  return page.url().split('/payment-success/')[1]!;
}
