import { expect, type Page, type Route, test } from '@playwright/test';
import { API_PATH_PREFIX } from '../../contract/http.ts';
import { MENU_BEHIND_HEADER } from '../../contract/menu.ts';
import { E2E } from '../../playwright.config.ts';
import { CHEFS } from '../../src/content/chefs.ts';
import { REVIEWS } from '../../src/content/reviews.ts';
import { findItem } from './api.ts';
import { register, unique } from './support/accounts.ts';
import { addToCart, placeOrdersThroughApi } from './support/shop.ts';

/** Errors the page reported: a hydration mismatch is one (React reports it and renders again). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // Chromium reports the 404 page's own status as an error: that one is what was asked for.
    const expected404 = message.location().url.endsWith('/no-such-page');
    if (message.type() === 'error' && !expected404) errors.push(message.text());
  });
  return errors;
}

/** Whether React has taken this element of the server's HTML over (it keeps its fiber on the node). */
const adopted = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages arrive rendered, with their titles and data', async ({ page, request }) => {
    const item = await findItem(request, (i) => i.category === 'pizza' && i.quantity > 1);

    await page.goto('/');
    await expect(page).toHaveTitle('Home - Pizzon');
    await expect(page.getByRole('heading', { name: 'Healthy Food for healthy body' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }),
    ).toBeVisible();

    await page.goto('/menu');
    await expect(page).toHaveTitle('Menu - Pizzon');
    await expect(page.getByRole('link', { name: new RegExp(item.name) })).toContainText(
      `$${item.price.toFixed(2)}`,
    );

    await page.goto('/blog');
    await expect(page).toHaveTitle('Blog - Pizzon');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

    const itemPage = await page.goto(`/item-detail/${item._id}`);
    await expect(page).toHaveTitle('Item Detail - Pizzon');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.name);
    // A page kept through sales shows the stock of its render and says so (decision 028); the browser
    // reads the item again once it has taken the page over, which this page without JavaScript never does.
    const behind = itemPage?.headers()['server-timing']?.includes(MENU_BEHIND_HEADER) ?? false;
    await expect(
      page.getByText(behind ? /^\d+ \(items\)$/ : `${item.quantity} (items)`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: item.name })).toBeVisible();
    // It cannot tell a guest from a customer yet: it waits for the browser's session.
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();

    await page.goto('/no-such-page');
    await expect(page).toHaveTitle('Error - Pizzon');
    await expect(
      page.getByRole('heading', { name: 'Sorry, an unexpected error has occurred.' }),
    ).toBeVisible();
  });

  test('Home’s chefs and reviews are in its HTML, not waiting for Swiper', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    for (const chef of CHEFS) {
      expect(html).toContain(chef.name);
      expect(html).toContain(chef.title);
      expect(html).toContain(`src="${chef.img}"`);
    }
    for (const review of REVIEWS) expect(html).toContain(review.name);

    await page.goto('/');
    const chefs = page.getByRole('region', { name: 'Our Best Chef' });
    await expect(chefs.getByRole('heading', { name: 'Our Best Chef' })).toBeVisible();
    await expect(chefs.getByRole('img', { name: `Portrait of ${CHEFS[0]!.name}` })).toBeVisible();
    await expect(chefs.getByText(CHEFS[0]!.title)).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Customer Reviews' });
    await expect(reviews.getByText(REVIEWS[0]!.review_text)).toBeVisible();
    await expect(reviews.getByText(REVIEWS[0]!.name)).toBeVisible();
    await expect(
      reviews.getByRole('img', { name: `Rated ${REVIEWS[0]!.rating} out of 5` }).first(),
    ).toBeVisible();
  });

  test('pages that depend on who is signed in are left to the browser', async ({ page }) => {
    for (const path of ['/user-dashboard', '/admin', '/auth']) {
      await page.goto(path);
      await expect(page.locator('#root'), path).toBeEmpty();
    }
  });
});

