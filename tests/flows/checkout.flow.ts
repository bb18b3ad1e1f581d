// Checkout (machines/checkout.machine.ts) replayed on /user-dashboard/my-cart/checkout: a customer with
// an address on their profile (what the page remembers) and a dish of the flow's own in the cart. The
// server's refusal is real: the dish sells out before the order is placed.
import { expect, type Page } from '@playwright/test';
import type { MenuItem } from '../../contract/menu.ts';
import type { ShippingField } from '../../contract/order.ts';
import { checkoutMachine, type ShippingForm } from '../../machines/checkout.machine.ts';
import { signIn } from '../e2e/support/accounts.ts';
import { type Account, newCustomer, Staff } from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { withSilentEffects } from './support/graph.ts';

const NAME = 'Flow Checkout';
const DISH_NAME = 'Flow Dish';
const REMEMBERED = { address: '12 Lake Road' };
const TYPED: Partial<ShippingForm> = { phone: '01700 000000', postcode: '1205', city: 'Dhaka' };
const LABELS: Record<ShippingField, string> = {
  fullName: 'Full name *',
  email: 'Email (optional)',
  phone: 'Phone *',
  address: 'Address *',
  postcode: 'Postcode *',
  city: 'City *',
};

interface World extends Fixtures {
  account: Account;
  staff: Staff;
  dish: MenuItem;
  remember: Gate;
  create: Gate;
}

/** Whether the page's look-up of what the customer gave before has answered. */
type Server = { remembered: boolean };
type Context = {
  shipping: ShippingForm;
  error: string | null;
  invalidField: ShippingField | null;
};
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;

const shippingForm = (page: Page) => page.getByRole('form', { name: 'Shipping Details' });
/** The dish's real name carries the run's suffix. */
const shown = (text: string, { dish }: World) => text.replace(DISH_NAME, dish.name);

flowTests<World, Server>({
  machine: withSilentEffects(checkoutMachine),
  // The signed-in customer's name and e-mail (the e-mail is compared with the account's own).
  input: { fullName: NAME, email: 'account@pizzon.test' },
  server: { remembered: false },
  events: (snapshot, server) => {
    if (snapshot.matches('submitting')) {
      return [
        { type: 'xstate.done.actor.createPayment', output: 'the sandbox payment page' },
        { type: 'xstate.error.actor.createPayment', error: new Error(`${DISH_NAME} is no longer in stock`) },
      ];
    }
    const { shipping } = contextOf(snapshot);
    return [
      ...(server.remembered ? [] : [{ type: 'xstate.done.actor.rememberShipping', output: REMEMBERED }]),
      ...(Object.entries(TYPED) as Array<[ShippingField, string]>)
        .filter(([field]) => shipping[field] === '')
        .map(([field, value]) => ({ type: 'SHIPPING_INPUT', field, value })),
      { type: 'checkout.submit', total_price: 0, order_time: 'now' },
    ];
  },
  serverAfter: (server, event) =>
    event.type === 'xstate.done.actor.rememberShipping' ? { remembered: true } : server,
  label: (event) =>
    event.type === 'SHIPPING_INPUT'
      ? `SHIPPING_INPUT ${(event as unknown as { field: string }).field}`
      : undefined,

  calls: {
    // The look-up asks for the profile and the last order.
    rememberShipping: { gate: (world) => world.remember, count: 2 },
    createPayment: { gate: (world) => world.create },
  },

  async setup(fixtures) {
    const { page, request } = fixtures;
    const staff = await Staff.signIn(request);
    const dish = await staff.addItem(DISH_NAME, 5);
    const { account, api } = await newCustomer(request, NAME);
    await api.call('PUT', 'profile/address', REMEMBERED);
    await api.call('POST', 'add-to-cart', { itemId: dish._id, quantity: 1 });
    await signIn(page, account);
    // The page's look-up: the profile's address and the last order's details.
    const remember = await Gate.on(
      page,
      'remembered details',
      (r) => r.method() === 'GET' && /\/api\/(profile|my-orders)\?/.test(r.url()),
    );
    const create = await Gate.on(page, 'POST /create-payment-intent', (r) =>
      /\/api\/create-payment-intent(\?|$)/.test(r.url()),
    );
    await page.goto('/user-dashboard/my-cart/checkout');
    return { ...fixtures, account, staff, dish, remember, create };
  },
  async teardown({ staff, dish, remember, create }) {
    await remember.open();
    await create.open();
    await staff.deleteItem(dish._id);
  },

  actions: {
    async 'xstate.done.actor.rememberShipping'({ remember }) {
      await remember.release(2);
    },
    async SHIPPING_INPUT({ page }, { event }) {
      const { field, value } = event as unknown as { field: ShippingField; value: string };
      await shippingForm(page).getByLabel(LABELS[field]).fill(value);
    },
    async 'checkout.submit'({ page }) {
      await shippingForm(page).getByRole('button', { name: 'Place Order' }).click();
    },
    async 'xstate.done.actor.createPayment'({ create }) {
      await create.release();
    },
    async 'xstate.error.actor.createPayment'({ staff, dish, create }) {
      await staff.setStock(dish._id, 0);
      await create.release();
    },
  },

  screens: {
    async 'checkout.editing'(world, { machine }) {
      const { shipping, error, invalidField } = contextOf(machine);
      const form = shippingForm(world.page);
      await expect(form).toHaveAttribute('aria-busy', 'false');
      for (const [field, label] of Object.entries(LABELS) as Array<[ShippingField, string]>) {
        const input = form.getByLabel(label);
        await expect(input).toHaveValue(field === 'email' ? world.account.email : shipping[field]);
        if (field === invalidField) {
          await expect(input).toHaveAttribute('aria-invalid', 'true');
          await expect(input).toBeFocused();
        } else {
          await expect(input).not.toHaveAttribute('aria-invalid');
        }
      }
      if (error) await expect(form.getByRole('alert')).toHaveText(shown(error, world));
      else await expect(form.getByRole('alert')).toHaveCount(0);
      await expect(form.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    },
    async 'checkout.submitting'({ page, create }) {
      await expect(shippingForm(page)).toHaveAttribute('aria-busy', 'true');
      await expect(shippingForm(page).getByRole('button', { name: 'Place Order' })).toBeDisabled();
      await expect.poll(() => create.holding, { message: 'the order has been sent' }).toBe(true);
    },
    // The browser has gone to the gateway's payment page for the order.
    async 'checkout.redirecting'({ page }) {
      await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
    },
  },
});
