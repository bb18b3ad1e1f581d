// Takes the README's screenshots of a running storefront: `npm start`, then `npm run screenshots`.
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../server/seed/demo-accounts.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium.ts';

const base = process.env.BASE_URL ?? 'http://localhost:5173';
const api = process.env.API_URL ?? 'http://localhost:5000';
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
const customer = DEMO_ACCOUNTS.find((account) => account.role === 'user')!;

async function signIn(page: Page) {
  await page.goto(`${base}/auth`);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  // Signed in once /auth has sent the customer home.
  await page.waitForURL(`${base}/`);
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const [width, label] of [
  [1280, 'desktop'],
  [375, 'mobile'],
] as const) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  for (const [name, path] of guestPages) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: name !== 'home' });
  }
  await signIn(page);
  await page.goto(`${base}/user-dashboard/profile`, { waitUntil: 'networkidle' });
  await page.getByText(customer.email).first().waitFor();
  await page.screenshot({ path: `${out}/profile-${label}.png`, fullPage: true });
  await page.close();
}
await browser.close();