test('an unknown address and an item that does not exist answer 404; pages are revalidated', async ({
  request,
}) => {
  expect((await request.get('/no-such-page')).status()).toBe(404);
  expect((await request.get('/item-detail/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
  const menu = await request.get('/menu');
  expect(menu.status()).toBe(200);
  expect(menu.headers()['cache-control']).toBe('no-cache');
});

test('the browser takes each rendered page over without a mismatch, and it works', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    // The browser calls the API under the storefront's own origin.
    const api = `${E2E.baseURL}${API_PATH_PREFIX}`;
    if (request.url().startsWith(api)) apiCalls.push(request.url().slice(api.length));
  });
  const item = await findItem(request, (i) => i.category === 'pizza' && i.quantity > 1);
  const salad = await findItem(request, (i) => i.category === 'salad');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Special Menu' })).toBeVisible();
  // The sections below the fold that the browser renders itself arrive as the visitor nears them.
  await page.getByRole('heading', { name: 'Our Special Menu' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('tab', { name: 'pizza' })).toBeVisible();

  await page.goto('/menu');
  await expect(page.getByRole('link', { name: new RegExp(salad.name) })).toBeVisible();
  await page.getByRole('tab', { name: 'pizza' }).click();
  await expect(page.getByRole('tab', { name: 'pizza' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: new RegExp(salad.name) })).toHaveCount(0);

  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  const itemAnswer = await page.goto(`/item-detail/${item._id}`);
  // Sent from the site's cache after the menu moved (the sweep may give an unpaid order's stock back
  // meanwhile), the item page reads its stock once: tests/ui/item-stock-read-again.test.tsx.
  const keptBehind = (await itemAnswer!.allHeaders())['server-timing'] === MENU_BEHIND_HEADER;
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.locator('output')).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();

  await page.goto('/no-such-page');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);

  expect(errors).toEqual([]);
  // The pages carried the answers they were rendered with: taking them over asked the API nothing again.
  expect(apiCalls).not.toContain('/all-items?category=all&limit=0');
  expect(apiCalls.filter((call) => call === `/item-detail/${item._id}`)).toHaveLength(keptBehind ? 1 : 0);
  expect(apiCalls).toContain('/all-items?category=pizza&limit=0');
});

test('an item page kept through a sale shows its stock as it is once the browser has it', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  const item = await findItem(request, (i) => i.category === 'burger' && i.quantity > 2);
  const url = `/item-detail/${item._id}`;
  const stockInHtml = (html: string) => Number(/<dd>(\d+)(?:<!-- -->)? \(items\)<\/dd>/.exec(html)?.[1]);
  expect(stockInHtml(await (await request.get(url)).text())).toBe(item.quantity);

  // A customer reserves one: the stock moves, what the listing shows does not.
  const email = `stock-${unique()}@example.com`;
  await register(page, 'Stock Reader', email);
  await addToCart(page, item, 1);
  await placeOrdersThroughApi(page, request, 1, { fullName: 'Stock Reader', email });

  // The site sends the page it kept, saying it is behind; the browser shows the stock as it is now.
  const kept = await request.get(url);
  expect(kept.headers()['server-timing']).toBe(MENU_BEHIND_HEADER);
  expect(stockInHtml(await kept.text())).toBe(item.quantity);
  await page.goto(url);
  await expect(page.getByText(`${item.quantity - 1} (items)`)).toBeVisible();
  expect(errors).toEqual([]);
});

test('the JavaScript is asked for once the first screen is shown: painted, its leading picture arrived', async ({
  page,
}) => {
  await page.goto('/');
  await expect.poll(() => adopted(page, 'header')).toBe(true);
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const find = (pattern: RegExp) => resources.find((entry) => pattern.test(new URL(entry.name).pathname));
    return {
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      heroArrived: find(/^\/images\/hero-pizza\.svg$/)?.responseEnd,
      appAsked: find(/^\/assets\/app-[\w-]+\.js$/)?.startTime,
    };
  });
  expect(timing.painted).toBeGreaterThan(0);
  expect(timing.heroArrived).toBeGreaterThan(0);
  expect(timing.appAsked).toBeGreaterThanOrEqual(timing.painted!);
  expect(timing.appAsked).toBeGreaterThanOrEqual(timing.heroArrived!);
});

