import { expect, test } from '@playwright/test';
import { ROUTE_LIST } from '../../contract/routes.ts';

test('the API reference at /api/docs shows every route from the storefront’s own origin, and tries one', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:'))
      elsewhere.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  page.on('pageerror', (error) => refused.push(error.message));

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Pizzon API/ })).toBeVisible();
  // One block per route of the table.
  await expect(page.locator('.opblock')).toHaveCount(ROUTE_LIST.length);

  // "Try it out" calls the API where the document was read: the storefront's /api.
  const status = page.locator('#operations-Menu-shopStatus');
  await status.locator('.opblock-summary').click();
  await status.getByRole('button', { name: 'Try it out' }).click();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/shop-status');
  await status.getByRole('button', { name: 'Execute' }).click();
  expect((await answered).status()).toBe(200);
  await expect(status.locator('.response .response-col_status').first()).toContainText('200');

  expect(elsewhere).toEqual([]);
  expect(refused).toEqual([]);
});
