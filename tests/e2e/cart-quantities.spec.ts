// Issue 14, quantities in place, at 375 and 1280 px: My cart changes a line's quantity (the Order Summary
// and the navbar follow, a refused change goes back), a customer adds from the Menu's cards (which then
// count it, with − and +), and a guest's Add survives the sign-in detour (issue 30).
import { expect, type Page, test } from '@playwright/test';
import { cartTotals } from '../../contract/cart.ts';
import type { MenuItem } from '../../contract/menu.ts';
import { findItem } from './api.ts';
import { mainNav, passwordField, register, unique } from './support/accounts.ts';
import { answerDialog } from './support/dialog.ts';
import { addToCart } from './support/shop.ts';

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const tk = (amount: number) => `${amount.toFixed(2)} tk`;

/** The navbar's cart: the phone header's button (count), or the desktop link (count and total). */
async function expectNavbarCart(page: Page, count: number, total: number) {
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    const button = page.getByRole('banner').getByRole('link', { name: `Cart: ${count} items`, exact: true });
    await expect(button).toBeVisible();
  } else {
    await expect(
      mainNav(page).getByRole('link', { name: `Cart: ${count} items, ${total.toFixed(2)}` }),
    ).toBeVisible();
  }
}

/** Registers at desktop width (the navbar's account link shows there), then takes the viewport. */
async function registerAt(page: Page, viewport: typeof PHONE, name: string) {
  await page.setViewportSize(DESKTOP);
  await register(page, name, `${name.split(' ')[0]!.toLowerCase()}-${unique()}@pizzon.test`);
  await page.setViewportSize(viewport);
}