test('below its first screen, Home is taken over as the visitor nears it; a tap there before then works', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect.poll(() => adopted(page, 'header')).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(await adopted(page, 'section[aria-labelledby="chefs-title"]')).toBe(false);
  expect(await adopted(page, 'footer')).toBe(false);
  // Nor has the browser rendered the Special Menu it leaves to itself: the visitor is not there yet.
  await expect(page.getByRole('tab', { name: 'pizza' })).toHaveCount(0);

  // The footer comes to life as the visitor scrolls to it.
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect.poll(() => adopted(page, 'footer')).toBe(true);

  await page.goto('/');
  await expect.poll(() => adopted(page, 'header')).toBe(true);
  expect(await adopted(page, 'section[aria-labelledby="chefs-title"]')).toBe(false);
  // A tap on a control of a section still the server's: taken over there and then, the tap reaches it.
  await page
    .getByRole('button', { name: 'Pause chef carousel' })
    .evaluate((button: HTMLButtonElement) => button.click());
  await expect(page.getByRole('button', { name: 'Play chef carousel' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(errors).toEqual([]);
});

test('a tap before the JavaScript has come is answered once it has', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 375, height: 800 });
  // The app's chunk is held: the page is the server's HTML alone meanwhile.
  const held: Route[] = [];
  let release = false;
  await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => (release ? route.continue() : held.push(route)));
  await page.goto('/menu');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('tab', { name: 'pizza' }).click();
  await expect(page.getByRole('tab', { name: 'pizza' })).toHaveAttribute('aria-selected', 'false');

  release = true;
  for (const route of held) await route.continue();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('tab', { name: 'pizza' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/menu\?category=pizza$/);
  expect(errors).toEqual([]);
});

test('a visitor who scrolls on before the JavaScript has come stays where they are, and the section there comes', async ({
  page,
}) => {
  // The app's chunk is held: the visitor reads down Home's server HTML meanwhile.
  const held: Route[] = [];
  let release = false;
  await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => (release ? route.continue() : held.push(route)));
  await page.goto('/');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const heading = page.getByRole('heading', { name: 'Our Special Menu' });
  await heading.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  release = true;
  for (const route of held) await route.continue();
  await expect.poll(() => adopted(page, 'header')).toBe(true);
  // Taking the page over moved nobody back to the top: the Special Menu it renders itself comes there.
  await expect(page.getByRole('tab', { name: 'pizza' })).toBeVisible();
  await expect(heading).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test.describe('Home’s carousels', () => {
  // Still slides, so what is measured is where Swiper puts them, not where autoplay has moved them.
  test.use({ reducedMotion: 'reduce' });

  for (const width of [375, 1280]) {
    test(`at ${width} px Swiper comes only near the carousels, and takes their slides over in place`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      // Swiper's chunks are held until the server's slides have been measured.
      const held: Route[] = [];
      let release = false;
      await page.route(/\/assets\/swiper[-\w]*\.(js|css)$/, (route) =>
        release ? route.continue() : held.push(route),
      );
      await page.goto('/');
      // Taken over by the browser, and still nobody asked for Swiper.
      await expect.poll(() => adopted(page, 'header')).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(held).toEqual([]);

      await page.getByRole('region', { name: 'Customer Reviews' }).scrollIntoViewIfNeeded();
      await expect.poll(() => held.length).toBeGreaterThan(0);
      /**
       * Where the first slides of each carousel and the band below them are, from the top of the chefs'
       * section: what the sections above do as they load (the menu, the booking form) does not count.
       */
      const places = () =>
        page.evaluate(() => {
          const chefs = document.querySelector('section[aria-labelledby="chefs-title"]')!;
          const top = chefs.getBoundingClientRect().y;
          const watched = [
            ...chefs.querySelectorAll('figure'),
            ...document.querySelectorAll('section[aria-labelledby="reviews-title"] figure'),
            document.getElementById('order-cta-title')!,
          ];
          return watched.map((el) => {
            const box = el.getBoundingClientRect();
            return [box.x, box.y - top, box.width, box.height].map(Math.round);
          });
        });
      const before = await places();

      release = true;
      for (const route of held) await route.continue();
      await expect(page.locator('.swiper.swiper-initialized')).toHaveCount(2);
      await expect(page.locator('.swiper-pagination-bullet').first()).toBeVisible();
      expect(await places()).toEqual(before);
    });
  }
});
