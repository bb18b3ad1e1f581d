import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { menu } from './api.ts';
import { logIn, mainNav, register, signIn, unique } from './support/accounts.ts';
import { chooseDay, freeTimes, openDayAhead } from './support/bookings.ts';
import { answerDialog } from './support/dialog.ts';
import { addToCart, buyAndPay, checkOut } from './support/shop.ts';

const admin = DEMO_ACCOUNTS[0];
const adminTabs = (page: Page) => page.getByRole('navigation', { name: 'Admin Dashboard sections' });

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, admin);
  return page;
}

test('an admin adds an item, finds it on the menu, updates it and deletes it', async ({ page }) => {
  await signIn(page, admin);
  // Signing in with no page to go back to, the admin lands where the day's work is.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await adminTabs(page).getByRole('link', { name: 'Add items' }).click();

  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Price is required')).toBeVisible();

  const name = `Chef Special ${unique()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price').fill('0');
  await page.getByLabel('Quantity').fill('5');
  await page.getByLabel('Image').fill('/images/menu/margherita-napoletana.svg');
  await page.getByLabel('Category').selectOption('pizza');
  await page
    .getByLabel('Description')
    .fill('A weekly special from the chef: slow-proved dough, smoked mozzarella and roasted peppers.');
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByText('Price must be more than 0')).toBeVisible();
  await page.getByLabel('Price').fill('12.50');
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByText('Add success')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');

  await page.goto('/menu');
  await page.getByRole('tab', { name: 'pizza' }).click();
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('$12.50')).toBeVisible();
  await expect(page.getByText('5 (items)')).toBeVisible();
  const itemUrl = page.url();

  await page.goto('/admin/manage-items');
  await page.getByRole('link', { name: `Update ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/manage-items\/update-item\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Update your item information' })).toBeVisible();
  await expect(page.getByLabel('Item name')).toHaveValue(name);
  await page.getByLabel('Price').fill('14');
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Update now' }).click();
  await expect(page.getByText('Your item update successfull')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/manage-items$/);

  await page.goto(itemUrl);
  await expect(page.getByText('$14.00')).toBeVisible();
  await expect(page.getByText('2 (items)')).toBeVisible();

  // Low stock is flagged; the kitchen runs out: one tap, no dialog.
  await page.goto('/admin/manage-items');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('2 · low');
  await row.getByRole('button', { name: `Mark ${name} sold out` }).click();
  await expect(page.getByText('Marked sold out')).toBeVisible();
  await expect(row).toContainText('0 · sold out');
  await expect(row.getByRole('button', { name: `Mark ${name} sold out` })).toHaveCount(0);
  await page.goto(itemUrl);
  await expect(
    page.getByText(`${name} is no longer in stock. Please wait for the available in stock.`),
  ).toBeVisible();
  // Back in stock puts back the count Sold out replaced.
  await page.goto('/admin/manage-items');
  await row.getByRole('button', { name: `Mark ${name} back in stock (2)` }).click();
  await expect(page.getByText('Back in stock', { exact: true })).toBeVisible();
  await expect(row).toContainText('2 · low');
  await expect(row.getByRole('button', { name: `Mark ${name} sold out` })).toBeVisible();

  await page.goto('/admin/manage-items');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await answerDialog(page, 'Delete');
  await expect(page.getByText('Item delete successfull!')).toBeVisible();
  await expect(page.getByRole('link', { name: `Update ${name}` })).toHaveCount(0);
  await page.goto(itemUrl);
  await expect(page.getByText('Sorry, an unexpected error has occurred.')).toBeVisible();
});

/** Deletes this test's items that are still on the menu (a failed run leaves none behind either). */
async function deleteItemsNamed(page: Page, word: string, names: string[]) {
  await page.goto(`/admin/manage-items?q=${word.toLowerCase()}`);
  const rows = page.getByRole('row').filter({ hasText: word });
  await expect(rows.or(page.getByText('No items match these filters.')).first()).toBeVisible();
  for (const name of names) {
    const remove = page.getByRole('button', { name: `Delete ${name}` });
    if ((await remove.count()) === 0) continue;
    await remove.click();
    await answerDialog(page, 'Delete');
    await expect(page.getByRole('link', { name: `Update ${name}` })).toHaveCount(0);
  }
}

