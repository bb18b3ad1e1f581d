// Checkout (machines/checkout.machine.ts) replayed on /user-dashboard/my-cart/checkout: a customer with
// an address on their profile (what the page remembers) and a dish of the flow's own in the cart, the
// shop open around the clock (so as soon as possible is offered whatever the hour) and delivering to
// every postcode as seeded, cash offered beside online payment. The server's refusal is real: the dish's
// price changes before the order is placed (a sold-out line would take the customer back to their cart).
import { expect, type Page } from '@playwright/test';
import type { OrderSlots } from '../../contract/kitchen.ts';
import type { MenuItem } from '../../contract/menu.ts';
import { FIELDS_OF, type ShippingField } from '../../contract/order.ts';
import type { OrderType, PaymentMethod } from '../../contract/order-lifecycle.ts';
import type { PaymentOptions } from '../../contract/payment-settings.ts';
import { checkoutMachine, type ShippingForm } from '../../machines/checkout.machine.ts';
import { signIn } from '../e2e/support/accounts.ts';
import { anArea } from '../machines/support/models/checkout.ts';
import { type Account, newCustomer, Staff } from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { withSilentEffects } from './support/graph.ts';

const NAME = 'Flow Checkout';
/** Checkout's refusal when the cart's prices moved (server/api/services/checkout.ts). */
const PRICES_CHANGED = 'Prices have changed: please review your cart';
/** What a failed call says when the network is down (src/ui/failure.ts). */
const UNREACHABLE = 'We could not reach Pizzon. Check your connection and try again.';
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
/** The seeded area: every postcode, the spec's 5 % (the model's copy; the page reads the server's). */
const EVERYWHERE = anArea('everywhere', [], { name: 'Every postcode' });
/** The times as the model has them: open, so as soon as possible and a later slot (the page's are real). */
const LATER = '2026-11-30T13:30:00.000Z';
/** What GET /payment-options answers while the owner offers cash to anyone, for any total. */
const CASH_OFFERED: PaymentOptions = { online: true, cash: true, cashMax: null, cashRefusal: null };
/** The payment choice's label for each method (src/routes/checkout.tsx). */
const PAY_LABEL = (method: PaymentMethod, orderType: OrderType) =>
  method === 'online' ? 'Pay online' : orderType === 'pickup' ? 'Pay at the counter' : 'Cash on delivery';
const OPEN: OrderSlots = {
  asap: { minutes: 35, dueAt: '2026-11-30T12:35:00.000Z' },
  slots: [{ at: LATER, date: '2026-11-30', time: '19:30' }],
  opensAt: null,
};

interface World extends Fixtures {
  account: Account;
  staff: Staff;
  dish: MenuItem;
  remember: Gate;
  areas: Gate;
  times: Gate;
  payment: Gate;
  create: Gate;
}

/**
 * Whether the page's look-ups (what the customer gave before, where the shop delivers, how it may be
 * paid) have answered.
 */
type Server = { remembered: boolean; areas: boolean; payment: boolean };
type Context = {
  shipping: ShippingForm;
  orderType: OrderType;
  slot: string | null;
  error: string | null;
  invalidField: ShippingField | null;
  payment: PaymentOptions | null;
  paymentMethod: PaymentMethod;
  waiting: unknown;
};
/** Place Order (the page sends its own totals; the model's are placeholders). */
const SUBMIT = { type: 'checkout.submit', total_price: 0, order_time: 'now', foodCents: 850 };
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;

const shippingForm = (page: Page) => page.getByRole('form', { name: 'Shipping Details' });
/** The dish's real name carries the run's suffix. */
const shown = (text: string, { dish }: World) => text.replace(DISH_NAME, dish.name);

