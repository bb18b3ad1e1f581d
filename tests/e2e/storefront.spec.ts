import { expect, test } from '@playwright/test';
import dayjs from 'dayjs';
import { CART_LINE_MAX_UNITS, lineCapMessage } from '../../contract/cart.ts';
import { findItem } from './api.ts';
import { answerDialog } from './support/dialog.ts';

test('a guest browses from Home to an item and is asked to log in', async ({ page, request }) => {
  // Within one cart line's cap, so the stepper stops at the stock.
  const item = await findItem(
    request,
    (i) => i.category === 'pizza' && i.quantity >= 3 && i.quantity <= CART_LINE_MAX_UNITS,
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Healthy Food for healthy body' })).toBeVisible();
  await expect(page.getByText('Delicious recepie')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page).toHaveTitle('Menu - Pizzon');
  await page.getByRole('tab', { name: 'pizza' }).click();
  await expect(page.getByRole('tab', { name: 'pizza' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('link', { name: new RegExp(item.name) });
  await expect(card).toContainText(`$${item.price.toFixed(2)}`);
  await expect(card).toContainText(item.description.slice(0, 80));
  await expect(card).not.toContainText(item.description.slice(0, 81));
  await expect(page.getByRole('link', { name: /Caesar Salad/ })).toHaveCount(0);

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/item-detail/${item._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('text-transform', 'uppercase');
  await expect(page.getByText(`${item.quantity} (items)`)).toBeVisible();

  const quantity = page.getByRole('status').filter({ hasText: /^\d+$/ }).or(page.locator('output'));
  const minus = page.getByRole('button', { name: 'Decrease quantity' });
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  await expect(quantity).toHaveText('1');
  await expect(minus).toBeDisabled();
  for (let n = 1; n < item.quantity; n++) await plus.click();
  await expect(quantity).toHaveText(String(item.quantity));
  await expect(plus).toBeDisabled();
  await expect(page.getByText(`There are only ${item.quantity} ${item.name} in stock.`)).toBeVisible();
  await minus.click();
  await expect(quantity).toHaveText(String(item.quantity - 1));
  await expect(page.getByText(`There are only ${item.quantity} ${item.name} in stock.`)).toHaveCount(0);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Please login' })).toBeVisible();
  await expect(dialog).toContainText('You are not logged in');
  await expect(dialog.locator('.swal2-icon.swal2-warning')).toBeVisible();
  await answerDialog(page, 'Login');
  await expect(page).toHaveURL(/\/auth\?redirect=/);
});

test('a sold-out item says so and offers no stepper', async ({ page, request }) => {
  const item = await findItem(request, (i) => i.quantity === 0);
  await page.goto(`/item-detail/${item._id}`);
  await expect(
    page.getByText(`${item.name} is no longer in stock. Please wait for the available in stock.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(page.getByText('0 (items)')).toBeVisible();
});

test('an item with more stock than a cart line may hold stops at the cap and says so', async ({
  page,
  request,
}) => {
  const item = await findItem(request, (i) => i.quantity > CART_LINE_MAX_UNITS);
  await page.goto(`/item-detail/${item._id}`);
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  for (let n = 1; n < CART_LINE_MAX_UNITS; n++) await plus.click();
  await expect(page.getByRole('status', { name: 'Quantity' })).toHaveText(String(CART_LINE_MAX_UNITS));
  await expect(plus).toBeDisabled();
  await expect(page.getByText(lineCapMessage(CART_LINE_MAX_UNITS, item.name))).toBeVisible();
  await expect(page.getByText(`There are only ${item.quantity} ${item.name} in stock.`)).toHaveCount(0);
});

test('an item with one unit left is at its stock from the start', async ({ page, request }) => {
  const item = await findItem(request, (i) => i.quantity === 1);
  await page.goto(`/item-detail/${item._id}`);
  await expect(page.getByText(`There are only 1 ${item.name} in stock.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
});

test('an unknown route and an unknown item show the error page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Sorry, an unexpected error has occurred.' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
  await expect(page).toHaveTitle('Error - Pizzon');

  await page.goto('/menu');
  await page.goto('/item-detail/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Sorry, an unexpected error has occurred.' })).toBeVisible();
  await expect(page.getByText('This menu item does not exist')).toBeVisible();
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/menu$/);
});

test('the mobile drawer opens, navigates and closes at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }),
  ).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('link', { name: 'Reservation' }).click();
  await expect(page).toHaveURL(/\/reservation$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('every public route has its page title', async ({ page, request }) => {
  const item = await findItem(request, (i) => i.quantity > 0);
  const titles: Array<[string, string]> = [
    ['/', 'Home - Pizzon'],
    ['/menu', 'Menu - Pizzon'],
    ['/blog', 'Blog - Pizzon'],
    ['/reservation', 'Reservation - Pizzon'],
    [`/item-detail/${item._id}`, 'Item Detail - Pizzon'],
    ['/auth', 'Login - Pizzon'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test('Book Now stores a valid booking and refuses an invalid one', async ({ page }) => {
  await page.goto('/');
  // The form comes as the visitor scrolls near it (it follows the Special Menu).
  await page.getByRole('heading', { name: 'Our Special Menu' }).scrollIntoViewIfNeeded();
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'Book a Table' }) });
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Date is required')).toBeVisible();

  await expect(form.getByText('Time is required')).toBeVisible();

  // The footer's hours hold: Sunday is closed and 23:30 is after hours, said before anything is sent.
  const sunday = dayjs()
    .add(7 - dayjs().day(), 'day')
    .format('YYYY-MM-DD');
  await form.getByLabel('Name').fill('Nadia Rahman');
  await form.getByLabel('Email').fill('nadia@example.com');
  await form.getByLabel('Persons').selectOption('3');
  await form.getByLabel('Date').fill(sunday);
  await form.getByLabel('Time').fill('23:30');
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(form.getByText('We are closed on Sundays. Please choose another day')).toBeVisible();
  await expect(form.getByText('Please choose a time from 6:00am to 9:30pm')).toBeVisible();

  const monday = dayjs(sunday).add(1, 'day');
  await form.getByLabel('Date').fill(monday.format('YYYY-MM-DD'));
  await form.getByLabel('Time').fill('19:30');
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/reservations') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Book Now' }).click();
  expect((await posted).status()).toBe(201);
  // The booking is summed up where the form was, with what happens next.
  await expect(form.getByRole('heading', { name: 'Your table is booked' })).toBeFocused();
  await expect(form.getByRole('status')).toContainText(monday.format('dddd, D MMMM YYYY'));
  await expect(form.getByRole('status')).toContainText('7:30pm');
  await expect(form.getByRole('status')).toContainText('we have sent a confirmation to nadia@example.com');
  await form.getByRole('button', { name: 'Book another table' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('');
});