test('an admin previews an item’s picture, is refused a non-picture address, and finds items by name and stock', async ({
  page,
}) => {
  const DISH_FALLBACK = '/images/fallback-dish.svg';
  const word = `Zesty${unique()}`;
  const missing = `${word} Calzone`;
  const plenty = `${word} Bake`;
  await signIn(page, admin);
  await page.goto('/admin/add-items');
  const preview = page.getByRole('img', { name: 'Preview' });

  async function addItem(name: string, quantity: string, image: string) {
    // The toast of the item added before has gone, so this one's is the one seen.
    await expect(page.getByText('Add success')).toHaveCount(0);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Price').fill('11');
    await page.getByLabel('Quantity').fill(quantity);
    await page.getByLabel('Image').fill(image);
    await page.getByLabel('Description').fill('Folded and baked until the crust blisters.');
    await page.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByText('Add success')).toBeVisible();
  }

  try {
    // An address that is not a picture: nothing is fetched, and saving is refused with the rule.
    await page.getByLabel('Image').fill('https://example.com/our-menu.html');
    await expect(preview).toHaveAttribute('src', DISH_FALLBACK);
    await page.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByText(/^Image must be an https:\/\/ address/)).toBeVisible();

    // A picture that loads is previewed as it is.
    await page.getByLabel('Image').fill('/images/menu/pepperoni-classic.svg');
    await expect(preview).toHaveAttribute('src', '/images/menu/pepperoni-classic.svg');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText('This image could not be loaded')).toHaveCount(0);
    await addItem(plenty, '9', '/images/menu/pepperoni-classic.svg');

    // One that does not load shows the fallback and says so; the owner may still save it.
    await page.getByLabel('Image').fill('/images/menu/not-drawn-yet.png');
    await expect(page.getByText('This image could not be loaded')).toBeVisible();
    await expect(preview).toHaveAttribute('src', DISH_FALLBACK);
    await addItem(missing, '2', '/images/menu/not-drawn-yet.png');

    await page.goto('/admin/manage-items');
    const filters = page.getByRole('form', { name: 'Filter items' });
    await filters.getByLabel('Search').fill('ab');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(filters.getByText('Search for at least 3 characters')).toBeVisible();

    await filters.getByLabel('Search').fill(word.toLowerCase());
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word.toLowerCase()}`));
    const rows = page.getByRole('row').filter({ hasText: word });
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('row')).toHaveCount(3);
    const missingRow = rows.filter({ hasText: missing });
    await expect(missingRow).toContainText('2 · low');
    // Its thumbnail does not load: the fallback picture takes its place.
    await expect(missingRow.locator('img')).toHaveAttribute('src', DISH_FALLBACK);

    await filters.getByLabel('Stock').selectOption({ label: 'Low (3 or fewer)' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]stock=low/);
    await expect(page.getByRole('row').filter({ hasText: word })).toHaveCount(1);
    await expect(missingRow).toBeVisible();

    // The filters live in the address: a reload shows the same list, the same filters chosen.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: word })).toHaveCount(1);
    await expect(filters.getByLabel('Search')).toHaveValue(word.toLowerCase());
    await expect(filters.getByLabel('Stock')).toHaveValue('low');

    await filters.getByLabel('Stock').selectOption({ label: 'Sold out' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('No items match these filters.')).toBeVisible();
    await filters.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-items$/);

    // The item page, rendered by the server, swaps the picture that failed before it was taken over.
    await page.getByRole('link', { name: `Update ${missing}` }).click();
    const id = page.url().split('/update-item/')[1]!;
    await expect(page.getByLabel('Image url')).toHaveValue('/images/menu/not-drawn-yet.png');
    await expect(page.getByText('This image could not be loaded')).toBeVisible();
    await page.goto(`/item-detail/${id}`);
    await expect(page.getByRole('img', { name: missing })).toHaveAttribute('src', DISH_FALLBACK);
  } finally {
    await deleteItemsNamed(page, word, [missing, plenty]);
  }
});

test('an admin confirms a paid order and removes an unpaid one; the customer sees both', async ({
  page,
  browser,
  request,
}) => {
  const items = await menu(request);
  const salad = items.find((i) => i.category === 'salad' && i.quantity >= 10)!;
  await register(page, 'Sumi Akter', `sumi-${unique()}@pizzon.test`);
  const paid = await buyAndPay(page, salad);
  await addToCart(page, salad, 1);
  // Left on the payment page: the order awaits its payment.
  await checkOut(page);

  const adminTab = await adminPage(browser);
  await adminTab.goto('/admin/manage-orders');
  const paidRow = adminTab.getByRole('row').filter({ hasText: paid });
  await expect(paidRow).toContainText(`Tk ${(await orderTotal(page, paid)).toFixed(2)}`);
  // The customer's phone, a tap away for the rider.
  await expect(paidRow.getByRole('link', { name: 'Call Sumi Akter on 01700 000000' })).toHaveAttribute(
    'href',
    'tel:01700000000',
  );
  await paidRow.getByRole('button', { name: 'Confirm' }).click();
  await answerDialog(adminTab, 'Confirm');
  await expect(adminTab.getByText('Order confirm successful!')).toBeVisible();
  // One status, in the spec's words for a confirmed order (contract/order-status.ts).
  await expect(paidRow).toContainText('Payment Success · Order Confirm');
  await expect(paidRow.getByRole('button', { name: /^(Confirm|Remove)$/ })).toHaveCount(0);

  const unpaidRow = adminTab
    .getByRole('row')
    .filter({ hasText: 'Sumi Akter' })
    .filter({ hasText: 'Payment pending · Order Pending' });
  await expect(unpaidRow.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await unpaidRow.getByRole('button', { name: 'Remove' }).click();
  await answerDialog(adminTab, 'Remove');
  await expect(adminTab.getByText('Order cancle!')).toBeVisible();
  // Cancelled, not erased: it stays in the books with its timeline, and nothing more can be done to it.
  await expect(unpaidRow).toHaveCount(0);
  const cancelledRow = adminTab
    .getByRole('row')
    .filter({ hasText: 'Sumi Akter' })
    .filter({ hasText: 'Cancelled' });
  await expect(cancelledRow).toHaveCount(1);
  await expect(cancelledRow.getByRole('button', { name: /^(Confirm|Remove)$/ })).toHaveCount(0);

  await page.goto('/user-dashboard/my-order');
  const card = page.getByRole('listitem', { name: `Order ${paid}`, exact: true });
  await expect(card).toContainText('Order Confirm');
  await expect(card.getByRole('img', { name: 'Order confirmed' })).toBeVisible();
  // The order the restaurant cancelled stays, saying so, with nothing left to do but order it again.
  const cancelled = page
    .getByRole('listitem', { name: /^Order / })
    .filter({ hasText: 'This order was cancelled before it was paid.' });
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled).not.toContainText('Payment pending');
  await expect(cancelled.getByRole('button')).toHaveText(['Order again']);
});

/** The order's total as the customer's My order shows it. */
async function orderTotal(page: Page, transactionId: string): Promise<number> {
  await page.goto('/user-dashboard/my-order');
  const card = page.getByRole('listitem', { name: `Order ${transactionId}`, exact: true });
  const text = await card.getByText(/ tk$/).textContent();
  return Number.parseFloat(text ?? '0');
}

test('an admin deletes a customer account, which can no longer sign in', async ({ page, browser }) => {
  const email = `leaving-${unique()}@pizzon.test`;
  await register(page, 'Lina Haque', email);
  await mainNav(page).getByRole('button', { name: 'Sign out' }).click();

  const adminTab = await adminPage(browser);
  await adminTab.goto('/admin/manage-users');
  await expect(adminTab.getByRole('row').filter({ hasText: admin.email }).getByRole('button')).toHaveCount(0);
  await adminTab.getByRole('button', { name: `Delete ${email}` }).click();
  await answerDialog(adminTab, 'Delete');
  await expect(adminTab.getByText('The account has been deleted')).toBeVisible();
  await expect(adminTab.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  await page.goto('/auth');
  await logIn(page, email, 'pizza1');
  await expect(page.getByRole('alert').filter({ hasText: /^auth\// })).toContainText(
    /auth\/(user-not-found|invalid-credential)/,
  );
});

test('a booking made on the Reservation page reaches the admin’s list and day, where it is seated and finished', async ({
  page,
  browser,
}) => {
  const name = `Guest ${unique()}`;
  const date = openDayAhead(34);
  await page.goto('/reservation');
  const form = page.getByRole('region', { name: 'Book a Table' });
  await chooseDay(page, date, 3);
  await freeTimes(page).getByRole('button', { name: '7:30pm' }).click();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('guest@pizzon.test');
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(form.getByRole('heading', { name: 'Your table is booked' })).toBeVisible();

  const adminTab = await adminPage(browser);
  await adminTab.goto('/admin/reservations');
  await expect(adminTab.getByRole('row').filter({ hasText: name })).toContainText('19:30');
  await expect(adminTab.getByRole('row').filter({ hasText: name })).toContainText('Booked');

  // The day: its booking on a table's timeline; a click shows what staff may do with it.
  await adminTab.getByRole('link', { name: 'The day, table by table' }).click();
  await adminTab.getByRole('textbox', { name: 'Day' }).fill(date);
  const block = adminTab.getByRole('button', { name: new RegExp(name) });
  await block.click();
  const panel = adminTab.getByRole('region', { name: `Booking of ${name}` });
  await expect(panel).toContainText('7:30pm–9:00pm');
  await panel.getByRole('button', { name: 'Seat' }).click();
  await expect(panel).toContainText('Seated');
  await panel.getByRole('button', { name: 'Finish' }).click();
  await expect(panel).toContainText('Finished');
  await expect(panel.getByRole('button')).toHaveCount(0);
});

test('the owner seats a walk-in and adds a table to the room', async ({ browser }) => {
  const adminTab = await adminPage(browser);
  await adminTab.goto('/admin/reservations/day');
  const name = `Walk-in ${unique()}`;
  await adminTab.getByLabel('Walk-in party').fill('2');
  await adminTab.getByLabel('Name (optional)').fill(name);
  await adminTab.getByRole('button', { name: 'Seat now' }).click();
  await expect(adminTab.getByRole('button', { name: new RegExp(name) })).toContainText('Seated');

  await adminTab.goto('/admin/tables');
  const table = `Bar ${unique().slice(-4)}`;
  const add = adminTab.getByRole('form', { name: 'Add a table' });
  await add.getByLabel('Table name').fill(table);
  await add.getByLabel('Section').fill('Bar');
  await add.getByRole('button', { name: 'Add table' }).click();
  await expect(adminTab.getByRole('row').filter({ hasText: table })).toContainText('Bar');
  await adminTab.getByRole('button', { name: `Remove ${table}` }).click();
  await answerDialog(adminTab, 'Remove');
  await expect(adminTab.getByRole('row').filter({ hasText: table })).toHaveCount(0);
});

test('every admin route has its page title', async ({ page }) => {
  await signIn(page, admin);
  for (const [path, title] of [
    ['/admin/manage-users', 'Manage Users - Pizzon'],
    ['/admin/add-items', 'Add Items - Pizzon'],
    ['/admin/manage-items', 'Manage Items - Pizzon'],
    ['/admin/manage-orders', 'Manage Orders - Pizzon'],
    ['/admin/kitchen', 'Kitchen - Pizzon'],
    ['/admin/reservations', 'Reservations - Pizzon'],
    ['/admin/reservations/day', 'Reservations - Pizzon'],
    ['/admin/tables', 'Tables - Pizzon'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  await page.goto('/admin/manage-items');
  await page
    .getByRole('link', { name: /^Update / })
    .first()
    .click();
  await expect(page).toHaveTitle('Update Item - Pizzon');
});
