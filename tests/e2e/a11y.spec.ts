import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { findItem, menu } from './api.ts';
import { expectNoSeriousViolations, settled, walkWithTab } from './support/a11y.ts';
import { register, signIn, unique } from './support/accounts.ts';
import { chooseDay, freeTimes, openDayAhead } from './support/bookings.ts';
import { addToCart, checkOut } from './support/shop.ts';

const admin = DEMO_ACCOUNTS[0];

/** Opens a page of the storefront and waits for its main heading. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await settled(page);
}

test.describe('axe-core finds no serious or critical violation', () => {
  // Each test checks many pages; axe takes a second or two on each.
  test.describe.configure({ timeout: 120_000 });

  test('on every public page, a dialog and a form showing its errors', async ({ page, request }) => {
    const item = await findItem(request, (i) => i.category === 'pizza' && i.quantity >= 3);
    const pages: Array<[string, string, string | RegExp]> = [
      ['Home', '/', 'Our Special Menu'],
      ['Menu', '/menu', 'Our Menu'],
      ['Blog', '/blog', /./],
      ['Reservation', '/reservation', 'Reservation'],
      ['Item', `/item-detail/${item._id}`, item.name],
      ['Login', '/auth', 'Login'],
      ['Error', '/no-such-page', 'Sorry, an unexpected error has occurred.'],
    ];
    for (const [name, path, heading] of pages) {
      await open(page, path, heading);
      await expectNoSeriousViolations(page, name);
    }

    await open(page, '/auth', 'Login');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.locator('form').getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Register with errors');

    await open(page, '/reservation', 'Reservation');
    await chooseDay(page, openDayAhead(40), 4);
    await freeTimes(page).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expectNoSeriousViolations(page, 'Reservation with its free times and errors');

    await open(page, `/item-detail/${item._id}`, item.name);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'Please login dialog');

    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, '/', 'Our Special Menu');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectNoSeriousViolations(page, 'Home at 375 px with the menu open');
  });

  test('on the customer’s pages, from an empty cart to a paid order', async ({ page, request }) => {
    const item = await findItem(request, (i) => i.category === 'pizza' && i.quantity >= 10);
    await register(page, 'Ayesha Khan', `ayesha-${unique()}@pizzon.test`);

    await open(page, '/user-dashboard/profile', 'Ayesha Khan');
    await expectNoSeriousViolations(page, 'Profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    await expectNoSeriousViolations(page, 'Profile, editing');
    await open(page, '/user-dashboard/my-cart', 'My cart');
    await expectNoSeriousViolations(page, 'My cart, empty');
    await open(page, '/user-dashboard/my-order', 'User Dashboard');
    await expectNoSeriousViolations(page, 'My order, none yet');

    await addToCart(page, item, 2);
    await open(page, '/user-dashboard/my-cart', 'My cart');
    await expectNoSeriousViolations(page, 'My cart');
    await open(page, '/user-dashboard/my-cart/checkout', 'Shipping Details');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expectNoSeriousViolations(page, 'Checkout with an error');

    await checkOut(page);
    await expectNoSeriousViolations(page, 'Sandbox payment page');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Payment success');
    await open(page, '/user-dashboard/my-order', 'User Dashboard');
    await expect(page.getByRole('list', { name: 'Order progress' })).toBeVisible();
    await expectNoSeriousViolations(page, 'My order');
  });

  test('on the admin’s pages', async ({ page, request }) => {
    const item = (await menu(request))[0]!;
    await signIn(page, admin);
    const pages: Array<[string, string, string | RegExp]> = [
      ['The owner’s day', '/admin', 'Today'],
      ['Admin profile', '/admin/profile', admin.displayName],
      ['Manage users', '/admin/manage-users', 'Admin Dashboard'],
      ['Add items', '/admin/add-items', 'Admin Dashboard'],
      ['Manage items', '/admin/manage-items', 'Admin Dashboard'],
      ['Update item', `/admin/manage-items/update-item/${item._id}`, 'Admin Dashboard'],
      ['Manage orders', '/admin/manage-orders', 'Admin Dashboard'],
      ['Promotions', '/admin/promotions', 'Add a promo code'],
      ['Reservations', '/admin/reservations', 'Admin Dashboard'],
      ['The day', '/admin/reservations/day', 'Admin Dashboard'],
      ['Tables', '/admin/tables', 'Admin Dashboard'],
    ];
    for (const [name, path, heading] of pages) {
      await open(page, path, heading);
      await expectNoSeriousViolations(page, name);
    }
  });
});

test.describe('keyboard', () => {
  for (const [name, path, heading] of [
    ['Home', '/', 'Our Special Menu'],
    ['Menu', '/menu', 'Our Menu'],
  ] as const) {
    test(`Tab reaches every link and control of ${name}, each with a visible focus indicator`, async ({
      page,
    }) => {
      await open(page, path, heading);
      const { stops, unreached } = await walkWithTab(page);
      expect(unreached).toEqual([]);
      expect(stops.length).toBeGreaterThan(10);
      expect(stops.filter((stop) => !stop.focusVisible).map((stop) => stop.name)).toEqual([]);
    });
  }

  test('the arrow keys move between the menu tabs and select them', async ({ page }) => {
    await open(page, '/menu', 'Our Menu');
    const tabs = page.getByRole('tablist').getByRole('tab');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(tabs.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('the Home carousels', () => {
  const carousels = [
    ['chef', 'chefs-title'],
    ['reviews', 'reviews-title'],
  ] as const;
  /**
   * Whether Swiper's autoplay is running in the carousel of the section titled by `titleId`; undefined
   * until Swiper has taken the server-rendered slides over.
   */
  const autoplaying = (page: Page, titleId: string) =>
    page
      .locator(`section[aria-labelledby="${titleId}"] .swiper`)
      .evaluate(
        (el) =>
          (el as HTMLElement & { swiper?: { autoplay: { running: boolean } } }).swiper?.autoplay.running,
      );
  /**
   * Scrolls to the carousel, as a reader about to press its Pause does. Swiper comes as the carousel
   * nears the viewport once the page is the browser's: on a busy machine `open`'s scroll through the
   * page can pass it (and return to the top) before then.
   */
  const reach = (page: Page, titleId: string) =>
    page.locator(`section[aria-labelledby="${titleId}"]`).scrollIntoViewIfNeeded();

  for (const [carousel, titleId] of carousels) {
    test(`the ${carousel} carousel pauses and plays from the keyboard, and while focus is inside`, async ({
      page,
    }) => {
      await open(page, '/', 'Our Special Menu');
      await reach(page, titleId);
      await expect.poll(() => autoplaying(page, titleId)).toBe(true);

      const pause = page.getByRole('button', { name: `Pause ${carousel} carousel` });
      await expect(pause).toBeVisible();
      await pause.focus();
      await page.keyboard.press('Enter');
      const play = page.getByRole('button', { name: `Play ${carousel} carousel` });
      await expect(play).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => autoplaying(page, titleId)).toBe(false);
      await expect(play).toBeFocused();
      await page.keyboard.press('Space');
      await expect(page.getByRole('button', { name: `Pause ${carousel} carousel` })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await expect.poll(() => autoplaying(page, titleId)).toBe(true);

      // Keyboard users are not chased by moving slides: focus inside stops it, leaving resumes it.
      const bullet = page.locator(`section[aria-labelledby="${titleId}"] .swiper-pagination-bullet`).first();
      await bullet.focus();
      await expect.poll(() => autoplaying(page, titleId)).toBe(false);
      await page.getByRole('button', { name: `Pause ${carousel} carousel` }).focus();
      await expect.poll(() => autoplaying(page, titleId)).toBe(true);
    });
  }

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('no carousel moves until the visitor presses Play', async ({ page }) => {
      await open(page, '/', 'Our Special Menu');
      for (const [carousel, titleId] of carousels) {
        await reach(page, titleId);
        await expect(page.getByRole('button', { name: `Play ${carousel} carousel` })).toBeVisible();
        await expect.poll(() => autoplaying(page, titleId)).toBe(false);
        await page.getByRole('button', { name: `Play ${carousel} carousel` }).click();
        await expect.poll(() => autoplaying(page, titleId)).toBe(true);
      }
    });
  });
});
