// One order's life (machines/order.machine.ts) replayed on My order: the customer's page stays open while
// the order is moved for real by whoever the lifecycle table names (contract/order-lifecycle.ts):
// the gateway's signed notification, the expiry job, the customer in another tab, the staff's API. The
// card must follow each move live, as the same card (its machine is not re-created by a reload).
import { expect, type Locator, type Page } from '@playwright/test';
import type { Order } from '../../contract/order.ts';
import {
  findTransition,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderState,
  type OrderType,
  type PaymentMethod,
} from '../../contract/order-lifecycle.ts';
import { orderStatusWords } from '../../contract/order-status.ts';
import { DEFAULT_PAYMENT_SETTINGS } from '../../contract/payment-settings.ts';
import { orderMachine } from '../../machines/order.machine.ts';
import { signIn } from '../e2e/support/accounts.ts';
import { answerDialog } from '../e2e/support/dialog.ts';
import {
  type Api,
  ageOrder,
  notifyPayment,
  placeOrder,
  regularCustomer,
  runExpirySweep,
  Staff,
} from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { type WorldSnapshot, withSilentEffects } from './support/graph.ts';

const NAME = 'Flow Order';

interface World extends Fixtures {
  api: Api;
  staff: Staff;
  dishId: string;
  order: Order;
  remove: Gate;
}

/**
 * Where the server has the order (it can move while the card's Delete waits for its answer); null:
 * where checkout put it (awaiting payment, or placed when paid in cash: the path's first state).
 */
type Server = { state: OrderState | null };

const card = (page: Page, order: Order) =>
  page.getByRole('listitem', { name: `Order ${order.transaction_id}`, exact: true });
const deleteButton = (page: Page, order: Order) =>
  card(page, order).getByRole('button', { name: `Delete order ${order.transaction_id}` });

type Action = 'delete' | 'hourglass' | 'check' | 'none';
type Shown = { action: Action } & ({ step: string } | { offPath: string });
const CONFIRMED = { action: 'check' } as const;
/** The spec's texts: shown for the states it knows, never beside another. */
const SPEC_TEXTS = ['Payment pending', 'Payment Success', 'Order Pending', 'Order Confirm'];

/** The action column and the tracker's step (or what happened, off the path); the status is one vocabulary's. */
const SHOWN: Record<OrderState, Shown> = {
  awaiting_payment: { action: 'delete', step: 'Awaiting payment' },
  paid: { action: 'hourglass', step: 'Paid' },
  accepted: { ...CONFIRMED, step: 'Accepted' },
  preparing: { ...CONFIRMED, step: 'Preparing' },
  out_for_delivery: { ...CONFIRMED, step: 'Out for delivery' },
  delivered: { ...CONFIRMED, step: 'Delivered' },
  ready_for_pickup: { ...CONFIRMED, step: 'Ready for pickup' },
  collected: { ...CONFIRMED, step: 'Collected' },
  placed: { action: 'delete', step: 'Placed' },
  payment_failed: {
    action: 'delete',
    offPath: 'Payment failedThe payment did not go through, so this order will not be prepared.',
  },
  expired: {
    action: 'delete',
    offPath: 'ExpiredThe order was not paid in time, so it was released.',
  },
  cancelled: { action: 'none', offPath: 'CancelledThis order was cancelled before it was paid.' },
  refund_due: {
    action: 'none',
    offPath: 'Refund dueThis order will not be delivered: the restaurant owes you a refund.',
  },
  refunded: {
    action: 'none',
    offPath: 'RefundedThis order was not delivered and your payment has been refunded.',
  },
  cash_refused: {
    action: 'none',
    offPath: 'Cash refusedThe cash was not paid when the order was handed over, so this order has ended.',
  },
};

/** Still the card the path started with: a re-created one would have a new machine. */
async function expectSameCard(card: Locator) {
  expect(await card.evaluate((element) => 'flowCard' in element), 'the card followed the change live').toBe(
    true,
  );
}

