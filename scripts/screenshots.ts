// Takes the README's screenshots of a running storefront: `npm start`, then `npm run screenshots`.
// It shops as the demo customer (one paid order per run) and looks around as the demo admin.
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { waitsForLater } from '../contract/kitchen-lanes.ts';
import { firstOpenDay } from '../contract/opening-hours.ts';
import type { Order } from '../contract/order.ts';
import { CASH_TAKEN_ACTION, KITCHEN_STEP_ACTIONS } from '../contract/order-lifecycle.ts';
import { API_TOKEN_STORAGE_KEY } from '../contract/user.ts';
import { DEFAULT_SHOP_TIME_ZONE } from '../server/api/services/shop-clock.ts';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo-accounts.ts';
import { readEnv } from '../server/env.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium.ts';
import { scrollThrough } from '../tests/e2e/support/scroll.ts';
import { COMMANDS_ENV } from './lib/env.ts';
import { putKitchenOrders } from './lib/kitchen-orders.ts';

const { BASE_URL: base, API_URL: api } = readEnv(COMMANDS_ENV, { read: ['BASE_URL', 'API_URL'] });
const out = 'docs/screenshots';
mkdirSync(out, { recursive: true });

const items = (await (await fetch(`${api}/all-items?category=pizza&limit=1`)).json()) as Array<{
  _id: string;
}>;
const guestPages = [
  ['home', '/'],
  ['menu', '/menu'],
  ['item', `/item-detail/${items[0]!._id}`],
  ['auth', '/auth'],
] as const;
// A day a week ahead with the room half full, for the Reservation page's free times and the owner's day:
// guests booked through the API, each from an address of its own (as behind the site server's /api).
const bookingDay = firstOpenDay(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
const guests = [
  ['Nadia Rahman', 2, '12:00'],
  ['Omar Faruk', 4, '12:30'],
  ['The Karims', 6, '13:00'],
  ['Rina Das', 3, '18:00'],
  ['Team dinner', 12, '19:00'],
  ['Sara Ahmed', 2, '19:30'],
  ['Imran Hossain', 5, '20:00'],
] as const;
for (const [i, [name, persons, time]] of guests.entries()) {
  await fetch(`${api}/reservations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i + 10}` },
    body: JSON.stringify({ name, email: `guest${i}@example.com`, persons, date: bookingDay, time }),
  });
}
const customer = DEMO_ACCOUNTS.find((account) => account.role === 'user')!;
const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;

async function signIn(page: Page, account: (typeof DEMO_ACCOUNTS)[number]) {
  await page.goto(`${base}/auth`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  // Signed in once /auth has sent the user on: a customer home, an admin to the Admin Dashboard.
  await page.waitForURL((url) => url.pathname !== '/auth');
}

async function shoot(page: Page, name: string, label: string) {
  await scrollThrough(page);
  await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: true });
}

/** The code the cart's screenshots carry, made as the owner makes one (Admin → Promotions). */
const PROMO_CODE = 'WELCOME10';

/**
 * The configurator (a Large Thin pizza with two toppings), then the cart with a promo code, checkout,
 * the sandbox payment page, the success page with its tracker, and My order with one order paid and one
 * whose payment was cancelled (Pay now and Order again).
 */
