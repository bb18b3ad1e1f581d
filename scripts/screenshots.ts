// Takes the README's screenshots of a running storefront: `npm start`, then `npm run screenshots`.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium.ts';

const base = process.env.BASE_URL ?? 'http://localhost:5173';
const api = process.env.API_URL ?? 'http://localhost:5000';
const out = 'docs/screenshots';
mkdirSync(out, { recursive: true });

const items = (await (await fetch(`${api}/all-items?category=pizza&limit=1`)).json()) as Array<{
  _id: string;
}>;
const pages = [
  ['home', '/'],
  ['menu', '/menu'],
  ['item', `/item-detail/${items[0]!._id}`],
] as const;

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const [width, label] of [
  [1280, 'desktop'],
  [375, 'mobile'],
] as const) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  for (const [name, path] of pages) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: name !== 'home' });
  }
  await page.close();
}
await browser.close();