function lifecycleScreen(state: OrderState) {
  const shown = SHOWN[state];
  return async ({ page, order }: World) => {
    const element = card(page, order);
    const words = orderStatusWords(state, order.payment_method);
    const status = element.locator('dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd');
    await expect(status).toHaveText(words.join(''));
    for (const text of SPEC_TEXTS.filter((spec) => !words.includes(spec))) {
      await expect(element).not.toContainText(text);
    }
    const tracker = element.getByRole('list', { name: 'Order progress' });
    if ('step' in shown) {
      await expect(tracker.locator('[aria-current="step"]')).toContainText(shown.step);
    } else {
      await expect(tracker).toHaveCount(0);
      await expect(element).toContainText(shown.offPath);
    }
    const images = {
      hourglass: element.getByRole('img', { name: 'Paid, waiting for the restaurant to confirm' }),
      check: element.getByRole('img', { name: 'Order confirmed' }),
    };
    await expect(images.hourglass).toHaveCount(shown.action === 'hourglass' ? 1 : 0);
    await expect(images.check).toHaveCount(shown.action === 'check' ? 1 : 0);
    await expect(deleteButton(page, order)).toHaveCount(shown.action === 'delete' ? 1 : 0);
    await expectSameCard(element);
  };
}

const deletionScreens = (state: OrderState) => ({
  [`order.${state}.idle`]: async ({ page, order }: World) => {
    await expect(deleteButton(page, order)).toBeEnabled();
  },
  [`order.${state}.deleting`]: async ({ page, order, remove }: World) => {
    await expect(deleteButton(page, order)).toBeDisabled();
    await expect.poll(() => remove.holding, { message: 'the Delete has been sent' }).toBe(true);
  },
});

type Transition = { to: OrderState; by: OrderActor };

/** Whoever the table names moves the order, each through their own door. */
async function move(world: World, { to, by }: Transition, from: WorldSnapshot<Server>) {
  const { api, staff, order, request } = world;
  switch (by) {
    case 'gateway':
      if (to === 'payment_failed') return notifyPayment(order, 'failed');
      // Paid after the order was released: it takes its stock again, or is owed back when none is left.
      await staff.setStock(world.dishId, to === 'refund_due' ? 0 : 5);
      return notifyPayment(order, 'paid');
    case 'job':
      await ageOrder(order);
      return runExpirySweep(request, staff);
    case 'customer':
      // The customer deletes it in another tab. While this card's own Delete waits for its answer the
      // card hears it on the open timeline, and stays waiting.
      await api.call('DELETE', `order-delete/${order._id}`);
      if (from.machine.hasTag('deleting')) {
        await expect(card(world.page, order).getByText('Cancelled by the customer')).toBeVisible();
      }
      return;
    case 'staff':
      // Refusing the cash takes a reason.
      return staff.moveOrder(order._id, to, to === 'cash_refused' ? 'Not at home' : undefined);
  }
}

const deletable = (state: OrderState) => findTransition(state, 'cancelled', 'customer') !== undefined;

/** The type of the model's order (none named: a delivery). */
const typeOf = (context: unknown): OrderType =>
  (context as { order: { order_type?: OrderType } }).order.order_type ?? 'delivery';
/** How the model's order is paid (none named: online). */
const methodOf = (context: unknown): PaymentMethod =>
  (context as { order: { payment_method?: PaymentMethod } }).order.payment_method ?? 'online';
/** The first state of the model's order: where checkout put it. */
const placedIn = (context: unknown): OrderState =>
  methodOf(context) === 'cash' ? 'placed' : 'awaiting_payment';

