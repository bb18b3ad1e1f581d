// How long Manage orders takes to show its first page in Chromium with a year of orders: the demo
// admin signs in once (as a person would, on /auth), then opens the page afresh several times.
import type { Browser } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';

/** Milliseconds from asking for the page to its first row painted, each time it was opened. */
export async function manageOrdersPaint(browser: Browser, siteUrl: string, times: number): Promise<number[]> {
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${siteUrl}/auth`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.locator('form').getByRole('button', { name: 'Login' }).click();
    await page.getByRole('link', { name: `${admin.displayName}'s account` }).waitFor();
    const painted: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = Date.now();
      await page.goto(`${siteUrl}/admin/manage-orders`);
      await page.locator('tbody tr').first().waitFor({ state: 'visible', timeout: 30_000 });
      painted.push(Date.now() - started);
    }
    return painted;
  } finally {
    await context.close();
  }
}