async function shop(page: Page, label: string) {
  await page.goto(`${base}/item-detail/${items[0]!._id}`, { waitUntil: 'networkidle' });
  await page.getByRole('radio', { name: /^Large/ }).check();
  await page.getByRole('radio', { name: /^Thin/ }).check();
  await page.getByRole('checkbox', { name: /^Olives/ }).check();
  await page.getByRole('checkbox', { name: /^Jalapeños/ }).check();
  await page.getByLabel('Special instructions').fill('Cut in squares');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  // The screen as the customer sees it while choosing: the options, and the add bar (on a phone it stays
  // at the bottom of the screen).
  await page.getByRole('group', { name: /^Size/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/configurator-${label}.png` });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByText(/item has been (added to your cart|already added)/).waitFor();
  await page.goto(`${base}/user-dashboard/my-cart`);
  await page.getByRole('link', { name: 'Process to Checkout' }).waitFor();
  const promo = page.getByRole('form', { name: 'Promo code' });
  await promo.getByLabel('Promo code').fill(PROMO_CODE);
  await promo.getByRole('button', { name: 'Apply' }).click();
  await page.getByText(`Discount (${PROMO_CODE})`).waitFor();
  await shoot(page, 'cart', label);
  await page.getByRole('link', { name: 'Process to Checkout' }).click();
  await page.getByLabel('Phone *').fill('01700 000000');
  await page.getByLabel('Address *').fill('12 Lake Road');
  await page.getByLabel('Postcode *').fill('1205');
  await page.getByLabel('City *').fill('Dhaka');
  await shoot(page, 'checkout', label);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('heading', { name: 'Sandbox payment' }).waitFor();
  await shoot(page, 'payment', label);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
  await page.getByRole('list', { name: 'Order progress' }).waitFor();
  await shoot(page, 'payment-success', label);
  // A second order, its payment cancelled on the gateway's page: My order offers to pay it.
  await page.goto(`${base}/item-detail/${items[0]!._id}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByText(/item has been (added to your cart|already added)/).waitFor();
  await page.goto(`${base}/user-dashboard/my-cart/checkout`);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('heading', { name: 'Sandbox payment' }).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/payment=cancelled/);
  await page.goto(`${base}/user-dashboard/my-order`);
  await page.getByRole('button', { name: 'Pay now' }).first().waitFor();
  await page.getByRole('list', { name: 'Order progress' }).first().waitFor();
  await shoot(page, 'orders', label);
  // The cancelled order's line is still in the cart: taken out, so the next width's run starts afresh
  // (and within what one address may hold).
  await page.goto(`${base}/user-dashboard/my-cart`);
  const lines = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
  await lines.first().waitFor();
  while ((await lines.count()) > 0) {
    const count = await lines.count();
    await lines
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await page.waitForFunction(
      (before) => document.querySelectorAll('[aria-label="Cart lines"] > li').length < before,
      count,
    );
  }
}

/** The kitchen's shots: this many open orders, and at least this many tickets' next step on screen. */
const KITCHEN_OPEN = 8;
const KITCHEN_ON_SCREEN = 6;
/** A ticket's next step button: 'Accept: order …', 'Start preparing: order …', 'Mark cash taken: order …'. */
const NEXT_STEP = `^(${[...Object.values(KITCHEN_STEP_ACTIONS), CASH_TAKEN_ACTION].join('|')}): order `;

interface KitchenFit {
  /** Each ticket in the page's order, whether it is in the Later rail and its next step wholly on screen. */
  tickets: Array<{ later: boolean; stepOnScreen: boolean }>;
  pageHeight: number;
  innerHeight: number;
}

/**
 * What a cook sees without scrolling the page: for each ticket, whether its next step button lies wholly
 * within the screen and within every box that clips it (a rail scrolled within itself), not covered by
 * anything; and how tall the page is beside the screen.
 */
const kitchenFit = (page: Page): Promise<KitchenFit> =>
  // No function is named inside: the page would be sent tsx's helper for names with it.
  page.evaluate((pattern) => {
    const step = new RegExp(pattern);
    const tickets = [...document.querySelectorAll<HTMLElement>('li[data-order]')].map((ticket) => {
      const later = ticket.closest('section')?.getAttribute('aria-labelledby') === 'later-title';
      const button = [...ticket.querySelectorAll<HTMLElement>('button')].find((b) =>
        step.test(b.getAttribute('aria-label') ?? ''),
      );
      if (!button) return { later, stepOnScreen: false };
      const r = button.getBoundingClientRect();
      const boxes = [{ left: 0, top: 0, right: innerWidth, bottom: innerHeight }];
      for (let box = button.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
          boxes.push(box.getBoundingClientRect());
      }
      const within = boxes.every(
        (b) =>
          r.left >= b.left - 0.5 &&
          r.top >= b.top - 0.5 &&
          r.right <= b.right + 0.5 &&
          r.bottom <= b.bottom + 0.5,
      );
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { later, stepOnScreen: r.width > 0 && within && hit !== null && button.contains(hit) };
    });
    return { tickets, pageHeight: document.scrollingElement!.scrollHeight, innerHeight };
  }, NEXT_STEP);

/**
 * The kitchen mode on a tablet held upright (768×1024) and on its side (1024×768), with 8 open orders:
 * the orders paid above, and phone orders the demo admin takes to make up the rest (pickups and
 * deliveries, options and an allergy, one for later; some accepted, one being made, one out). The
 * tablet keeps the shop's clock (the default SHOP_TIME_ZONE, as npm start runs the API). Each shot is
 * measured as a cook would find it: the first six tickets' next step on screen, the page not scrolling.
 */
async function kitchenShots(): Promise<void> {
  const page = await browser.newPage({
    viewport: { width: 768, height: 1024 },
    reducedMotion: 'reduce',
    timezoneId: DEFAULT_SHOP_TIME_ZONE,
  });
  await signIn(page, admin);
  const token = await page.evaluate((key) => localStorage.getItem(key), API_TOKEN_STORAGE_KEY);
  if (!token) throw new Error('The demo admin has no API token after signing in');
  const staff = [{ uid: admin.uid, token }];
  const board = (await (
    await fetch(`${api}/admin-kitchen-board?uid=${admin.uid}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as Order[];
  const waiting = board.some((order) => waitsForLater(order, Date.now()));
  await putKitchenOrders({
    api,
    staff,
    count: Math.max(0, KITCHEN_OPEN - board.length),
    later: waiting ? 0 : 1,
    moves: { out: 1, preparing: 1, accepted: 2 },
  });
  const problems: string[] = [];
  for (const [width, height, label] of [
    [768, 1024, 'portrait'],
    [1024, 768, 'landscape'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${base}/admin/kitchen`);
    await page.waitForFunction(
      (open) => document.querySelectorAll('li[data-order]').length >= open,
      KITCHEN_OPEN,
    );
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${out}/admin-kitchen-${label}.png` });
    const fit = await kitchenFit(page);
    const now = fit.tickets.filter((ticket) => !ticket.later);
    const firstSix = now.slice(0, KITCHEN_ON_SCREEN);
    const onScreen = fit.tickets.filter((ticket) => ticket.stepOnScreen).length;
    console.log(
      `Kitchen ${width}×${height}: ${fit.tickets.length} tickets (${now.length} now), next step wholly on screen for ${onScreen}; ` +
        `first ${firstSix.length}: ${firstSix.filter((t) => t.stepOnScreen).length}; page ${fit.pageHeight} px tall in ${fit.innerHeight} px`,
    );
    if (onScreen < KITCHEN_ON_SCREEN || firstSix.some((ticket) => !ticket.stepOnScreen))
      problems.push(`${label}: the first ${KITCHEN_ON_SCREEN} tickets' next step is not all on screen`);
    if (fit.pageHeight > fit.innerHeight) problems.push(`${label}: the page scrolls`);
  }
  // A ticket at arm's length: its options as large as the dish, the allergy set apart.
  await page
    .locator('li[data-order]')
    .filter({ hasText: 'No nuts' })
    .first()
    .screenshot({ path: `${out}/admin-kitchen-ticket.png` });
  await page.close();
  // The shots are kept either way: they show what is wrong.
  for (const problem of problems) console.error(`Kitchen mode: ${problem}`);
  if (problems.length > 0) process.exitCode = 1;
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
{
  // The code, 10 % off, added by the owner once (a later run finds it there and is told so).
  const owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(owner, admin);
  await owner.goto(`${base}/admin/promotions`);
  const form = owner.getByRole('form', { name: 'Add a promo code' });
  await form.getByLabel('Code').fill(PROMO_CODE);
  await form.getByLabel('Amount (percent, or tk)').fill('10');
  await form.getByRole('button', { name: 'Add code' }).click();
  await owner.getByRole('row').filter({ hasText: PROMO_CODE }).first().waitFor();
  await owner.close();
}
for (const [width, label] of [
  [1280, 'desktop'],
  [375, 'mobile'],
] as const) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  for (const [name, path] of guestPages) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await scrollThrough(page);
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: name !== 'home' });
  }
  // The Reservation page's free times for a party of six that day.
  await page.goto(`${base}/reservation`);
  const day = page.getByRole('form', { name: 'Day and party' });
  await day.getByLabel('Date').fill(bookingDay);
  await day.getByLabel('Persons').selectOption('6');
  await day.getByRole('button', { name: 'Find a table' }).click();
  await page.getByRole('list', { name: 'Free times' }).waitFor();
  await shoot(page, 'reservation-times', label);
  await signIn(page, customer);
  await page.goto(`${base}/user-dashboard/profile`);
  await page.getByText(customer.email).first().waitFor();
  await shoot(page, 'profile', label);
  await shop(page, label);
  await page.close();
  const adminPage = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  await signIn(adminPage, admin);
  // The owner's day, and the codes with their uses.
  await adminPage.goto(`${base}/admin`);
  await adminPage.getByText('Revenue paid today').waitFor();
  await shoot(adminPage, 'admin-today', label);
  await adminPage.goto(`${base}/admin/promotions`);
  await adminPage.getByRole('row').filter({ hasText: PROMO_CODE }).first().waitFor();
  await shoot(adminPage, 'admin-promotions', label);
  for (const name of ['manage-orders', 'manage-items'] as const) {
    await adminPage.goto(`${base}/admin/${name}`);
    await adminPage.getByRole('table').waitFor();
    await shoot(adminPage, `admin-${name}`, label);
  }
  // The owner's day: the room's timeline with that day's bookings, one picked.
  await adminPage.goto(`${base}/admin/reservations/day?date=${bookingDay}`);
  await adminPage
    .getByRole('button', { name: /Team dinner/ })
    .first()
    .click();
  await adminPage.getByRole('region', { name: 'Booking of Team dinner' }).waitFor();
  await shoot(adminPage, 'admin-reservations-day', label);
  await adminPage.close();
}
await kitchenShots();
await browser.close();
