// Issue 35, item 4 in the browser: the kitchen board on a 768 px tablet prints a card's ticket (a
// delivery to be paid in cash) for a 58 and an 80 mm thermal roll. The page is seen as the printer sees it (print media, and the PDF the
// browser makes of it): the ticket alone, as wide as the roll, a long name kept inside it. The two
// layouts are the README's screenshots (docs/screenshots/kitchen-ticket-*.png).
import { expect, type Page, test } from '@playwright/test';
import type { MenuItem } from '../../contract/menu.ts';
import { formatAdminPrice, toCents } from '../../contract/money.ts';
import { type Order, orderNumberText } from '../../contract/order.ts';
import type { PaymentMethod } from '../../contract/order-lifecycle.ts';
import { DEFAULT_PAYMENT_SETTINGS } from '../../contract/payment-settings.ts';
import { E2E } from '../../playwright.config.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { notifyPayment, placeOrder, regularCustomer, Staff } from '../flows/support/backstage.ts';
import { findItem } from './api.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signIn } from './support/accounts.ts';

const [admin] = DEMO_ACCOUNTS;
test.use({ timezoneId: E2E.shopTimeZone });

/** A name as long as a shipping form takes in two words' worth of lines at 58 mm. */
const LONG_NAME = 'Muhammad Abdullah Al-Mahmud Chowdhury Khandaker';
/** A CSS pixel is 1/96 inch: a roll's width in pixels. */
const mmToPx = (mm: number) => (mm * 96) / 25.4;
/** A PDF point is 1/72 inch: a roll's width in points. */
const mmToPt = (mm: number) => (mm * 72) / 25.4;

/** The choice ids of a seeded pizza's options, by name: a Large Thin with olives and jalapeños. */
function choices(item: MenuItem, names: readonly string[]): string[] {
  const all = (item.options ?? []).flatMap((group) => group.choices);
  return names.map((name) => {
    const choice = all.find((candidate) => candidate.name === name);
    if (!choice) throw new Error(`${item.name} has no choice ${name}`);
    return choice._id;
  });
}

/** Prints what the page would print, on `roll` mm: the ticket alone, within the roll's width. */
async function expectTicketAlone(page: Page, order: Order, roll: 58 | 80) {
  await page.emulateMedia({ media: 'print' });
  const ticket = page.getByRole('article', { name: `Ticket for order ${order.transaction_id}` });
  await expect(ticket).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kitchen' })).toBeHidden();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const box = (await ticket.boundingBox())!;
  expect(box.width).toBeCloseTo(mmToPx(roll), 0);
  // Every word inside the ticket's box: a long name wraps instead of running off the roll.
  const overflowing = await ticket.evaluate((element) => {
    const right = element.getBoundingClientRect().right;
    return [...element.querySelectorAll('*')]
      .filter((child) => child.getBoundingClientRect().right > right + 0.5)
      .map((child) => child.textContent);
  });
  expect(overflowing).toEqual([]);
  await expect(ticket).toContainText(LONG_NAME);
  await expect(ticket).toContainText(orderNumberText(order));
  await expect(ticket).toContainText('Large · Thin · +Olives, +Jalapeños');
  await expect(ticket).toContainText('“No onions, extra crispy”');
  await expect(ticket).toContainText(`Collect in cash${formatAdminPrice(toCents(order.total_price))}`);
  await ticket.screenshot({ path: `docs/screenshots/kitchen-ticket-${roll}mm.png` });

  // The PDF the browser prints: one page, the roll's width (the page's margins none, so no URL or date).
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
  expect(boxes).toHaveLength(1);
  expect(Number(boxes[0]![1])).toBeCloseTo(mmToPt(roll), 0);
  await page.emulateMedia({ media: 'screen' });
}

test('the kitchen prints a card’s ticket for a 58 and an 80 mm roll, and one as it accepts an order', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const staff = await Staff.signIn(request);
  // As soon as possible whatever the hour the suite runs at.
  await staff.openAroundTheClock(true);
  await staff.api.call('PUT', 'admin-payment-settings', { ...DEFAULT_PAYMENT_SETTINGS, cash: true });
  const made: Order[] = [];
  try {
    const pizza = await findItem(request, (item) => item.category === 'pizza' && item.quantity >= 4);
    const detail = (await (await request.get(`/api/item-detail/${pizza._id}`)).json()) as MenuItem;
    const { account, api } = await regularCustomer(request, 'Ticket Customer', 1);
    const order = async (method: PaymentMethod) => {
      await api.call('POST', 'add-to-cart', {
        itemId: pizza._id,
        quantity: 2,
        choices: choices(detail, ['Large', 'Thin', 'Olives', 'Jalapeños']),
        instructions: 'No onions, extra crispy',
      });
      const placed = await placeOrder(api, LONG_NAME, account.email, 'delivery', method);
      made.push(placed);
      if (method === 'online') await notifyPayment(placed, 'paid');
      return placed;
    };
    const printed = await order('cash');
    const accepted = await order('online');

    // The tablet's print dialog, counted instead of shown.
    await page.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed =
          ((window as unknown as { printed?: number }).printed ?? 0) + 1;
      };
    });
    const prints = () => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0);
    // Signed in where the account link shows in the bar, then held as a tablet.
    await signIn(page, admin);
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/admin/kitchen');
    const card = page.getByRole('listitem', { name: new RegExp(printed.transaction_id) });
    await expect(card).toBeVisible();
    // The roll, printing on acceptance and each card's Print ticket, checked by axe.
    await expectNoSeriousViolations(page, 'the kitchen board with its ticket printer');

    // The printer's settings are set once per device: folded away under Printer.
    await page.getByText('Printer', { exact: true }).click();
    await page.getByText('58 mm').click();
    await card.getByRole('button', { name: `Print ticket: order ${printed.transaction_id}` }).click();
    await expect.poll(prints).toBe(1);
    await expectTicketAlone(page, printed, 58);

    await page.getByText('80 mm').click();
    await card.getByRole('button', { name: `Print ticket: order ${printed.transaction_id}` }).click();
    await expect.poll(prints).toBe(2);
    await expectTicketAlone(page, printed, 80);

    // Printing on acceptance: accepting the other order prints its ticket, once.
    await page.getByRole('button', { name: 'Print when accepted' }).click();
    await page.getByRole('button', { name: `Accept: order ${accepted.transaction_id}` }).click();
    await expect.poll(prints).toBe(3);
    await expect(
      page.getByRole('article', { name: `Ticket for order ${accepted.transaction_id}`, includeHidden: true }),
    ).toBeAttached();
    // A reload prints nothing again, the settings as left.
    await page.reload();
    await page.getByText('Printer', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Print when accepted' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('radio', { name: '80 mm' })).toBeChecked();
    await expect(page.getByRole('listitem', { name: new RegExp(accepted.transaction_id) })).toBeVisible();
    expect(await prints()).toBe(0);
  } finally {
    await staff.openAroundTheClock(false);
    await staff.api.call('PUT', 'admin-payment-settings', DEFAULT_PAYMENT_SETTINGS);
    // Off the board for the specs after: the cash order cancelled, the paid one owed back.
    for (const { _id, payment_method } of made)
      await staff.moveOrder(_id, payment_method === 'cash' ? 'cancelled' : 'refund_due').catch(() => {});
  }
});
