import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { menu } from './api.ts';
import { mainNav, register, unique } from './support/accounts.ts';
import { buyAndPay } from './support/shop.ts';

// `npm start` prints localhost and listens on 127.0.0.1: people type either. The storefront calls its
// API under its own origin (/api), so both work, and a payment comes back to the address it left from.
const addresses = [E2E.baseURL, `http://127.0.0.1:${E2E.ports.web}`];

for (const address of addresses) {
  test.describe(`the storefront at ${address}`, () => {
    test.use({ baseURL: address });

    test('shows the menu, signs a customer in, and takes them through a paid order', async ({
      page,
      request,
    }) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /CORS|blocked/i.test(message.text())) refused.push(message.text());
      });
      const pizza = (await menu(request)).find((item) => item.category === 'pizza' && item.quantity > 0)!;

      await page.goto('/menu');
      await expect(page.getByRole('heading', { name: pizza.name }).first()).toBeVisible();
      await expect(page.getByText('We could not load the menu')).toHaveCount(0);

      const name = 'Nadia Islam';
      await register(page, name, `nadia-${unique()}@pizzon.test`);
      const transactionId = await buyAndPay(page, pizza);
      // Back at the same address, still signed in (a browser keeps a sign-in per origin).
      expect(new URL(page.url()).origin).toBe(address);
      await expect(mainNav(page).getByRole('link', { name: `${name}'s account` })).toBeVisible();

      await page.goto('/user-dashboard/my-order');
      await expect(page.getByText(transactionId)).toBeVisible();
      expect(refused).toEqual([]);
    });
  });
}
