import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { menu } from './api.ts';
import { register, signIn, unique } from './support/accounts.ts';
import { buyAndPay } from './support/shop.ts';

const admin = DEMO_ACCOUNTS[0];

/** The step the customer's tracker marks as the current one. */
const currentStep = (page: Page, transactionId: string) =>
  page
    .getByRole('listitem', { name: `Order ${transactionId}` })
    .getByRole('list', { name: 'Order progress' })
    .locator('[aria-current="step"]');

test('the kitchen moves a paid order to the door, and the customer’s open My order follows each step without reload', async ({
  page,
  browser,
  request,
}) => {
  const items = await menu(request);
  const pizza = items.find((i) => i.category === 'pizza' && i.quantity >= 10)!;
  await register(page, 'Tania Akter', `tania-${unique()}@pizzon.test`);
  const transactionId = await buyAndPay(page, pizza);
  // The payment page shows the tracker for the order it paid.
  await expect(
    page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]'),
  ).toContainText('Paid');

  await page.goto('/user-dashboard/my-order');
  await expect(currentStep(page, transactionId)).toContainText('Paid');
  const loadedAt = await page.evaluate(() => performance.timeOrigin);

  const kitchen = await (await browser.newContext()).newPage();
  await signIn(kitchen, admin);
  await kitchen.goto('/admin/kitchen');
  await expect(kitchen).toHaveTitle('Kitchen - Pizzon');
  const steps = [
    ['Accept', 'Accepted', 'Accepted'],
    ['Start preparing', 'Preparing', 'Preparing'],
    ['Send out for delivery', 'Out', 'Out for delivery'],
  ] as const;
  for (const [button, column, step] of steps) {
    await kitchen.getByRole('button', { name: `${button}: order ${transactionId}` }).click();
    // The ticket stays in the rail, its state on it.
    await expect(kitchen.getByRole('listitem', { name: new RegExp(transactionId) })).toContainText(column);
    await expect(currentStep(page, transactionId)).toContainText(step);
  }
  await kitchen.getByRole('button', { name: `Mark delivered: order ${transactionId}` }).click();
  // Delivered leaves the board.
  await expect(kitchen.getByRole('listitem', { name: new RegExp(transactionId) })).toHaveCount(0);
  await expect(currentStep(page, transactionId)).toContainText('Delivered');

  // Every step arrived on the page it was first loaded as.
  expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
  const card = page.getByRole('listitem', { name: `Order ${transactionId}` });
  await card.getByText('Timeline').click();
  for (const line of ['Order placed', 'Paid', 'Accepted', 'Preparing', 'Out for delivery', 'Delivered']) {
    await expect(card.getByText(line, { exact: false }).first()).toBeVisible();
  }
  await kitchen.context().close();
});

/** The page is no wider than its viewport: nothing scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('My order on a 375 px phone and the kitchen board on a 768 px tablet fit their screens; a card moves by keyboard', async ({
  browser,
  request,
}) => {
  const items = await menu(request);
  const drink = items.find((i) => i.category === 'drink' && i.quantity >= 10)!;
  const phone = await (await browser.newContext()).newPage();
  await register(phone, 'Rupa Das', `rupa-${unique()}@pizzon.test`);
  const transactionId = await buyAndPay(phone, drink);
  await phone.setViewportSize({ width: 375, height: 800 });
  await phone.goto('/user-dashboard/my-order');
  await expect(currentStep(phone, transactionId)).toContainText('Paid');
  expect(await scrollsSideways(phone)).toBe(false);

  const tablet = await (await browser.newContext()).newPage();
  await signIn(tablet, admin);
  await tablet.setViewportSize({ width: 768, height: 1024 });
  await tablet.goto('/admin/kitchen');
  const accept = tablet.getByRole('button', { name: `Accept: order ${transactionId}` });
  await expect(accept).toBeVisible();
  expect(await scrollsSideways(tablet)).toBe(false);
  await accept.focus();
  await tablet.keyboard.press('Enter');
  await expect(tablet.getByRole('listitem', { name: new RegExp(transactionId) })).toContainText('Accepted');
  await expect(currentStep(phone, transactionId)).toContainText('Accepted');
  await phone.context().close();
  await tablet.context().close();
});
