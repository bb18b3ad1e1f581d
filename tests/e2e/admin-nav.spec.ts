import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { register, signIn, unique } from './support/accounts.ts';

// The admin's navigation (issue 43): at a desk, a laptop, a tablet and a phone every section is in
// sight, or one button away on the phone, reached by keyboard, and the page it is on marked current.

const admin = DEMO_ACCOUNTS[0];
const SECTIONS = {
  Overview: ['Today'],
  Service: ['Kitchen', 'New order', 'Manage orders', 'Reservations', 'Tables'],
  Menu: ['Manage items', 'Add items', 'Promotions'],
  Shop: ['Hours', 'Delivery', 'Manage users', 'Profile'],
};
const ENTRIES = Object.values(SECTIONS).flat();
const WIDTHS = [1280, 1024, 768, 375];

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin Dashboard sections' });

/** Tabs forward from where focus is until `name`'s link has it: the entry is reachable by keyboard. */
async function tabTo(page: Page, name: string) {
  const link = nav(page).getByRole('link', { name, exact: true });
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    if (await link.evaluate((element) => element === document.activeElement)) return link;
  }
  throw new Error(`${name} is not reached by Tab`);
}

test.describe('the admin navigation', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const width of WIDTHS) {
    test(`at ${width} px shows every entry inside the window, each reached by keyboard`, async ({ page }) => {
      await signIn(page, admin);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/promotions');
      const sections = nav(page);
      const menu = sections.getByRole('button', { name: /^Sections/ });
      if (width < 768) {
        // A phone: one button, saying where the owner is, opens every section.
        await expect(menu).toHaveAccessibleName('Sections · Promotions');
        await expect(menu).toHaveAttribute('aria-expanded', 'false');
        await expect(sections.getByRole('link', { name: 'Tables' })).toBeHidden();
        await menu.focus();
        await page.keyboard.press('Enter');
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
      } else {
        await expect(menu).toBeHidden();
        await sections.getByRole('link', { name: 'Today' }).focus();
        await page.keyboard.press('Shift+Tab');
      }
      for (const [title, entries] of Object.entries(SECTIONS))
        for (const name of entries)
          await expect(
            sections.getByRole('list', { name: title }).getByRole('link', { name, exact: true }),
          ).toHaveCount(1);

      for (const name of ENTRIES) {
        const link = await tabTo(page, name);
        await expect(link).toBeVisible();
        const box = (await link.boundingBox())!;
        const size = page.viewportSize()!;
        expect(box.x, `${name} starts inside the window`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} ends inside the window`).toBeLessThanOrEqual(size.width);
        expect(box.y, `${name} in sight`).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${name} in sight`).toBeLessThanOrEqual(size.height);
        expect(box.height, `${name} a finger's size`).toBeGreaterThanOrEqual(44);
      }
      const current = sections.locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText('Promotions');
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);

      // A tab chosen by keyboard opens its page, marked current (and closes the phone's menu).
      await sections.getByRole('link', { name: 'Reservations' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/reservations$/);
      await expect(current).toHaveText('Reservations');
      if (width < 768) await expect(menu).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('keeps the customer’s dashboard tabs in a row on a phone, no menu to open', async ({ page }) => {
    await register(page, 'Rima Das', `rima-${unique()}@pizzon.test`);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/user-dashboard/profile');
    const tabs = page.getByRole('navigation', { name: 'User Dashboard sections' });
    await expect(tabs.getByRole('button')).toHaveCount(0);
    for (const name of ['Profile', 'My cart', 'My order'])
      await expect(tabs.getByRole('link', { name })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });
});