flowTests<World, Server>({
  machine: withSilentEffects(checkoutMachine),
  // The signed-in customer's name and e-mail (the e-mail is compared with the account's own).
  input: { fullName: NAME, email: 'account@pizzon.test' },
  server: { remembered: false, areas: false, payment: false },
  events: (snapshot, server) => {
    if (snapshot.matches('submitting')) {
      return [
        { type: 'xstate.done.actor.createPayment', output: 'the sandbox payment page' },
        { type: 'xstate.error.actor.createPayment', error: new Error(PRICES_CHANGED) },
      ];
    }
    const { shipping, orderType, payment, paymentMethod } = contextOf(snapshot);
    if (snapshot.matches({ editing: 'readingTimes' })) {
      return [
        { type: 'xstate.done.actor.readSlots', output: OPEN },
        { type: 'xstate.error.actor.readSlots', error: new Error(UNREACHABLE) },
        // Place Order before the times have come: it waits for them.
        ...(contextOf(snapshot).waiting === null ? [SUBMIT] : []),
      ];
    }
    return [
      ...(server.remembered ? [] : [{ type: 'xstate.done.actor.rememberShipping', output: REMEMBERED }]),
      ...(server.areas ? [] : [{ type: 'xstate.done.actor.readAreas', output: [EVERYWHERE] }]),
      ...(server.payment
        ? []
        : [
            { type: 'xstate.done.actor.readPayment', output: CASH_OFFERED },
            { type: 'xstate.error.actor.readPayment', error: new Error(UNREACHABLE) },
          ]),
      ...(payment?.cash
        ? [{ type: 'checkout.pay', method: paymentMethod === 'online' ? 'cash' : 'online' }]
        : []),
      ...(snapshot.matches({ editing: 'timesFailed' }) ? [{ type: 'checkout.retry' }] : []),
      ...(Object.entries(TYPED) as Array<[ShippingField, string]>)
        .filter(([field]) => shipping[field] === '' && FIELDS_OF[orderType].includes(field))
        .map(([field, value]) => ({ type: 'SHIPPING_INPUT', field, value })),
      { type: 'checkout.type', orderType: orderType === 'delivery' ? 'pickup' : 'delivery' },
      { type: 'checkout.slot', slot: contextOf(snapshot).slot === null ? LATER : null },
      SUBMIT,
    ];
  },
  serverAfter: (server, event) =>
    event.type === 'xstate.done.actor.rememberShipping'
      ? { ...server, remembered: true }
      : event.type === 'xstate.done.actor.readAreas'
        ? { ...server, areas: true }
        : event.type.endsWith('.actor.readPayment')
          ? { ...server, payment: true }
          : server,
  label: (event) => {
    if (event.type === 'SHIPPING_INPUT')
      return `SHIPPING_INPUT ${(event as unknown as { field: string }).field}`;
    if (event.type === 'checkout.type')
      return `checkout.type ${(event as unknown as { orderType: string }).orderType}`;
    if (event.type === 'checkout.pay')
      return `checkout.pay ${(event as unknown as { method: string }).method}`;
    if (event.type === 'checkout.slot')
      return `checkout.slot ${(event as unknown as { slot: string | null }).slot === null ? 'asap' : 'later'}`;
    return undefined;
  },
  timeoutMs: 90_000,

  calls: {
    // The look-up asks for the profile and the last order.
    rememberShipping: { gate: (world) => world.remember, count: 2 },
    readAreas: { gate: (world) => world.areas },
    readSlots: { gate: (world) => world.times },
    readPayment: { gate: (world) => world.payment },
    createPayment: { gate: (world) => world.create },
  },

  async setup(fixtures) {
    const { page, request } = fixtures;
    const staff = await Staff.signIn(request);
    await staff.openAroundTheClock(true);
    await staff.setPayments({ online: true, cash: true, cashMax: null, cashRegularsOnly: false });
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
    const areas = await Gate.on(page, 'GET /delivery-areas', (r) =>
      /\/api\/delivery-areas(\?|$)/.test(r.url()),
    );
    const times = await Gate.on(page, 'GET /order-slots', (r) => /\/api\/order-slots\?/.test(r.url()));
    const payment = await Gate.on(page, 'GET /payment-options', (r) =>
      /\/api\/payment-options(\?|$)/.test(r.url()),
    );
    const create = await Gate.on(page, 'POST /create-payment-intent', (r) =>
      /\/api\/create-payment-intent(\?|$)/.test(r.url()),
    );
    await page.goto('/user-dashboard/my-cart/checkout');
    return { ...fixtures, account, staff, dish, remember, areas, times, payment, create };
  },
  async teardown({ staff, dish, remember, areas, times, payment, create }) {
    for (const gate of [remember, areas, times, payment, create]) await gate.open();
    await staff.deleteItem(dish._id);
    await staff.setPayments({ online: true, cash: false, cashMax: null, cashRegularsOnly: false });
    await staff.openAroundTheClock(false);
  },

  actions: {
    async 'xstate.done.actor.rememberShipping'({ remember }) {
      await remember.release(2);
    },
    async 'xstate.done.actor.readAreas'({ areas }) {
      await areas.release();
    },
    async 'xstate.done.actor.readSlots'({ times }) {
      await times.release();
    },
    async 'xstate.error.actor.readSlots'({ times }) {
      await times.fail();
    },
    async 'xstate.done.actor.readPayment'({ payment }) {
      await payment.release();
    },
    async 'xstate.error.actor.readPayment'({ payment }) {
      await payment.fail();
    },
    async 'checkout.pay'({ page }, { event, from }) {
      const { method } = event as unknown as { method: PaymentMethod };
      await page.getByRole('radio', { name: PAY_LABEL(method, contextOf(from.machine).orderType) }).check();
    },
    async 'checkout.retry'({ page, times }) {
      await times.hold();
      await page.getByRole('button', { name: 'Find the times again' }).click();
    },
    async SHIPPING_INPUT({ page }, { event }) {
      const { field, value } = event as unknown as { field: ShippingField; value: string };
      await shippingForm(page).getByLabel(LABELS[field]).fill(value);
    },
    async 'checkout.type'({ page }, { event }) {
      const { orderType } = event as unknown as { orderType: OrderType };
      await page
        .getByRole('radio', { name: orderType === 'pickup' ? 'Pickup' : 'Delivery', exact: true })
        .check();
    },
    // The first later slot the page offers (the server's, whatever the hour), or as soon as possible.
    async 'checkout.slot'({ page }, { event }) {
      const { slot } = event as unknown as { slot: string | null };
      await page.getByRole('radio', { name: slot === null ? /As soon as possible/ : 'Later' }).check();
    },
    async 'checkout.submit'({ page }) {
      await shippingForm(page).getByRole('button', { name: 'Place Order' }).click();
    },
    async 'xstate.done.actor.createPayment'({ create }) {
      await create.release();
    },
    async 'xstate.error.actor.createPayment'(world) {
      world.dish = { ...world.dish, price: world.dish.price + 1 };
      await world.staff.updateItem(world.dish._id, { price: world.dish.price });
      await world.create.release();
    },
  },

  screens: {
    async 'checkout.editing'(world, { machine }) {
      const { shipping, error, invalidField, orderType } = contextOf(machine);
      const form = shippingForm(world.page);
      // A Place Order waiting for the times shows as sent.
      const waiting = contextOf(machine).waiting !== null;
      await expect(form).toHaveAttribute('aria-busy', String(waiting));
      await expect(
        world.page.getByRole('radio', { name: orderType === 'pickup' ? 'Pickup' : 'Delivery', exact: true }),
      ).toBeChecked();
      for (const [field, label] of Object.entries(LABELS) as Array<[ShippingField, string]>) {
        const input = form.getByLabel(label);
        if (!FIELDS_OF[orderType].includes(field)) {
          await expect(input).toHaveCount(0);
          continue;
        }
        await expect(input).toHaveValue(field === 'email' ? world.account.email : shipping[field]);
        // The refused field is marked (the page focuses it on the refusal; a later click, on a time or
        // the type, takes the focus on).
        if (field === invalidField) {
          await expect(input).toHaveAttribute('aria-invalid', 'true');
        } else {
          await expect(input).not.toHaveAttribute('aria-invalid');
        }
      }
      const { payment, paymentMethod } = contextOf(machine);
      // The choice shows only once the owner's offer has been read; unread, the order is paid online.
      if (payment?.cash) {
        await expect(
          world.page.getByRole('radio', { name: PAY_LABEL(paymentMethod, orderType) }),
        ).toBeChecked();
      } else {
        await expect(world.page.getByRole('radio', { name: 'Pay online' })).toHaveCount(0);
      }
      const alert = form.getByRole('alert');
      if (error) await expect(alert).toHaveText(shown(error, world));
      else await expect(alert).toHaveCount(0);
      if (waiting) await expect(form.getByRole('button', { name: 'Place Order' })).toBeDisabled();
      else await expect(form.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    },
    async 'checkout.editing.readingTimes'({ page, times }) {
      await expect(page.getByText('Finding the times we can make it…')).toBeVisible();
      await expect.poll(() => times.holding, { message: 'the times are being read' }).toBe(true);
    },
    async 'checkout.editing.ready'({ page }, { machine }) {
      const { slot } = contextOf(machine);
      await expect(
        page.getByRole('radio', { name: slot === null ? /As soon as possible/ : 'Later' }),
      ).toBeChecked();
    },
    async 'checkout.editing.timesFailed'({ page }) {
      // The read gives up after its retries (1, 2 and 4 s).
      await expect(page.getByRole('button', { name: 'Find the times again' })).toBeVisible({
        timeout: 15_000,
      });
    },
    async 'checkout.submitting'({ page, create }) {
      await expect(shippingForm(page)).toHaveAttribute('aria-busy', 'true');
      await expect(shippingForm(page).getByRole('button', { name: 'Place Order' })).toBeDisabled();
      await expect.poll(() => create.holding, { message: 'the order has been sent' }).toBe(true);
    },
    // The browser has gone to the gateway's payment page for the order, or a cash order's confirmation.
    async 'checkout.redirecting'({ page }, { machine }) {
      const heading = contextOf(machine).paymentMethod === 'cash' ? 'Order placed!' : 'Sandbox payment';
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    },
  },
});
