// Issue 30, "Build your pizza", at 375 and 1280 px: a customer configures a Large Thin pizza with two
// toppings and watches the price move, adds it, changes its quantity on the Menu card, checks out and
// pays; the options show in the cart, on the payment page, on the kitchen's card and in the caught
// mail. The item page's server-rendered HTML carries the dish as schema.org JSON-LD.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cartTotals } from '../../contract/cart.ts';
import type { MenuItem } from '../../contract/menu.ts';
import { formatAmount, formatMenuPrice, toCents } from '../../contract/money.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { findItem } from './api.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { mainNav, signIn, unique } from './support/accounts.ts';
import { caughtMail } from './support/bookings.ts';
import { answerDialog } from './support/dialog.ts';
import { checkOut } from './support/shop.ts';

const [admin, customer] = DEMO_ACCOUNTS;
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const CHOSEN = 'Large · Thin · +Olives, +Jalapeños';

/** The item as its own answer gives it: with its option groups. */
async function itemWithOptions(request: APIRequestContext, item: MenuItem): Promise<MenuItem> {
  const response = await request.get(`/api/item-detail/${item._id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as MenuItem;
}

/** The cents a choice adds, by group and choice name. */
function delta(item: MenuItem, group: string, choice: string): number {
  const found = item.options
    ?.find((candidate) => candidate.name === group)
    ?.choices.find((candidate) => candidate.name === choice);
  if (!found) throw new Error(`${item.name} has no ${group}: ${choice}`);
  return toCents(found.priceDelta);
}

const linePrice = (page: Page) => page.getByRole('status', { name: 'Line price' });

/** Empties the demo customer's cart through My cart (the runs at each width share the account). */
async function emptyCart(page: Page) {
  await page.goto('/user-dashboard/my-cart');
  await expect(page.getByRole('heading', { name: 'My cart', exact: true })).toBeVisible();
  const remove = page.getByRole('list', { name: 'Cart lines' }).getByRole('button', { name: /^Remove / });
  await page.waitForLoadState('networkidle');
  while ((await remove.count()) > 0) {
    const before = await remove.count();
    await remove.first().click();
    await expect(remove).toHaveCount(before - 1);
  }
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test('a customer builds a pizza, adds one more on the Menu, pays, and the kitchen and the mail show it', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const listed = await findItem(request, (i) => i.category === 'pizza' && i.quantity >= 30);
      const pizza = await itemWithOptions(request, listed);
      const base = toCents(pizza.price);
      await page.setViewportSize(DESKTOP);
      await signIn(page, customer);
      await emptyCart(page);
      await page.setViewportSize(viewport);

      await page.goto(`/item-detail/${pizza._id}`);
      await page.waitForLoadState('networkidle');
      // The defaults cost the menu's price: no running price beside it until a choice moves it.
      await expect(page.getByRole('radio', { name: /^Medium/ })).toBeChecked();
      await expect(linePrice(page)).toBeHidden();
      // Size and crust are radio buttons; the price moves with each choice.
      await page.getByRole('radio', { name: /^Large/ }).check();
      const large = base + delta(pizza, 'Size', 'Large');
      await expect(linePrice(page)).toHaveText(formatMenuPrice(large));
      await page.getByRole('radio', { name: /^Thin/ }).check();
      await page.getByRole('checkbox', { name: /^Olives/ }).check();
      await expect(linePrice(page)).toHaveText(
        formatMenuPrice(large + delta(pizza, 'Extra toppings', 'Olives')),
      );
      await page.getByRole('checkbox', { name: /^Jalapeños/ }).check();
      const unit =
        large +
        delta(pizza, 'Crust', 'Thin') +
        delta(pizza, 'Extra toppings', 'Olives') +
        delta(pizza, 'Extra toppings', 'Jalapeños');
      await expect(linePrice(page)).toHaveText(formatMenuPrice(unit));
      await page.getByLabel('Special instructions').fill('Cut in squares');
      const add = page.getByRole('button', { name: 'Add to Cart' });
      if (viewport === PHONE) {
        // On a phone the add bar stays on screen while the options scroll by.
        await page.getByLabel('Special instructions').scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByRole('radio', { name: /^Small/ }).scrollIntoViewIfNeeded();
        await expect(add).toBeInViewport();
        await expectNoSeriousViolations(page, 'Item page with options, at 375 px');
      }
      await add.click();
      await expect(page.getByText(`"${pizza.name}" item has been added to your cart`)).toBeVisible();

      // One more of it in one tap on the Menu card, which now counts it.
      await page.goto('/menu');
      const inCart = page.getByRole('status', { name: `${pizza.name} in your cart` });
      await expect(inCart).toHaveText('1');
      await page.getByRole('button', { name: `One more ${pizza.name}` }).click();
      await expect(inCart).toHaveText('2');
      const totals = cartTotals([{ price: unit / 100, quantity: 2 }]);
      if (viewport === DESKTOP) {
        await expect(
          mainNav(page).getByRole('link', {
            name: `Cart: 2 items, ${formatAmount(toCents(totals.totalPrice))}`,
          }),
        ).toBeVisible();
      } else {
        await expect(
          page.getByRole('banner').getByRole('link', { name: 'Cart: 2 items', exact: true }),
        ).toBeVisible();
      }

      await page.goto('/user-dashboard/my-cart');
      const line = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(CHOSEN);
      await expect(line).toContainText('“Cut in squares”');
      await expect(line).toContainText(`${formatAmount(unit)} tk × 2`);

      await checkOut(page);
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      const transactionId = page.url().split('/payment-success/')[1]!;
      // The day's short number the kitchen calls, which the mail names the order by.
      const number = (await page.getByText(/^#\d+$/).textContent())!;
      await expect(page.getByRole('region', { name: 'Your order' })).toContainText(CHOSEN);

      // The kitchen's screen is a large one, whatever the customer's.
      const kitchen = await (await browser.newContext({ viewport: DESKTOP })).newPage();
      await signIn(kitchen, admin);
      await kitchen.goto('/admin/kitchen');
      const card = kitchen.getByRole('listitem', { name: new RegExp(transactionId) });
      await expect(card).toContainText(`2 × ${pizza.name}`);
      await expect(card).toContainText(CHOSEN);
      await expect(card).toContainText('“Cut in squares”');
      await kitchen.context().close();

      const mail = await caughtMail(page, customer.email, `Pizzon: payment received for order ${number}`);
      expect(mail).toContain(`Your order ${number} (${transactionId}):`);
      expect(mail).toContain(`- 2 × ${pizza.name} (${CHOSEN}) — Tk ${formatAmount(unit * 2)}`);
      expect(mail).toContain('"Cut in squares"');
    });
  });
}

test('the item page’s HTML carries the dish, its price and its options as schema.org JSON-LD', async ({
  request,
}) => {
  const pizza = await itemWithOptions(
    request,
    await findItem(request, (i) => i.category === 'pizza' && i.quantity > 0),
  );
  const html = await (await request.get(`/item-detail/${pizza._id}`)).text();
  const found = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(found, 'the server-rendered page has its JSON-LD').not.toBeNull();
  const data = JSON.parse(found![1]!) as Record<string, unknown>;
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'MenuItem',
    name: pizza.name,
    offers: { '@type': 'Offer', price: formatAmount(toCents(pizza.price)), priceCurrency: 'BDT' },
  });
  const sections = data.menuAddOn as Array<{ name: string; hasMenuItem: Array<{ name: string }> }>;
  expect(sections.map((section) => section.name)).toEqual(pizza.options!.map((group) => group.name));
  expect(sections[0]!.hasMenuItem.map((choice) => choice.name)).toEqual(['Small', 'Medium', 'Large']);
});

test('the owner gives an item its options on Add items, then marks one sold out for the day and adds a group on Update item', async ({
  page,
}) => {
  const name = `Calzone ${unique()}`;
  await signIn(page, admin);
  await page.goto('/admin/add-items');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Price', { exact: true }).fill('9.00');
  await page.getByLabel('Quantity', { exact: true }).fill('6');
  await page.getByLabel('Image', { exact: true }).fill('/images/menu/margherita-napoletana.svg');
  await page.getByLabel('Category').selectOption('pizza');
  await page.getByLabel('Description').fill('Folded, baked, and built your way.');
  await page.getByRole('button', { name: 'Add an option group' }).click();
  const group = page.getByRole('region', { name: /^Option group / }).first();
  await group.getByLabel('Group name').fill('Size');
  await group.getByLabel('Required').check();
  await group.getByLabel('Choice', { exact: true }).fill('Regular');
  await group.getByLabel('Default').check();
  await group.getByRole('button', { name: 'Add a choice to Size' }).click();
  await group.getByLabel('Choice', { exact: true }).nth(1).fill('Family');
  await group.getByLabel('Price change').nth(1).fill('4');
  // The form's rule names the group before anything is sent.
  await group.getByLabel('At most').fill('3');
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(group.getByRole('alert')).toHaveText('Size: at most can not be above its 2 choices');
  await group.getByLabel('At most').fill('1');
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByText('Add success')).toBeVisible();

  const item = await findItem(page.request, (candidate) => candidate.name === name);
  await page.goto(`/item-detail/${item._id}`);
  await expect(page.getByRole('radio', { name: /^Regular/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Family +$4.00' })).toBeEnabled();

  // No family size today; a choice of cheese from now on.
  await page.goto('/admin/manage-items');
  await page.getByRole('link', { name: `Update ${name}` }).click();
  const size = page.getByRole('region', { name: 'Option group Size' });
  await expect(size.getByLabel('Choice', { exact: true }).nth(1)).toHaveValue('Family');
  await size.getByLabel('Sold out today').nth(1).check();
  await page.getByRole('button', { name: 'Add an option group' }).click();
  const extras = page.getByRole('region', { name: /^Option group / }).nth(1);
  await extras.getByLabel('Group name').fill('Extras');
  await extras.getByLabel('Choice', { exact: true }).fill('Cheese');
  await extras.getByLabel('Price change').fill('1.50');
  await page.getByRole('button', { name: 'Update now' }).click();
  await expect(page.getByText('Your item update successfull')).toBeVisible();

  await page.goto(`/item-detail/${item._id}`);
  await expect(page.getByRole('radio', { name: 'Family Sold out today' })).toBeDisabled();
  await expect(page.getByRole('group', { name: /^Extras/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Cheese +$1.50' }).check();
  await expect(linePrice(page)).toHaveText('$10.50');

  await page.goto('/admin/manage-items');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await answerDialog(page, 'Delete');
  await expect(page.getByText('Item delete successfull!')).toBeVisible();
});