const quickAdd = (page: Page, item: MenuItem) =>
  page.getByRole('button', { name: `Add ${item.name} to cart` });

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('My cart changes a line’s quantity in place; the Order Summary and the navbar follow', async ({
      page,
      request,
    }) => {
      const pizza = await findItem(request, (i) => i.category === 'pizza' && i.quantity >= 10);
      const drink = await findItem(request, (i) => i.category === 'drink' && i.quantity >= 10);
      await registerAt(page, viewport, 'Shila Akter');
      await addToCart(page, pizza, 1);
      await addToCart(page, drink, 2);

      await page.goto('/user-dashboard/my-cart');
      const pizzaLine = page
        .getByRole('list', { name: 'Cart lines' })
        .getByRole('listitem')
        .filter({ hasText: pizza.name });
      const quantity = pizzaLine.getByRole('status', { name: 'Quantity' });
      const increase = pizzaLine.getByRole('button', { name: 'Increase quantity' });
      const decrease = pizzaLine.getByRole('button', { name: 'Decrease quantity' });
      const summary = page.getByRole('complementary');
      const expectCart = async (pizzas: number) => {
        const totals = cartTotals([
          { price: pizza.price, quantity: pizzas },
          { price: drink.price, quantity: 2 },
        ]);
        await expect(quantity).toHaveText(String(pizzas));
        await expect(summary).toContainText(`Item(s) Subtotal${tk(totals.totalPriceWithoutShipping)}`);
        await expect(summary).toContainText(`Shipping${tk(totals.totalShipping)}`);
        await expect(summary).toContainText(`Amount Payable${tk(totals.totalPrice)}`);
        await expectNavbarCart(page, totals.totalQty, totals.totalPrice);
      };
      await expectCart(1);
      await expect(decrease).toBeDisabled();
      // Touch-sized steps.
      const box = (await increase.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);

      // The server's answer to a save is the line as stored.
      const saved = (quantity: number) =>
        page.waitForResponse(
          async (response) =>
            /\/cart-line\//.test(new URL(response.url()).pathname) &&
            response.request().method() === 'PATCH' &&
            response.ok() &&
            ((await response.json()) as { quantity: number }).quantity === quantity,
        );
      const savedThree = saved(3);
      await increase.click();
      await increase.click();
      await expectCart(3);
      // Saved: a fresh page reads 3 from the server, once the last save has landed.
      await savedThree;
      await page.reload();
      await expectCart(3);

      // The stock ran out meanwhile: the server refuses, the line goes back and says why.
      const refusal = `Only 3 ${pizza.name} left in stock`;
      await page.route('**/cart-line/*', (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ message: refusal }),
        }),
      );
      await increase.click();
      await expect(page.getByText(refusal)).toBeVisible();
      await expectCart(3);
      await page.unroute('**/cart-line/*');

      const savedTwo = saved(2);
      await decrease.click();
      await expectCart(2);
      await savedTwo;
      await page.reload();
      await expectCart(2);
    });

    test('a customer adds from the Menu’s cards; a guest sees no Add', async ({ page, request }) => {
      const pizza = await findItem(request, (i) => i.category === 'pizza' && i.quantity >= 5);
      const soldOut = await findItem(request, (i) => i.quantity === 0);
      await page.goto('/menu');
      await expect(page.getByRole('link', { name: new RegExp(pizza.name) })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('button', { name: /^Add .+ to cart$/ })).toHaveCount(0);

      await registerAt(page, viewport, 'Rumana Haque');
      await page.goto('/menu');
      await expect(quickAdd(page, pizza)).toBeVisible();
      await expect(quickAdd(page, soldOut)).toHaveCount(0);
      // The card still opens the item page; the Add is beside its link, not in it.
      await expect(page.getByRole('link', { name: new RegExp(pizza.name) })).toHaveAttribute(
        'href',
        `/item-detail/${pizza._id}`,
      );
      const box = (await quickAdd(page, pizza).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);

      await quickAdd(page, pizza).click();
      await expect(page.getByText(`"${pizza.name}" item has been added to your cart`)).toBeVisible();
      const { totalPrice } = cartTotals([{ price: pizza.price, quantity: 1 }]);
      await expectNavbarCart(page, 1, totalPrice);
      if (viewport === PHONE) {
        await expect(page.getByRole('link', { name: `View cart: 1 items, ${tk(totalPrice)}` })).toBeVisible();
      }
      // In the cart, the card counts it: + is one more, − one less, and − on the last takes it out.
      const count = page.getByRole('status', { name: `${pizza.name} in your cart` });
      await expect(count).toHaveText('1');
      await expect(quickAdd(page, pizza)).toHaveCount(0);
      await page.getByRole('button', { name: `One more ${pizza.name}` }).click();
      await expect(count).toHaveText('2');
      await expectNavbarCart(page, 2, cartTotals([{ price: pizza.price, quantity: 2 }]).totalPrice);
      await page.getByRole('button', { name: `One less ${pizza.name}` }).click();
      await expect(count).toHaveText('1');
      await page.getByRole('button', { name: `One less ${pizza.name}` }).click();
      await expect(quickAdd(page, pizza)).toBeVisible();
      await expectNavbarCart(page, 0, 0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
    });

    test('a guest’s Add, with its options, is made once they have signed up', async ({ page, request }) => {
      const pizza = await findItem(request, (i) => i.category === 'pizza' && i.quantity >= 5);
      const { options } = (await (await request.get(`/api/item-detail/${pizza._id}`)).json()) as MenuItem;
      const large = options!.find((group) => group.name === 'Size')!.choices.find((c) => c.name === 'Large')!;
      const unit = pizza.price + large.priceDelta;
      await page.goto(`/item-detail/${pizza._id}`);
      const quantity = page.getByRole('status', { name: 'Quantity' });
      await expect(quantity).toHaveText('1');
      await page.waitForLoadState('networkidle');
      await page.getByRole('radio', { name: /^Large/ }).check();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await expect(quantity).toHaveText('3');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await answerDialog(page, 'Login');
      await expect(page).toHaveURL(/\/auth\?redirect=/);

      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByLabel('Name').fill('Mou Sultana');
      await page.getByLabel('Email').fill(`mou-${unique()}@pizzon.test`);
      await passwordField(page).fill('pizza1');
      await page.locator('form').getByRole('button', { name: 'Register' }).click();

      // Back on the item, the addition made for them: a toast says so, the cart holds it.
      await expect(page).toHaveURL(new RegExp(`/item-detail/${pizza._id}$`));
      await expect(page.getByText(`"${pizza.name}" item has been added to your cart`)).toBeVisible();
      const totalPrice = cartTotals([{ price: unit, quantity: 3 }]).totalPrice;
      await expectNavbarCart(page, 3, totalPrice);

      // Made once: a reload adds nothing more.
      await page.reload();
      await page.waitForLoadState('networkidle');
      await expectNavbarCart(page, 3, totalPrice);
      await page.goto('/user-dashboard/my-cart');
      const lines = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
      await expect(lines).toHaveCount(1);
      await expect(lines).toContainText('Large · Classic');
      await expect(lines).toContainText(`${tk(unit)} × 3`);
    });
  });
}
