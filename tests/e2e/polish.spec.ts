import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { findItem, menu } from './api.ts';
import { mainNav, register, signIn, unique } from './support/accounts.ts';
import { settledDialog } from './support/dialog.ts';

// Issue 14, part 8: what the screenshots at 375, 768 and 1280 px showed, checked in the browser.

const admin = DEMO_ACCOUNTS[0];
const WIDTHS = [375, 1280] as const;

/**
 * Where the page meets the footer: the bottom of the page's last block, and whether the strip just above
 * the footer belongs to that block (its own background) rather than to an empty stretch of <main>.
 */
async function pageMeetsFooter(page: Page) {
  return page.evaluate(() => {
    const footer = document.querySelector('footer')!;
    const main = document.querySelector('main')!;
    // Bring the footer's top edge to the middle of the viewport (the footer can be taller than it).
    window.scrollTo(0, footer.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2);
    const footerTop = footer.getBoundingClientRect().top;
    const last = main.lastElementChild!;
    const strip = document.elementFromPoint(4, footerTop - 4);
    return {
      footerTop,
      lastBlockBottom: last.getBoundingClientRect().bottom,
      stripInLastBlock: !!strip && last.contains(strip),
    };
  });
}

/** The footer's bottom and the viewport's, scrolled to the end of the page. */
async function footerAtTheEnd(page: Page) {
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return {
      footerBottom: document.querySelector('footer')!.getBoundingClientRect().bottom,
      viewportHeight: window.innerHeight,
    };
  });
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const [path, heading] of [
      ['/auth', 'Login'],
      ['/blog', /./],
    ] as const) {
      test(`${path}: no white band between the page and the footer`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
        // The page's last block runs down to the footer, so its own background fills the strip above
        // the footer instead of a band of <main>'s white.
        const join = await pageMeetsFooter(page);
        expect(Math.abs(join.footerTop - join.lastBlockBottom)).toBeLessThanOrEqual(1);
        expect(join.stripInLastBlock).toBe(true);
        // Scrolled to the end, the footer's bottom is the viewport's bottom: nothing below it.
        const end = await footerAtTheEnd(page);
        expect(Math.abs(end.footerBottom - end.viewportHeight)).toBeLessThanOrEqual(1);
      });
    }

    test('a toast appears below the navigation bar, not over it', async ({ page, request }) => {
      const item = (await menu(request)).find((i) => i.quantity >= 5)!;
      // Signed up at desktop width (the account link is in the drawer on phones), then back to this one.
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 1280, height: 900 });
      await register(page, 'Toast Check', `toast-${unique()}@pizzon.test`);
      await page.setViewportSize(size);
      await page.goto(`/item-detail/${item._id}`);
      // Scrolled, so the bar has stuck to the top of the viewport.
      await page.mouse.wheel(0, 200);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const toast = page.getByText(`"${item.name}" item has been added to your cart`);
      await expect(toast).toBeVisible();
      // The toast slides in from above; where it comes to rest is what counts.
      const bar = await mainNav(page).boundingBox();
      if (!bar) throw new Error('no navigation bar');
      await expect
        .poll(async () => (await toast.boundingBox())?.y ?? -1, { message: 'the toast’s top' })
        .toBeGreaterThanOrEqual(bar.y + bar.height);
    });
  });
}

test.describe('a window taller than the page', () => {
  // At 1280 × 2400 the whole blog post fits with room to spare: the short-page case on a big screen.
  test.use({ viewport: { width: 1280, height: 2400 } });

  test('/blog: the article runs down to the footer, which ends at the window’s bottom', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading').first()).toBeVisible();
    const join = await pageMeetsFooter(page);
    expect(Math.abs(join.footerTop - join.lastBlockBottom)).toBeLessThanOrEqual(1);
    expect(join.stripInLastBlock).toBe(true);
    const end = await footerAtTheEnd(page);
    expect(Math.abs(end.footerBottom - end.viewportHeight)).toBeLessThanOrEqual(1);
  });
});

test.describe('dialogs', () => {
  test('a guest’s Please login dialog is in the site’s font with an orange Login button', async ({
    page,
    request,
  }) => {
    const item = await findItem(request, (i) => i.quantity > 0);
    await page.goto(`/item-detail/${item._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Please login');
    const style = await dialog.evaluate((popup) => {
      const title = getComputedStyle(popup.querySelector('.swal2-title')!).fontFamily;
      const login = getComputedStyle(popup.querySelector('.swal2-confirm')!);
      return {
        title,
        popup: getComputedStyle(popup).fontFamily,
        button: login.fontFamily,
        bg: login.backgroundColor,
      };
    });
    for (const font of [style.title, style.popup, style.button]) expect(font).toMatch(/^"PT Sans Narrow"/);
    expect(style.bg).toBe('rgb(253, 157, 62)');
  });
});

test.describe('the admin dashboard at 768 px', () => {
  // Signed in at 1280 px, where the account link shows in the bar, then narrowed to a tablet.
  test.use({ viewport: { width: 1280, height: 1000 } });

  test('keeps its tabs in sight below the banner, and paints Delete red and Cancel neutral', async ({
    page,
  }) => {
    await signIn(page, admin);
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.goto('/admin/manage-items');
    const tabs = page.getByRole('navigation', { name: 'Admin Dashboard sections' });
    await expect(tabs.getByRole('link', { name: 'Manage items' })).toHaveAttribute('aria-current', 'page');

    const layout = await tabs.evaluate((nav) => {
      const banner = document.querySelector('h1')!.closest('.bg-ink')!.getBoundingClientRect();
      const links = [...nav.querySelectorAll('a')].map((a) => a.getBoundingClientRect());
      return {
        firstTop: Math.min(...links.map((r) => r.top)),
        bannerBottom: banner.bottom,
        outside: links.filter((r) => r.left < 0 || r.right > document.documentElement.clientWidth).length,
        listsScroll: [...nav.querySelectorAll('ul')].some((list) => list.scrollWidth > list.clientWidth),
        pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      };
    });
    expect(layout.firstTop, 'tabs below the dark banner, not across its edge').toBeGreaterThanOrEqual(
      layout.bannerBottom,
    );
    expect(layout.outside, 'every tab inside the window').toBe(0);
    expect(layout.listsScroll, 'no row of tabs scrolls a tab out of sight').toBe(false);
    expect(layout.pageScrollsSideways).toBe(false);

    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    const dialog = await settledDialog(page);
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeVisible();
    const colours = await dialog.evaluate((popup) => ({
      confirm: getComputedStyle(popup.querySelector('.swal2-confirm')!).backgroundColor,
      cancel: getComputedStyle(popup.querySelector('.swal2-cancel')!).backgroundColor,
      cancelText: getComputedStyle(popup.querySelector('.swal2-cancel')!).color,
      font: getComputedStyle(popup.querySelector('.swal2-title')!).fontFamily,
    }));
    expect(colours.confirm).toBe('rgb(194, 37, 47)');
    expect(colours.cancel).toBe('rgb(255, 255, 255)');
    expect(colours.cancelText).toBe('rgb(32, 32, 32)');
    expect(colours.font).toMatch(/^"PT Sans Narrow"/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
