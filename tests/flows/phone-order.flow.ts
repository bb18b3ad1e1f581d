// Kitchen → New order (machines/phone-order.machine.ts) replayed in the browser: staff pick a dish of
// the flow's own (configured, its quantity set, added, removed), fill the caller's name and phone,
// switch between pickup and delivery, choose a later time, and take the order; its payment link's text
// is shown, then another order is started. Each effect's failure is the call not getting through.
import { expect, type Page } from '@playwright/test';
import { estimateText, type OrderSlots } from '../../contract/kitchen.ts';
import type { MenuItem } from '../../contract/menu.ts';
import { formatAdminPrice, toCents } from '../../contract/money.ts';
import { type PhoneOrderContext, phoneOrderMachine } from '../../machines/phone-order.machine.ts';
import { signIn } from '../e2e/support/accounts.ts';
import { ADMIN, Staff } from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { type WorldSnapshot, withSilentEffects } from './support/graph.ts';

const UNREACHABLE = 'We could not reach Pizzon. Check your connection and try again.';

interface World extends Fixtures {
  staff: Staff;
  dish: MenuItem;
  menu: Gate;
  item: Gate;
  slots: Gate;
  take: Gate;
}

/** The planner's dish (the page has the flow's own, by name): an id as the menu gives one, no options. */
const PLANNED: MenuItem = {
  _id: '00000000-0000-4000-8000-0000000000f1',
  name: 'Flow Phone Dish',
  price: 12,
  quantity: 40,
  image: '/images/menu/margherita.jpg',
  category: 'pizza',
  description: 'Made for a model-based flow.',
  options: [],
};
const SLOTS: OrderSlots = {
  asap: { minutes: 20, dueAt: '2026-11-27T12:00:00.000Z' },
  slots: [{ at: '2026-11-28T12:00:00.000Z', date: '2026-11-28', time: '18:00' }],
  opensAt: null,
};
const TAKEN = { order: { transaction_id: 'PZ' }, payment_link: 'link', sms_text: 'text', mailed: false };

const contextOf = (snapshot: { context: unknown }) => snapshot.context as PhoneOrderContext;
const LABELS = { fullName: 'Customer’s name *', phone: 'Phone *', postcode: 'Postcode *' } as const;
const PAYMENT_LABELS = { online: /^Payment link/, cash: /^Cash/ } as const;
const form = (page: Page) => page.getByRole('form', { name: 'New order' });

