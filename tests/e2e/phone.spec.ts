// Issue 14, phone-first ordering: the Menu at 375 px (two columns, sticky tabs, the tab in the address)
// and the cart in reach (the header's cart button, the View cart bar), checked at 375 and 1280 px.
import { expect, type Page, test } from '@playwright/test';
import { menu } from './api.ts';
import { register, unique } from './support/accounts.ts';

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The menu cards' boxes, in the order the page lists them. */
async function cardBoxes(page: Page, count: number) {
  const cards = page
    .getByRole('list')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const boxes = [];
  for (let n = 0; n < count; n++) boxes.push((await cards.nth(n).boundingBox())!);
  return boxes;
}

/** How many cards share the first row. */
async function firstRow(page: Page): Promise<number> {
  const boxes = await cardBoxes(page, 6);
  return boxes.filter((box) => Math.abs(box.y - boxes[0]!.y) < 1).length;
}

/** Errors the page reported: a hydration mismatch is one. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('the Menu shows two cards a row at 375 px, four at 1280 px, and never scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/menu');
  expect(await firstRow(page)).toBe(2);
  const [first, second] = await cardBoxes(page, 2);
  // Two real columns, not squeezed: each card is about half the screen.
  expect(first!.width).toBeGreaterThan(150);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  const phoneHeight = await page.evaluate(() => document.documentElement.scrollHeight);

  await page.setViewportSize({ width: 360, height: 780 });
  expect(await firstRow(page)).toBe(2);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.setViewportSize({ width: 768, height: 1024 });
  expect(await firstRow(page)).toBe(2);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.setViewportSize(DESKTOP);
  expect(await firstRow(page)).toBe(4);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // 32 items in two columns: far shorter than a card a row (about 18,700 px before).
  expect(phoneHeight).toBeLessThan(11_000);
});

test('the category tabs stay in reach, below the navbar, while the Menu scrolls', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/menu');
  const tabs = page.getByRole('tablist', { name: 'Menu categories' });
  await expect(tabs).toBeVisible();
  // Once the browser has taken the page over (the router restores the scroll position then).
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, 3000);
        return window.scrollY;
      }),
    )
    .toBeGreaterThan(2000);

  const header = (await page.getByRole('banner').first().boundingBox())!;
  const band = (await tabs.boundingBox())!;
  expect(band.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(band.y).toBeLessThan(header.y + header.height + 40);
  // Nothing covers a tab: a tap there lands on it, and it works from down the page.
  const burger = page.getByRole('tab', { name: 'burger' });
  const box = (await burger.boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.textContent,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe('burger');
  await burger.click();
  await expect(burger).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/menu\?category=burger$/);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect(tabs).toBeInViewport();
});

test('the category survives Back from an item page, a reload and a shared link', async ({
  page,
  request,
}) => {
  const items = await menu(request);
  const pizza = items.find((item) => item.category === 'pizza')!;
  const salad = items.find((item) => item.category === 'salad')!;
  const errors = collectErrors(page);
  await page.setViewportSize(PHONE);

  await page.goto('/menu');
  await page.waitForLoadState('networkidle');
  await page.getByRole('tab', { name: 'pizza' }).click();
  await expect(page).toHaveURL(/\/menu\?category=pizza$/);
  await expect(page.getByRole('link', { name: new RegExp(salad.name) })).toHaveCount(0);
  await page.getByRole('link', { name: new RegExp(pizza.name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: pizza.name })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/menu\?category=pizza$/);
  await expect(page.getByRole('tab', { name: 'pizza' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: new RegExp(pizza.name) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(salad.name) })).toHaveCount(0);

  // Rendered on the server with the tab, and taken over without a mismatch.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'pizza' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: new RegExp(salad.name) })).toHaveCount(0);

  await page.goto('/menu?category=salad');
  await expect(page.getByRole('tab', { name: 'salad' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: new RegExp(salad.name) })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('tab', { name: 'all' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  expect(errors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/menu?category=pizza arrives rendered with the pizza tab', async ({ page, request }) => {
    const salad = (await menu(request)).find((item) => item.category === 'salad')!;
    await page.goto('/menu?category=pizza');
    await expect(page.getByRole('tab', { name: 'pizza' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: new RegExp(salad.name) })).toHaveCount(0);
  });
});

test('the cart stays in reach on a phone: the header button and the View cart bar', async ({
  page,
  request,
}) => {
  const item = (await menu(request)).find((i) => i.category === 'pizza' && i.quantity >= 5)!;
  await page.setViewportSize(DESKTOP);
  await register(page, 'Nadia Rahman', `nadia-${unique()}@pizzon.test`);

  await page.setViewportSize(PHONE);
  await page.goto(`/item-detail/${item._id}`);
  const header = page.getByRole('banner');
  // Outside the drawer: visible with the drawer closed.
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(header.getByRole('link', { name: 'Cart: 0 items', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^View cart/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`"${item.name}" item has been added to your cart`)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cart: 2 items', exact: true })).toBeVisible();
  const bar = page.getByRole('link', { name: /^View cart/ });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveText(/^View cart·2·\d+\.\d\d tk$/);
  const total = /(\d+\.\d\d) tk/.exec((await bar.textContent()) ?? '')![1];
  await expect(bar).toHaveAccessibleName(`View cart: 2 items, ${total} tk`);
  await expect(bar).toBeInViewport();

  // On the Menu too; the page ends clear of it.
  await page.goto('/menu');
  await expect(bar).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const barBox = (await bar.boundingBox())!;
  const footerEnd = await page.evaluate(() => {
    const footer = document.querySelector('footer')!.getBoundingClientRect();
    return footer.bottom;
  });
  expect(footerEnd).toBeLessThanOrEqual(barBox.y - 8);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // Not on desktop, where the navbar's own cart link stays.
  await page.setViewportSize(DESKTOP);
  await expect(bar).toBeHidden();
  await expect(header.getByRole('link', { name: 'Cart: 2 items', exact: true })).toBeHidden();
  await expect(header.getByRole('link', { name: /^Cart: 2 items, \d+\.\d\d/ })).toBeVisible();

  await page.setViewportSize(PHONE);
  await bar.click();
  await expect(page).toHaveURL(/\/user-dashboard\/my-cart$/);
});
