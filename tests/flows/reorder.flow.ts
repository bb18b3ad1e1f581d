// Coming back to an order (machines/reorder.machine.ts) replayed on My order: a customer with an unpaid
// order presses Order again (its line goes into the cart) and Pay now (to its payment page). The server's
// refusal is real: once the hold has lapsed and the dish sold out, Pay now's fresh checkout can not have
// it, and Order again skips it by name. Order again's failure is the call not getting through.
import { expect, type Page } from '@playwright/test';
import type { Order } from '../../contract/order.ts';
import { AGAIN_SOLD_OUT, type OrderAgain, orderAgainMessage } from '../../contract/reorder.ts';
import { reorderMachine } from '../../machines/reorder.machine.ts';
import { signIn } from '../e2e/support/accounts.ts';
import { ageOrder, placeOrder, regularCustomer, Staff } from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { type WorldSnapshot, withSilentEffects } from './support/graph.ts';

const NAME = 'Flow Reorder';
const DISH_NAME = 'Flow Reorder Dish';
const UNREACHABLE = 'We could not reach Pizzon. Check your connection and try again.';

interface World extends Fixtures {
  staff: Staff;
  dishId: string;
  dishName: string;
  order: Order;
  again: Gate;
  pay: Gate;
}

/** Whether the dish is sold out (and the order's hold lapsed with it): Pay now can not have it then. */
type Server = { soldOut: boolean };
type Context = { again: OrderAgain | null; error: string | null };
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;

const card = (page: Page, order: Order) =>
  page.getByRole('listitem', { name: `Order ${order.transaction_id}`, exact: true });
/** The machine's words with the dish's real name (it carries the run's suffix). */
const shown = (text: string, world: World) => text.replaceAll(DISH_NAME, world.dishName);

const AGAIN_DONE = (server: Server): OrderAgain =>
  server.soldOut
    ? { added: [], skipped: [{ name: DISH_NAME, reason: AGAIN_SOLD_OUT }] }
    : { added: [{ name: DISH_NAME, quantity: 1 }], skipped: [] };

flowTests<World, Server>({
  machine: withSilentEffects(reorderMachine),
  input: { orderId: 'order' },
  server: { soldOut: false },
  events: (snapshot, server) => {
    if (snapshot.matches('ordering')) {
      return [
        { type: 'xstate.done.actor.orderAgain', output: AGAIN_DONE(server) },
        { type: 'xstate.error.actor.orderAgain', error: new Error(UNREACHABLE) },
      ];
    }
    if (snapshot.matches('paying')) {
      return server.soldOut
        ? []
        : [
            { type: 'xstate.done.actor.payNow', output: { url: 'the sandbox payment page', fresh: false } },
            {
              type: 'xstate.error.actor.payNow',
              error: new Error(`${DISH_NAME} is ${AGAIN_SOLD_OUT}: use Order again`),
            },
          ];
    }
    if (snapshot.matches('idle')) {
      return [
        { type: 'reorder.again' },
        // Once refused for a dish sold out, Pay now would only be refused again.
        ...(server.soldOut ? [] : [{ type: 'reorder.payNow', orderTime: 'now' }]),
      ];
    }
    return [];
  },
  serverAfter: (server, event) => (event.type === 'xstate.error.actor.payNow' ? { soldOut: true } : server),
  timeoutMs: 90_000,

  calls: {
    orderAgain: { gate: (world) => world.again },
    payNow: { gate: (world) => world.pay },
  },

  async setup(fixtures) {
    const { page, request } = fixtures;
    const staff = await Staff.signIn(request);
    const dish = await staff.addItem(DISH_NAME, 5);
    const { account, api } = await regularCustomer(request, NAME);
    await api.call('POST', 'add-to-cart', { itemId: dish._id, quantity: 1 });
    const order = await placeOrder(api, NAME, account.email);
    // The cart is left empty: Order again is what fills it.
    for (const line of await api.call<Array<{ _id: string }>>('GET', 'add-to-cart')) {
      await api.call('DELETE', `remove-cart-item/${line._id}`);
    }
    await signIn(page, account);
    const gate = (name: string, path: RegExp) =>
      Gate.on(page, name, (r) => r.method() === 'POST' && path.test(new URL(r.url()).pathname));
    const again = await gate('POST /my-orders/:id/again', /\/api\/my-orders\/[^/]+\/again$/);
    const pay = await gate('POST /my-orders/:id/pay', /\/api\/my-orders\/[^/]+\/pay$/);
    await page.goto('/user-dashboard/my-order');
    await expect(card(page, order)).toBeVisible();
    return { ...fixtures, staff, dishId: dish._id, dishName: dish.name, order, again, pay };
  },
  async teardown({ staff, dishId, again, pay }) {
    await again.open();
    await pay.open();
    await staff.deleteItem(dishId);
  },

  actions: {
    async 'reorder.again'({ page, order }) {
      await card(page, order).getByRole('button', { name: 'Order again' }).click();
    },
    async 'reorder.payNow'({ page, order }) {
      await card(page, order).getByRole('button', { name: 'Pay now' }).click();
    },
    async 'xstate.done.actor.orderAgain'({ again }) {
      await again.release();
    },
    async 'xstate.error.actor.orderAgain'({ again }) {
      await again.fail();
    },
    async 'xstate.done.actor.payNow'({ pay }) {
      await pay.release();
    },
    // The hold lapses and the dish sells out: the fresh checkout of the same line is refused.
    async 'xstate.error.actor.payNow'({ staff, dishId, order, pay }) {
      await ageOrder(order);
      await staff.setStock(dishId, 0);
      await pay.release();
    },
  },

  screens: {
    async 'reorder.idle'(world, { machine }: WorldSnapshot<Server>) {
      const { again, error } = contextOf(machine);
      const element = card(world.page, world.order);
      await expect(element.getByRole('button', { name: 'Order again' })).toBeEnabled();
      await expect(element.getByRole('button', { name: 'Pay now' })).toBeEnabled();
      if (again)
        await expect(element.getByRole('status').filter({ hasText: /^(Added|Nothing)/ })).toContainText(
          shown(orderAgainMessage(again), world),
        );
      if (error) await expect(element.getByRole('alert')).toHaveText(shown(error, world));
      else await expect(element.getByRole('alert')).toHaveCount(0);
    },
    async 'reorder.ordering'({ page, order, again }) {
      const button = card(page, order).getByRole('button', { name: 'Order again' });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => again.holding, { message: 'Order again has been sent' }).toBe(true);
    },
    async 'reorder.paying'({ page, order, pay }) {
      const button = card(page, order).getByRole('button', { name: 'Pay now' });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => pay.holding, { message: 'Pay now has been sent' }).toBe(true);
    },
    // The browser has gone to the order's own payment page.
    async 'reorder.redirecting'({ page, order }) {
      await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
      await expect(page.getByText(order.transaction_id)).toBeVisible();
    },
  },
});
