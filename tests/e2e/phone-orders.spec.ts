// Issue 35, item 3 in the browser: on a 768 px tablet, staff take a phone order for pickup from the
// kitchen board's New order form (a pizza with its options, the caller's name and phone). Paid by link:
// its text is shown, and once the link is paid the order is on the board marked "Phone order". In cash:
// it is on the board at once, with the cash to collect. The form is the README's screenshot
// (docs/screenshots/admin-phone-order-tablet.png).
import { expect, test } from '@playwright/test';
import { formatAdminPrice, toCents } from '../../contract/money.ts';
import { E2E } from '../../playwright.config.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { menu } from './api.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signIn } from './support/accounts.ts';
import { AROUND_THE_CLOCK, setShopHours } from './support/shop.ts';

const [admin] = DEMO_ACCOUNTS;
test.use({ timezoneId: E2E.shopTimeZone });

test('staff take a phone order for pickup at 768 px; paid through its link, it is on the board', async ({
  page,
  request,
}) => {
  test.slow();
  const pizza = (await menu(request)).find((item) => item.category === 'pizza' && item.quantity >= 3)!;
  await signIn(page, admin);
  // As soon as possible whatever the hour the spec runs at.
  await setShopHours(page, request, AROUND_THE_CLOCK);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/admin/kitchen');
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();

  const items = page.getByRole('group', { name: 'Items' });
  await items.getByLabel('Menu item').selectOption({
    label: `${pizza.name} — ${formatAdminPrice(toCents(pizza.price))}`,
  });
  await items.getByRole('button', { name: 'Choose options' }).click();
  await page.getByRole('radio', { name: /^Large/ }).check();
  await page.getByLabel('Special instructions').fill('Cut in squares');
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Add to order' }).click();
  const lines = page.getByRole('list', { name: 'Order lines' });
  await expect(lines).toContainText(`2 × ${pizza.name}`);
  await expect(lines).toContainText('Large');
  await expect(lines).toContainText('“Cut in squares”');

  // Nothing is sent without the caller's phone: the form says so at the field.
  await page.getByLabel('Customer’s name *').fill('Karim Uddin');
  await page.getByRole('button', { name: 'Take order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'empty filed can not be submitted' })).toBeVisible();
  await expect(page.getByLabel('Phone *')).toBeFocused();
  await page.getByLabel('Phone *').fill('01811 222333');
  await expect(page.getByRole('radio', { name: 'Pickup' })).toBeChecked();
  await expect(page.getByLabel('Address *')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the New order form');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'the page never scrolls sideways',
  ).toBe(true);
  await page.screenshot({ path: 'docs/screenshots/admin-phone-order-tablet.png', fullPage: true });
  // From a phone to a desktop: the form fits, its buttons within reach.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `no sideways scroll at ${width} px`,
    ).toBe(true);
    await expect(page.getByRole('button', { name: 'Take order' })).toBeVisible();
  }
  await page.setViewportSize({ width: 768, height: 1024 });

  await page.getByRole('button', { name: 'Take order' }).click();
  const taken = page.getByRole('heading', { name: /^Order PZ[0-9A-F]{24} is on the board/ });
  await expect(taken).toBeVisible();
  const transactionId = (await taken.textContent())!.match(/PZ[0-9A-F]{24}/)![0];
  const text = await page.getByLabel('Text to send the customer').inputValue();
  expect(text).toMatch(
    new RegExp(`^Pizzon: your order #\\d+ \\(${transactionId}\\) comes to Tk [\\d.]+\\. Pay here: http`),
  );
  await expect(page.getByText('No e-mail was given: send the text above.')).toBeVisible();

  // The caller pays through the link (in a browser of their own, with no account).
  const caller = await (await page.context().browser()!.newContext()).newPage();
  await caller.goto(text.split('Pay here: ')[1]!);
  await expect(caller.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
  await caller.getByRole('button', { name: 'Pay' }).click();
  // Back on a page that asks for no account (the customer's payment page would ask them to log in).
  await caller.waitForURL(new RegExp(`/phone-order/${transactionId}\\?payment=success$`));
  await expect(caller.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(caller.getByText(transactionId)).toBeVisible();
  await expect(caller.getByRole('link', { name: '+880 1700-000000' })).toHaveAttribute(
    'href',
    'tel:+8801700000000',
  );
  await expectNoSeriousViolations(caller, 'the page a phone order’s caller comes back to');
  await caller.context().close();

  await page.getByRole('link', { name: 'Back to the board' }).first().click();
  const card = page.getByRole('listitem').filter({ hasText: transactionId });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Phone order');
  await expect(card).toContainText('Pickup');
  await expect(card).toContainText('Karim Uddin');
});

test('staff take a phone order for pickup in cash at 768 px: on the board at once, marked Phone order', async ({
  page,
  request,
}) => {
  const pizza = (await menu(request)).find((item) => item.category === 'pizza' && item.quantity >= 3)!;
  await signIn(page, admin);
  await setShopHours(page, request, AROUND_THE_CLOCK);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/admin/kitchen/new-order');
  const items = page.getByRole('group', { name: 'Items' });
  await items.getByLabel('Menu item').selectOption({
    label: `${pizza.name} — ${formatAdminPrice(toCents(pizza.price))}`,
  });
  await items.getByRole('button', { name: 'Choose options' }).click();
  await page.getByRole('button', { name: 'Add to order' }).click();
  await page.getByLabel('Customer’s name *').fill('Shirin Akter');
  await page.getByLabel('Phone *').fill('01911 444555');
  await page.getByRole('radio', { name: /^Cash/ }).check();
  await page.getByRole('button', { name: 'Take order' }).click();
  const taken = page.getByRole('heading', { name: /^Order PZ[0-9A-F]{24} is on the board/ });
  await expect(taken).toBeVisible();
  const transactionId = (await taken.textContent())!.match(/PZ[0-9A-F]{24}/)![0];
  await expect(page.getByText(/^Cash to collect: Tk [\d.]+\.$/)).toBeVisible();
  await expect(page.getByLabel('Text to send the customer')).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to the board' }).first().click();
  const card = page.getByRole('listitem', { name: new RegExp(transactionId) });
  await expect(card).toContainText('New · cash');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Phone order');
  await expect(card).toContainText('Shirin Akter');
  await expect(card).toContainText(/Cash: collect Tk/);
});