flowTests<World, Record<string, never>>({
  machine: withSilentEffects(phoneOrderMachine),
  server: {},
  events: (snapshot) => {
    const context = contextOf(snapshot);
    const events: Array<{ type: string; [key: string]: unknown }> = [];
    if (snapshot.matches('loading'))
      events.push(
        { type: 'xstate.done.actor.loadMenu', output: [PLANNED] },
        { type: 'xstate.error.actor.loadMenu', error: new Error(UNREACHABLE) },
      );
    if (snapshot.matches('failed')) events.push({ type: 'menu.retry' });
    if (snapshot.matches('submitting'))
      events.push(
        { type: 'xstate.done.actor.takePhoneOrder', output: TAKEN },
        { type: 'xstate.error.actor.takePhoneOrder', error: new Error(UNREACHABLE) },
      );
    if (snapshot.matches('taken')) events.push({ type: 'order.another' });
    if (!snapshot.matches('editing')) return events as never;

    if (snapshot.matches({ editing: { times: 'loading' } }))
      events.push(
        { type: 'xstate.done.actor.loadSlots', output: SLOTS },
        { type: 'xstate.error.actor.loadSlots', error: new Error(UNREACHABLE) },
      );
    if (snapshot.matches({ editing: { line: 'loading' } }))
      events.push(
        { type: 'xstate.done.actor.loadItem', output: PLANNED },
        { type: 'xstate.error.actor.loadItem', error: new Error(UNREACHABLE) },
      );
    if (snapshot.matches({ editing: { line: 'idle' } }) && context.lines.length === 0)
      events.push({ type: 'item.pick', itemId: PLANNED._id });
    if (snapshot.matches({ editing: { line: 'configuring' } }))
      events.push(
        ...(context.draft?.quantity === 1 ? [{ type: 'draft.quantity', quantity: 2 }] : []),
        { type: 'draft.add', choices: [], instructions: '' },
        { type: 'draft.cancel' },
      );
    if (context.lines.length > 0) {
      events.push({ type: 'line.remove', index: 0 });
      // A delivery's postcode is its area: the times are asked again for its rider.
      if (context.orderType === 'delivery' && context.form.fullName === '' && context.form.postcode === '')
        events.push({ type: 'field.change', field: 'postcode', value: '1205' });
      if (context.form.fullName === '')
        events.push({ type: 'field.change', field: 'fullName', value: 'Karim Uddin' });
      else if (context.form.phone === '')
        events.push({ type: 'field.change', field: 'phone', value: '01811 222333' });
      events.push({ type: 'type.set', orderType: context.orderType === 'pickup' ? 'delivery' : 'pickup' });
    }
    if (snapshot.matches({ editing: { times: 'ready' } }) && context.slots !== null && context.slot === null)
      events.push({ type: 'slot.set', slot: SLOTS.slots[0]!.at });
    events.push(
      { type: 'payment.set', method: context.paymentMethod === 'online' ? 'cash' : 'online' },
      { type: 'order.submit', orderTime: 'November 27,2026 07:30:00 PM' },
    );
    return events as never;
  },
  timeoutMs: 120_000,

  calls: {
    loadMenu: { gate: (world) => world.menu },
    loadItem: { gate: (world) => world.item },
    loadSlots: { gate: (world) => world.slots },
    takePhoneOrder: { gate: (world) => world.take },
  },

  async setup(fixtures) {
    const { page, request } = fixtures;
    const staff = await Staff.signIn(request);
    await staff.openAroundTheClock(true);
    const dish = await staff.addItem('Flow Phone Dish', 40);
    await signIn(page, ADMIN);
    const gate = (name: string, method: string, path: RegExp) =>
      Gate.on(page, name, (r) => r.method() === method && path.test(new URL(r.url()).pathname));
    const world = {
      ...fixtures,
      staff,
      dish,
      menu: await gate('GET /all-items', 'GET', /\/api\/all-items$/),
      item: await gate('GET /item-detail/:id', 'GET', /\/api\/item-detail\/[^/]+$/),
      slots: await gate('GET /order-slots', 'GET', /\/api\/order-slots$/),
      take: await gate('POST /admin-phone-order', 'POST', /\/api\/admin-phone-order$/),
    };
    await page.goto('/admin/kitchen/new-order');
    return world;
  },
  async teardown({ staff, dish, menu, item, slots, take }) {
    for (const gate of [menu, item, slots, take]) await gate.open();
    await staff.deleteItem(dish._id);
  },

  actions: {
    async 'xstate.done.actor.loadMenu'({ menu }) {
      await menu.release();
    },
    async 'xstate.error.actor.loadMenu'({ menu }) {
      await menu.fail();
    },
    async 'menu.retry'({ page }) {
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    async 'xstate.done.actor.loadSlots'({ slots }) {
      await slots.release();
    },
    async 'xstate.error.actor.loadSlots'({ slots }) {
      await slots.fail();
    },
    async 'item.pick'({ page, dish }) {
      await page
        .getByLabel('Menu item')
        .selectOption({ label: `${dish.name} — ${formatAdminPrice(toCents(dish.price))}` });
      await page.getByRole('button', { name: 'Choose options' }).click();
    },
    async 'xstate.done.actor.loadItem'({ item }) {
      await item.release();
    },
    async 'xstate.error.actor.loadItem'({ item }) {
      await item.fail();
    },
    async 'draft.quantity'({ page }, { event }) {
      await page.getByLabel('Quantity').fill(String((event as unknown as { quantity: number }).quantity));
    },
    async 'draft.add'({ page }) {
      await page.getByRole('button', { name: 'Add to order' }).click();
    },
    async 'draft.cancel'({ page }) {
      await page.getByRole('button', { name: 'Cancel' }).click();
    },
    async 'line.remove'({ page }) {
      await page.getByRole('button', { name: /^Remove / }).click();
    },
    async 'field.change'({ page }, { event }) {
      const { field, value } = event as unknown as { field: keyof typeof LABELS; value: string };
      await page.getByLabel(LABELS[field]).fill(value);
    },
    async 'type.set'({ page }, { event }) {
      const { orderType } = event as unknown as { orderType: 'pickup' | 'delivery' };
      await page.getByRole('radio', { name: orderType === 'pickup' ? 'Pickup' : 'Delivery' }).check();
    },
    // The last later time the kitchen offers now (the planner's stands for it): days away, it stays
    // offered when a line added after it makes the order longer to prepare (the times are asked again).
    async 'slot.set'({ page }) {
      const when = page.getByLabel('When', { exact: true });
      await when.selectOption({ index: (await when.locator('option').count()) - 1 });
    },
    async 'payment.set'({ page }, { event }) {
      const { method } = event as unknown as { method: 'online' | 'cash' };
      await page.getByRole('radio', { name: PAYMENT_LABELS[method] }).check();
    },
    async 'order.submit'({ page }) {
      await page.getByRole('button', { name: 'Take order' }).click();
    },
    async 'xstate.done.actor.takePhoneOrder'({ take }) {
      await take.release();
    },
    async 'xstate.error.actor.takePhoneOrder'({ take }) {
      await take.fail();
    },
    async 'order.another'({ page }) {
      await page.getByRole('button', { name: 'Take another order' }).click();
    },
  },

  screens: {
    async 'phoneOrder.loading'({ page }) {
      await expect(page.getByRole('status').filter({ hasText: 'Reading the menu…' })).toBeVisible();
    },
    async 'phoneOrder.failed'({ page }) {
      await expect(page.getByRole('alert').filter({ hasText: UNREACHABLE })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    async 'phoneOrder.editing'({ page, dish }, { machine }: WorldSnapshot<Record<string, never>>) {
      const { lines, problem, error, orderType, paymentMethod, form: details } = contextOf(machine);
      await expect(page.getByRole('button', { name: 'Take order' })).toBeEnabled();
      await expect(page.getByRole('radio', { name: PAYMENT_LABELS[paymentMethod] })).toBeChecked();
      await expect(
        page.getByRole('radio', { name: orderType === 'pickup' ? 'Pickup' : 'Delivery' }),
      ).toBeChecked();
      await expect(page.getByLabel('Address *')).toHaveCount(orderType === 'delivery' ? 1 : 0);
      await expect(page.getByLabel(LABELS.fullName)).toHaveValue(details.fullName);
      const shown = page.getByRole('list', { name: 'Order lines' });
      if (lines.length > 0) await expect(shown).toContainText(`${lines[0]!.quantity} × ${dish.name}`);
      else await expect(shown).toHaveCount(0);
      if (problem) await expect(page.getByText(problem.message).first()).toBeVisible();
      if (error) await expect(page.getByRole('alert').filter({ hasText: error })).toBeVisible();
    },
    async 'phoneOrder.editing.times'() {},
    async 'phoneOrder.editing.times.loading'({ page, slots }) {
      await expect(page.getByLabel('When', { exact: true })).toBeDisabled();
      await expect.poll(() => slots.holding, { message: 'the times have been asked for' }).toBe(true);
    },
    async 'phoneOrder.editing.times.ready'(
      { page, slots },
      { machine }: WorldSnapshot<Record<string, never>>,
    ) {
      const { slot } = contextOf(machine);
      const when = page.getByLabel('When', { exact: true });
      await expect(when).toBeEnabled();
      // The estimate staff tell the caller: the server's, for these lines.
      // None once a read of the times failed: the machine forgets the last ones.
      const told = contextOf(machine).slots && ((await slots.answered()) as OrderSlots);
      const asap = told ? told.asap : null;
      await expect(when.locator('option[value=""]')).toHaveText(
        asap ? `As soon as possible (${estimateText(asap.minutes)})` : 'As soon as possible',
      );
      if (slot === null) await expect(when).toHaveValue('');
      else await expect(when).not.toHaveValue('');
    },
    async 'phoneOrder.editing.line'() {},
    async 'phoneOrder.editing.line.idle'({ page }) {
      await expect(page.getByRole('button', { name: 'Add to order' })).toHaveCount(0);
      await expect(page.getByRole('group', { name: 'Items' })).not.toHaveAttribute('aria-busy', 'true');
    },
    async 'phoneOrder.editing.line.loading'({ page, item }) {
      await expect(page.getByRole('group', { name: 'Items' })).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => item.holding, { message: 'the item has been asked for' }).toBe(true);
    },
    async 'phoneOrder.editing.line.configuring'(
      { page, dish },
      { machine }: WorldSnapshot<Record<string, never>>,
    ) {
      await expect(page.getByRole('heading', { name: new RegExp(`^${dish.name}`) })).toBeVisible();
      await expect(page.getByLabel('Quantity')).toHaveValue(String(contextOf(machine).draft!.quantity));
      await expect(page.getByRole('button', { name: 'Add to order' })).toBeEnabled();
    },
    async 'phoneOrder.submitting'({ page, take }) {
      await expect(form(page)).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => take.holding, { message: 'the order has been sent' }).toBe(true);
    },
    async 'phoneOrder.taken'({ page }, { machine }: WorldSnapshot<Record<string, never>>) {
      await expect(
        page.getByRole('heading', { name: /^Order PZ[0-9A-F]{24} is on the board/ }),
      ).toBeVisible();
      if (contextOf(machine).paymentMethod === 'cash')
        await expect(page.getByText(/^Cash to collect: Tk [\d.]+\.$/)).toBeVisible();
      else await expect(page.getByLabel('Text to send the customer')).toHaveValue(/Pay here: http/);
    },
  },
});
