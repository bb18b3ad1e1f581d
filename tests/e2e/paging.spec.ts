import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { findItem } from './api.ts';
import { register, signIn, unique } from './support/accounts.ts';
import { answerDialog } from './support/dialog.ts';
import { addToCart, buyAndPay, placeOrdersThroughApi } from './support/shop.ts';

const admin = DEMO_ACCOUNTS[0];

// One customer with five orders, the oldest paid: two pages of two and a last one of one at ?limit=2.
// The lists page newest first, so the orders of the tests before this file come after them.
test.describe.configure({ mode: 'serial' });

let email: string;
const NAME = 'Paula Pager';

/** The transaction ids shown, top to bottom (Manage orders' rows, or My order's cards). */
const shownTransactions = (page: Page) =>
  page.locator('tbody .font-mono, li[aria-label^="Order "] dd .font-mono').allTextContents();
/** My order's card of one order. */
const orderCard = (page: Page, transactionId: string) =>
  page.getByRole('listitem', { name: `Order ${transactionId}`, exact: true });

const loadMore = (page: Page) => page.getByRole('link', { name: 'Load more' });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /^(Showing|Loading)/ });

test.beforeAll(async ({ browser, request }) => {
  const page = await (await browser.newContext()).newPage();
  const drink = await findItem(request, (item) => item.category === 'drink' && item.quantity >= 20);
  email = `pager-${unique()}@pizzon.test`;
  await register(page, NAME, email);
  await buyAndPay(page, drink);
  await addToCart(page, drink, 1);
  await placeOrdersThroughApi(page, request, 4, { fullName: NAME, email });
  await page.context().close();
});

test('Manage orders shows a page at a time: Load more appends, the address holds the cursor, reload and Back keep the place', async ({
  page,
}) => {
  await signIn(page, admin);
  await page.goto(`/admin/manage-orders?q=${encodeURIComponent(email)}&limit=2`);
  await expect(page.getByRole('heading', { name: 'Manage orders', exact: true })).toBeVisible();
  await expect(status(page)).toHaveText('Showing the newest 2 orders');
  const first = await shownTransactions(page);
  expect(first).toHaveLength(2);
  await expect(page.getByLabel('Search')).toHaveValue(email);

  await loadMore(page).click();
  await expect(page).toHaveURL(/[?&]cursor=/);
  await expect(status(page)).toHaveText('Showing the newest 4 orders');
  const four = await shownTransactions(page);
  expect(four.slice(0, 2)).toEqual(first);
  expect(new Set(four).size).toBe(4);
  // The first of the new rows takes the focus from the link the admin pressed.
  await expect(page.getByRole('row').filter({ hasText: four[2]! })).toBeFocused();

  // Back drops the page it added; Forward brings it again.
  await page.goBack();
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(status(page)).toHaveText('Showing the newest 2 orders');
  expect(await shownTransactions(page)).toEqual(first);
  await page.goForward();
  await expect(status(page)).toHaveText('Showing the newest 4 orders');
  expect(await shownTransactions(page)).toEqual(four);

  // A reload (or the link shared) shows that page, from its cursor.
  const pageTwo = page.url();
  await page.reload();
  await expect(status(page)).toHaveText('Showing 2 orders from an older page');
  expect(await shownTransactions(page)).toEqual(four.slice(2));
  expect(page.url()).toBe(pageTwo);

  // The last page has no Load more.
  await loadMore(page).click();
  await expect(status(page)).toHaveText('Showing 3 orders from an older page');
  await expect(loadMore(page)).toHaveCount(0);
  const last = (await shownTransactions(page)).at(-1)!;
  await expect(page.getByRole('row').filter({ hasText: last })).toContainText('Payment Success');

  await page.getByRole('link', { name: 'Back to the newest' }).click();
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(page).toHaveURL(/limit=2/);
  await expect(status(page)).toHaveText('Showing the newest 2 orders');
  expect(await shownTransactions(page)).toEqual(first);
});

test('the state filter narrows Manage orders and lives in the address; a short search is refused before it is sent', async ({
  page,
}) => {
  await signIn(page, admin);
  await page.goto(`/admin/manage-orders?q=${encodeURIComponent(email)}`);
  await expect(status(page)).toHaveText('Showing all 5 orders');

  const filters = page.getByRole('form', { name: 'Filter orders' });
  // One filter by where the order is: no second, overlapping one.
  await expect(filters.getByLabel('Status')).toHaveCount(0);
  await filters.getByLabel('State').selectOption({ label: 'Paid' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/state=paid/);
  await expect(status(page)).toHaveText('Showing all 1 order');
  await expect(page.getByRole('row').filter({ hasText: NAME })).toContainText('Payment Success');

  await page.reload();
  await expect(status(page)).toHaveText('Showing all 1 order');
  await expect(filters.getByLabel('State')).toHaveValue('paid');

  await filters.getByLabel('State').selectOption({ label: 'Delivered' });
  // Enter applies the form too.
  await filters.getByLabel('Search').press('Enter');
  await expect(page).toHaveURL(/state=delivered/);
  await expect(page.getByText('No orders match these filters.')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/state=paid/);
  await expect(status(page)).toHaveText('Showing all 1 order');

  await filters.getByLabel('Search').fill('pa');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters.getByText('Search for at least 3 characters')).toBeVisible();
  await expect(page).toHaveURL(/state=paid/);
  await expect(filters.getByLabel('Search')).toHaveAttribute('aria-invalid', 'true');

  await filters.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/state=|q=/);
  await expect(filters.getByLabel('State')).toHaveValue('');
  await expect(filters.getByLabel('Search')).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Clear filters' })).toHaveCount(0);

  // A hand-edited link falls back to the list's defaults, never to an error page.
  await page.goto('/admin/manage-orders?state=shipped&from=2026-13-45&limit=999&cursor=%21%21');
  await expect(page.getByRole('heading', { name: 'Manage orders', exact: true })).toBeVisible();
  await expect(status(page)).toHaveText(/^Showing /);
  await expect(filters.getByLabel('State')).toHaveValue('');
});

test('My order pages too, and deleting an order reads its page again', async ({ page }) => {
  await signIn(page, { email, password: 'pizza1', displayName: NAME });
  // Each checkout replaced the unpaid order before it (cancelled by the customer, so not shown): My
  // order holds the paid order and the newest unpaid one.
  await page.goto('/user-dashboard/my-order?limit=1');
  await expect(status(page)).toHaveText('Showing the newest 1 order');
  // Each order is a card with the spec's fields (a table would scroll sideways on a phone).
  const cards = page.getByRole('listitem', { name: /^Order / });
  await expect(cards).toHaveCount(1);
  await expect(cards.first().locator('dt')).toHaveText([
    'Order Date',
    'Price',
    'Transaction ID',
    'Address',
    'Order Items',
    'Status',
  ]);
  const first = await shownTransactions(page);

  await loadMore(page).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(status(page)).toHaveText('Showing all 2 orders');
  const both = await shownTransactions(page);
  expect(both[0]).toEqual(first[0]);

  // The newest order is unpaid: deleting it pulls the second page's order up, shown once.
  await page.getByRole('button', { name: `Delete order ${first[0]}` }).click();
  await answerDialog(page, 'Yes, cancel it');
  await expect(page.getByText('Order delete successful!')).toBeVisible();
  await expect(orderCard(page, first[0]!)).toHaveCount(0);
  await expect(status(page)).toHaveText('Showing all 1 order');
  expect(await shownTransactions(page)).toEqual([both[1]]);
  await expect(orderCard(page, both[1]!)).toContainText('Payment Success');
});