flowTests<World, Server>({
  machine: withSilentEffects(orderMachine),
  input: { order: { _id: 'order', state: 'awaiting_payment' } },
  // A pickup too: its end is the counter's (ready for pickup, then collected).
  // And paid in cash: placed, then the kitchen's way to the cash taken or refused.
  otherInputs: [
    { order: { _id: 'order', state: 'awaiting_payment', order_type: 'pickup' } },
    { order: { _id: 'order', state: 'placed', payment_method: 'cash' } },
    { order: { _id: 'order', state: 'placed', order_type: 'pickup', payment_method: 'cash' } },
  ],
  server: { state: null },
  events: (snapshot, server) => {
    if (snapshot.matches('deleted')) return [];
    const type = typeOf(snapshot.context);
    const method = methodOf(snapshot.context);
    const at = server.state ?? placedIn(snapshot.context);
    return [
      ...ORDER_TRANSITIONS.filter(
        (t) => t.from === at && (!t.only || t.only === type) && (!t.method || t.method === method),
      ).map(({ to, by }) => ({
        type: 'order.transition',
        to,
        by,
      })),
      { type: 'order.delete' },
      ...(snapshot.hasTag('deleting')
        ? [
            ...(deletable(at)
              ? [{ type: 'xstate.done.actor.deleteOrder', output: { deletedCount: 1 } }]
              : []),
            { type: 'xstate.error.actor.deleteOrder', error: new Error('The Delete did not get through') },
          ]
        : []),
    ];
  },
  serverAfter: (server, event) => {
    if (event.type === 'order.transition') return { state: (event as unknown as Transition).to };
    if (event.type === 'xstate.done.actor.deleteOrder') return { state: 'cancelled' };
    return server;
  },
  label: (event) => {
    if (event.type !== 'order.transition') return undefined;
    const { to, by } = event as unknown as Transition;
    return `${to} by ${by}`;
  },
  timeoutMs: 90_000,

  calls: { deleteOrder: { gate: (world) => world.remove } },

  async setup(fixtures, path) {
    const { page, request } = fixtures;
    const staff = await Staff.signIn(request);
    const dish = await staff.addItem('Flow Order Dish', 5);
    const { account, api } = await regularCustomer(request, NAME);
    await api.call('POST', 'add-to-cart', { itemId: dish._id, quantity: 1 });
    const method = methodOf(path.start.machine.context);
    if (method === 'cash') await staff.setPayments({ ...DEFAULT_PAYMENT_SETTINGS, cash: true });
    const order = await placeOrder(api, NAME, account.email, typeOf(path.start.machine.context), method);
    await signIn(page, account);
    const remove = await Gate.on(
      page,
      'DELETE /order-delete',
      (r) => r.method() === 'DELETE' && /\/api\/order-delete\//.test(r.url()),
    );
    await page.goto('/user-dashboard/my-order');
    const element = card(page, order);
    await expect(element).toBeVisible();
    await expect(page.locator('[data-live="live"]')).toHaveCount(1);
    // The timeline, open from the start, shows only what arrives live from now on.
    await element.getByText('Timeline').click();
    await expect(element.getByText('Order placed')).toBeVisible();
    await element.evaluate((node) => Object.assign(node, { flowCard: true }));
    return { ...fixtures, api, staff, dishId: dish._id, order, remove };
  },
  async teardown({ staff, dishId, remove, order }) {
    await remove.open();
    await staff.deleteItem(dishId);
    if (order.payment_method === 'cash') await staff.setPayments(DEFAULT_PAYMENT_SETTINGS);
  },

  actions: {
    async 'order.transition'(world, { event, from }) {
      await move(world, event as unknown as Transition, from);
    },
    async 'order.delete'({ page, order }) {
      await deleteButton(page, order).click();
      await answerDialog(page, 'Yes, cancel it');
    },
    async 'xstate.done.actor.deleteOrder'({ remove }) {
      await remove.release();
    },
    // Every refusal the server has for a Delete (paid meanwhile, cancelled by staff) moves the order, and
    // the card hears that move first and leaves its Delete: only a call that does not get through fails
    // while the order stays deletable.
    async 'xstate.error.actor.deleteOrder'({ remove }) {
      await remove.fail();
    },
  },

  screens: {
    ...Object.fromEntries(
      (Object.keys(SHOWN) as OrderState[]).map((state) => [`order.${state}`, lifecycleScreen(state)]),
    ),
    ...deletionScreens('awaiting_payment'),
    ...deletionScreens('payment_failed'),
    ...deletionScreens('expired'),
    ...deletionScreens('placed'),
    // Deleted: announced, and gone from My order.
    async 'order.deleted'({ page, order }) {
      await expect(page.getByText('Order delete successful!')).toBeVisible();
      await expect(card(page, order)).toHaveCount(0);
    },
  },
});
