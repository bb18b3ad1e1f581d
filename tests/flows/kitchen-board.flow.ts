// The kitchen board (machines/kitchen-board.machine.ts) replayed on /admin/kitchen by the demo admin,
// with three orders of the flow's own: one paid (its card moves), two waiting for the gateway (they
// come in paid while the board is open). The gateway pays through its signed notification, another
// member of staff moves an order through the API, the page's clock is moved for a highlight to end.
// The busy switch is turned for real; a path starts with the sound left on (the browser's memory)
// or off. The tablet's print dialog is counted instead of shown: a ticket printed by a card's button or
// on acceptance, and never for an order another member of staff moved.
import { expect, type Page } from '@playwright/test';
import { DEFAULT_KITCHEN_SETTINGS } from '../../contract/kitchen.ts';
import type { Order } from '../../contract/order.ts';
import {
  KITCHEN_COLUMNS,
  KITCHEN_STEP_ACTIONS,
  type KitchenColumn,
  nextKitchenStep,
  ORDER_STATE_LABELS,
  type OrderEvent,
  type OrderState,
} from '../../contract/order-lifecycle.ts';
import {
  type BoardColumns,
  FRESH_MS,
  type KitchenBoardContext,
  type KitchenMove,
  kitchenBoardMachine,
} from '../../machines/kitchen-board.machine.ts';
import { signIn } from '../e2e/support/accounts.ts';
import { ADMIN, notifyPayment, placeOrder, regularCustomer, Staff } from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { type WorldSnapshot, withSilentEffects } from './support/graph.ts';

const NAME = 'Flow Kitchen';
/** What a failed call says when the network is down (src/ui/failure.ts). */
const UNREACHABLE = 'We could not reach Pizzon. Check your connection and try again.';
/** The flow's orders: `a` starts paid, `n1` and `n2` are paid while the board is open (in that order). */
type Key = 'a' | 'n1' | 'n2';
const KEYS: readonly Key[] = ['a', 'n1', 'n2'];
/** The reader's limit for a silent stream (src/api/order-stream.ts): a longer jump of the clock cuts it. */
const STREAM_IDLE_MS = 45_000;

interface World extends Fixtures {
  staff: Staff;
  dishId: string;
  orders: Record<Key, Order>;
  /** When (by the page's clock) each order's highlight began. */
  highlightedAt: Map<Key, number>;
  /** The browser is offline (a highlight's end cut the stream, and it stays cut until it is to be back). */
  offline: boolean;
  reads: Gate;
  moves: Gate;
  /** The busy switch's read and its saves. */
  kitchen: Gate;
  busy: Gate;
  /** How many times the page has printed, as last seen. */
  prints: number;
}

interface Server {
  /** The board's stream is live (not yet at the start; cut by a highlight's end). */
  live: boolean;
  orders: Record<Key, OrderState>;
  /** An event the server has sent the board and the page has yet to hear: the next step is hearing it. */
  echo: OrderEvent | null;
}

const contextOf = (at: { context: unknown }) => at.context as KitchenBoardContext;

/** The model's order `key`, as the board's read answers it (only what the machine looks at). */
const modelOrder = (key: Key, state: OrderState) =>
  ({ _id: key, transaction_id: `T-${key}`, state }) as Order;

/** The board as the server lists it: each column's orders of the flow, newest first. */
const boardOf = (server: Server): BoardColumns =>
  Object.fromEntries(
    KITCHEN_COLUMNS.map((column) => [
      column,
      [...KEYS]
        .reverse()
        .filter((key) => server.orders[key] === column)
        .map((key) => modelOrder(key, column)),
    ]),
  ) as BoardColumns;

const modelEvent = (id: number, key: Key, from: OrderState, to: OrderState): OrderEvent => ({
  id,
  orderId: key,
  transactionId: `T-${key}`,
  sequence: id,
  from,
  to,
  by: { actor: to === 'paid' ? 'gateway' : 'staff', uid: null },
  at: '2026-11-23T20:05:09.000Z',
  note: null,
});
const paidEvent = (key: Key) => modelEvent(key === 'n1' ? 1 : 2, key, 'awaiting_payment', 'paid');
/** The card of `a` moved a step on, from the column it is in. */
const moveOn = (from: KitchenColumn): KitchenMove => ({
  orderId: 'a',
  transactionId: 'T-a',
  from,
  to: nextKitchenStep(from, 'delivery')!,
});

/** Where a model order's card is on the board the page last read; none when it is on no column. */
const columnOf = (columns: BoardColumns | null, key: Key): KitchenColumn | undefined =>
  KITCHEN_COLUMNS.find((column) => columns?.[column].some((order) => order._id === key));

const board = (page: Page) => page.getByRole('region', { name: 'Kitchen' });
const region = (page: Page, column: KitchenColumn) =>
  page.getByRole('region', { name: new RegExp(`^${ORDER_STATE_LABELS[column]}`) });
const card = (page: Page, order: Order) =>
  page.getByRole('listitem', { name: new RegExp(order.transaction_id) });
const nextButton = (page: Page, order: Order, column: KitchenColumn) => {
  const next = nextKitchenStep(column, 'delivery') as keyof typeof KITCHEN_STEP_ACTIONS;
  return page.getByRole('button', { name: `${KITCHEN_STEP_ACTIONS[next]}: order ${order.transaction_id}` });
};
const live = (page: Page, status: string) => expect(page.locator(`[data-live="${status}"]`)).toHaveCount(1);

/** The flow's cards where the board last read them, each highlighted while its highlight lasts. */
async function cardsShown({ page, orders }: World, at: WorldSnapshot<Server>) {
  const { columns, fresh } = contextOf(at.machine);
  for (const key of KEYS) {
    const column = columnOf(columns, key);
    const element = card(page, orders[key]);
    if (!column) {
      await expect(element).toHaveCount(0);
      continue;
    }
    await expect(
      region(page, column).getByRole('listitem', { name: new RegExp(orders[key].transaction_id) }),
    ).toBeVisible();
    if (fresh.includes(key)) await expect(element).toContainText('New');
    else await expect(element.getByText('New', { exact: true })).toHaveCount(0);
  }
}

/** The busy switch: the button, whatever the minutes it adds. */
const busyButton = (page: Page) => page.getByRole('button', { name: /^Busy/ });

/** The times the page called the print dialog (counted by the stand-in of `setup`). */
const printCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0);

/** The printer's settings as the model has them, and the ticket on the page's paper. */
async function ticketShown({ page, orders }: World, at: WorldSnapshot<Server>) {
  const { roll, autoPrint, ticket } = contextOf(at.machine);
  await expect(page.getByRole('radio', { name: `${roll} mm` })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Print when accepted' })).toHaveAttribute(
    'aria-pressed',
    String(autoPrint),
  );
  const paper = page.getByRole('article', { name: /^Ticket for order/, includeHidden: true });
  if (!ticket) return expect(paper).toHaveCount(0);
  await expect(paper).toHaveAttribute(
    'aria-label',
    `Ticket for order ${orders[ticket._id as Key].transaction_id}`,
  );
  await expect(paper).toHaveAttribute('data-roll', String(roll));
}

flowTests<World, Server>({
  machine: withSilentEffects(kitchenBoardMachine),
  input: { soundOn: false },
  otherInputs: [{ soundOn: true }],
  server: {
    live: false,
    orders: { a: 'paid', n1: 'awaiting_payment', n2: 'awaiting_payment' },
    echo: null,
  },
  events: (snapshot, server) => {
    const context = contextOf(snapshot);
    const at = (value: object) => snapshot.matches(value);
    // What happens by itself comes first: the board hears what the server sent, the stream comes back.
    if (server.echo) return [{ type: 'order.event', event: server.echo }];
    if (!server.live) return [{ type: 'order.stream', status: 'live' }];
    // The page prints as soon as the ticket is drawn.
    if (at({ print: 'printing' })) return [{ type: 'kitchen.printed' }];
    const moving = at({ move: 'moving' });
    const shownAt = columnOf(context.columns, 'a');
    // The printer's events in one stretch that ends a path (every other event with them would be far too
    // many paths): printing on acceptance turned on, a card's ticket, the other roll, then the card
    // accepted, which prints its ticket.
    if (context.autoPrint) {
      return [
        ...(at({ read: 'reading' })
          ? [{ type: 'xstate.done.actor.readBoard', output: boardOf(server) }]
          : []),
        ...(moving
          ? [{ type: 'xstate.done.actor.moveOrder', output: modelOrder('a', context.move!.to) }]
          : []),
        ...(!context.ticket && shownAt === 'paid'
          ? [{ type: 'kitchen.print', order: modelOrder('a', shownAt) }]
          : []),
        ...(context.ticket && context.roll === 80 ? [{ type: 'kitchen.roll', roll: 58 }] : []),
        ...(context.roll === 58 && !moving && shownAt === 'paid' && server.orders.a === 'paid'
          ? [{ type: 'kitchen.move', ...moveOn('paid') }]
          : []),
      ];
    }
    return [
      ...(at({ read: 'reading' })
        ? [
            { type: 'xstate.done.actor.readBoard', output: boardOf(server) },
            // A read refused while another is owed would be followed by that one at once.
            ...(context.owed ? [] : [{ type: 'xstate.error.actor.readBoard', error: new Error('offline') }]),
          ]
        : []),
      ...(at({ read: 'failed' }) ? [{ type: 'kitchen.retry' }] : []),
      // The card's button, where the board shows it as the server has it.
      ...(!moving && shownAt && shownAt === server.orders.a
        ? [{ type: 'kitchen.move', ...moveOn(shownAt) }]
        : []),
      ...(moving
        ? [
            { type: 'xstate.done.actor.moveOrder', output: modelOrder('a', context.move!.to) },
            { type: 'xstate.error.actor.moveOrder', error: new Error('moved already') },
          ]
        : []),
      ...(!moving && server.orders.n1 === 'awaiting_payment'
        ? [{ type: 'order.event', event: paidEvent('n1') }]
        : []),
      ...(!moving && server.orders.n1 === 'paid' && server.orders.n2 === 'awaiting_payment'
        ? [{ type: 'order.event', event: paidEvent('n2') }]
        : []),
      { type: 'kitchen.sound' },
      ...(at({ sound: 'waitingForTap' }) ? [{ type: 'kitchen.sound.allow' }] : []),
      // The busy switch early in a path, with the board at rest (its states with every other's would be
      // far too many paths to walk in a browser).
      ...(at({ read: 'shown' }) && !moving && server.orders.n1 === 'awaiting_payment'
        ? [
            ...(at({ busy: 'reading' })
              ? [
                  { type: 'xstate.done.actor.readKitchen', output: DEFAULT_KITCHEN_SETTINGS },
                  { type: 'xstate.error.actor.readKitchen', error: new Error(UNREACHABLE) },
                ]
              : []),
            ...(at({ busy: 'saving' })
              ? [
                  {
                    type: 'xstate.done.actor.saveBusy',
                    output: { ...DEFAULT_KITCHEN_SETTINGS, busy: !context.kitchen?.busy },
                  },
                  { type: 'xstate.error.actor.saveBusy', error: new Error(UNREACHABLE) },
                ]
              : []),
            ...(at({ busy: 'unknown' }) || at({ busy: 'shown' }) ? [{ type: 'kitchen.busy' }] : []),
          ]
        : []),
      // The printer's stretch starts with the card still paid and the board at rest.
      ...(at({ read: 'shown' }) &&
      at({ busy: 'shown' }) &&
      !moving &&
      server.orders.a === 'paid' &&
      shownAt === 'paid' &&
      server.orders.n1 === 'awaiting_payment'
        ? [{ type: 'kitchen.autoPrint' }]
        : []),
      // The clock is moved only with nothing under way (a held call would time out), and for a
      // highlight of its own (moved past one, it would take the other's end with it).
      ...(context.fresh.length === 1 &&
      !at({ read: 'reading' }) &&
      !moving &&
      !at({ busy: 'reading' }) &&
      !at({ busy: 'saving' })
        ? [{ type: 'kitchen.fade', orderId: context.fresh[0] }]
        : []),
    ];
  },
  serverAfter: (server, event, snapshot) => {
    switch (event.type) {
      case 'order.stream':
        return { ...server, live: true };
      case 'order.event': {
        const { orderId, to } = (event as unknown as { event: OrderEvent }).event;
        return { ...server, echo: null, orders: { ...server.orders, [orderId]: to } };
      }
      // Moved on by the board, or by someone else first (the board's move is then refused): either
      // way the server sends the board that event.
      case 'xstate.done.actor.moveOrder':
      case 'xstate.error.actor.moveOrder': {
        const { from, to } = contextOf(snapshot).move!;
        return { ...server, echo: modelEvent(3, 'a', from, to) };
      }
      case 'kitchen.fade':
        return { ...server, live: false };
      default:
        return server;
    }
  },
  label: (event) => {
    if (event.type === 'order.event') {
      const { orderId, to } = (event as unknown as { event: OrderEvent }).event;
      return `order.event ${orderId} ${to}`;
    }
    if (event.type === 'order.stream') return 'order.stream live';
    return undefined;
  },
  timeoutMs: 120_000,

  calls: {
    // The board reads its four columns at once.
    readBoard: { gate: (world) => world.reads, count: KITCHEN_COLUMNS.length },
    moveOrder: { gate: (world) => world.moves },
    readKitchen: { gate: (world) => world.kitchen },
    saveBusy: { gate: (world) => world.busy },
  },

  async setup(fixtures, path) {
    const { page, request } = fixtures;
    const staff = await Staff.signIn(request);
    await staff.setBusy(false);
    // As soon as possible whatever the hour: the paid orders are the Paid lane's, none scheduled.
    await staff.openAroundTheClock(true);
    // Whether staff left the sound on last time, as the browser keeps it.
    const soundOn = (path.start.machine.context as KitchenBoardContext).soundOn;
    await page.addInitScript(
      (on) => localStorage.setItem('pizzon:kitchen-sound', on ? 'on' : 'off'),
      soundOn,
    );
    const dish = await staff.addItem('Flow Kitchen Dish', 40);
    // A new customer each path: an account may check out ten times a minute.
    const { account, api } = await regularCustomer(request, NAME, 1);
    const place = async () => {
      await api.call('POST', 'add-to-cart', { itemId: dish._id, quantity: 1 });
      return placeOrder(api, NAME, account.email);
    };
    const a = await place();
    await notifyPayment(a, 'paid');
    const orders = { a, n1: await place(), n2: await place() };

    await page.addInitScript(() => {
      window.print = () => {
        const counted = window as unknown as { printed?: number };
        counted.printed = (counted.printed ?? 0) + 1;
      };
    });
    await page.clock.install();
    await signIn(page, ADMIN);
    const reads = await Gate.on(
      page,
      'GET /admin-order (the board)',
      (r) => r.method() === 'GET' && /\/api\/admin-order\?/.test(r.url()),
    );
    const moves = await Gate.on(
      page,
      'POST /admin-order/:id/transition',
      (r) => r.method() === 'POST' && /\/api\/admin-order\/[^/?]+\/transition(\?|$)/.test(r.url()),
    );
    const kitchen = await Gate.on(
      page,
      'GET /admin-kitchen-settings',
      (r) => r.method() === 'GET' && /\/api\/admin-kitchen-settings\?/.test(r.url()),
    );
    const busy = await Gate.on(
      page,
      'PUT /admin-kitchen-settings',
      (r) => r.method() === 'PUT' && /\/api\/admin-kitchen-settings\?/.test(r.url()),
    );
    await page.goto('/admin/kitchen');
    await expect(board(page)).toBeVisible();
    return {
      ...fixtures,
      staff,
      dishId: dish._id,
      orders,
      highlightedAt: new Map(),
      offline: false,
      reads,
      moves,
      kitchen,
      busy,
      prints: 0,
    };
  },
  async teardown({ context, staff, dishId, orders, reads, moves, kitchen, busy }) {
    await context.setOffline(false);
    for (const gate of [reads, moves, kitchen, busy]) await gate.open();
    await staff.setBusy(false);
    await staff.openAroundTheClock(false);
    // Off the board for the next path: a paid order is cancelled (owed back); an unpaid one was
    // released already by the customer's next checkout.
    for (const order of Object.values(orders)) await staff.moveOrder(order._id, 'refund_due').catch(() => {});
    await staff.deleteItem(dishId);
  },

  actions: {
    async 'order.stream'(world) {
      const { page, context } = world;
      if (world.offline) {
        await context.setOffline(false);
        world.offline = false;
        // The reader is waiting out its backoff: let it try now.
        await page.clock.fastForward(30_000);
      }
      await live(page, 'live');
    },
    async 'order.event'(world, { event }) {
      const { orderId, to } = (event as unknown as { event: OrderEvent }).event;
      const key = orderId as Key;
      // The board's own move (or the other member of staff's) sent it already.
      if (to !== 'paid') return;
      await notifyPayment(world.orders[key], 'paid');
      await expect(world.page.getByText(`New paid order ${world.orders[key].transaction_id}`)).toBeVisible();
      world.highlightedAt.set(key, await world.page.evaluate(() => Date.now()));
    },
    async 'xstate.done.actor.readBoard'({ reads }) {
      await reads.release(KITCHEN_COLUMNS.length);
    },
    async 'xstate.error.actor.readBoard'({ reads }) {
      await reads.fail();
    },
    async 'kitchen.retry'({ page }) {
      await board(page).getByRole('button', { name: 'Try again' }).click();
    },
    async 'kitchen.move'({ page, orders }, { event }) {
      await nextButton(page, orders.a, (event as unknown as KitchenMove).from).click();
    },
    async 'xstate.done.actor.moveOrder'({ moves }) {
      await moves.release();
    },
    // Another member of staff moves the order on first: the board's move is refused by the server.
    async 'xstate.error.actor.moveOrder'({ staff, orders, moves }, { from }) {
      await staff.moveOrder(orders.a._id, contextOf(from.machine).move!.to);
      await moves.release();
    },
    async 'kitchen.sound'({ page }) {
      await page.getByRole('button', { name: 'Sound for new orders' }).click();
    },
    async 'kitchen.sound.allow'({ page }) {
      await page.getByRole('button', { name: 'Allow sound' }).click();
    },
    async 'xstate.done.actor.readKitchen'({ kitchen }) {
      await kitchen.release();
    },
    async 'xstate.error.actor.readKitchen'({ kitchen }) {
      await kitchen.fail();
    },
    // Turned again after a failure, the call is held again.
    async 'kitchen.busy'({ page, kitchen, busy }) {
      kitchen.hold();
      busy.hold();
      await busyButton(page).click();
    },
    async 'xstate.done.actor.saveBusy'({ busy }) {
      await busy.release();
    },
    async 'xstate.error.actor.saveBusy'({ busy }) {
      await busy.fail();
    },
    async 'kitchen.autoPrint'({ page }) {
      await page.getByRole('button', { name: 'Print when accepted' }).click();
    },
    async 'kitchen.print'({ page, orders }) {
      await card(page, orders.a)
        .getByRole('button', { name: `Print ticket: order ${orders.a.transaction_id}` })
        .click();
    },
    // Printed by itself as soon as the ticket was drawn: the printing screen saw it.
    async 'kitchen.printed'() {},
    async 'kitchen.roll'({ page }, { event }) {
      await page.getByText(`${(event as unknown as { roll: number }).roll} mm`, { exact: true }).click();
    },
    // The page's clock jumps past the highlight's end, and past the stream's idle limit, so the
    // stream is cut every time (not only when the jump happens to be long enough); offline, it stays
    // cut until the path says it is back.
    async 'kitchen.fade'(world, { event }) {
      const { page, context } = world;
      const key = (event as unknown as { orderId: Key }).orderId;
      const ends = world.highlightedAt.get(key)! + FRESH_MS;
      const now = await page.evaluate(() => Date.now());
      await context.setOffline(true);
      world.offline = true;
      await page.clock.fastForward(Math.max(ends - now, STREAM_IDLE_MS) + 1_000);
      await live(page, 'reconnecting');
    },
  },

  screens: {
    'kitchenBoard.read': cardsShown,
    async 'kitchenBoard.read.reading'({ page, reads }) {
      await expect(board(page)).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => reads.holding, { message: 'the board is being read' }).toBe(true);
    },
    async 'kitchenBoard.read.shown'({ page }) {
      await expect(board(page)).toHaveAttribute('aria-busy', 'false');
      await expect(board(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
    },
    async 'kitchenBoard.read.failed'({ page }) {
      // The reads give up after their retries (1, 2 and 4 s).
      await expect(board(page).getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 15_000 });
    },
    'kitchenBoard.move': async () => {},
    async 'kitchenBoard.move.idle'({ page, orders }, at) {
      const column = columnOf(contextOf(at.machine).columns, 'a');
      if (column) await expect(nextButton(page, orders.a, column)).toBeEnabled();
    },
    async 'kitchenBoard.move.moving'({ page, orders, moves }, at) {
      await expect(nextButton(page, orders.a, contextOf(at.machine).move!.from)).toBeDisabled();
      await expect.poll(() => moves.holding, { message: 'the move has been sent' }).toBe(true);
    },
    async 'kitchenBoard.move.refused'({ page, orders }, at) {
      await expect(region(page, contextOf(at.machine).move!.from).getByRole('alert')).toContainText(
        `Order ${orders.a.transaction_id}: `,
      );
    },
    'kitchenBoard.highlight': async () => {},
    'kitchenBoard.highlight.none': async () => {},
    async 'kitchenBoard.highlight.fresh'({ page, orders }, at) {
      const newest = contextOf(at.machine).fresh.at(-1) as Key;
      await expect(page.getByRole('status').filter({ hasText: 'New paid order' })).toHaveText(
        `New paid order ${orders[newest].transaction_id}`,
      );
    },
    'kitchenBoard.sound': async () => {},
    async 'kitchenBoard.sound.waitingForTap'({ page }) {
      await expect(page.getByRole('button', { name: 'Allow sound' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sound for new orders' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    },
    'kitchenBoard.busy': async () => {},
    async 'kitchenBoard.busy.reading'({ page, kitchen }) {
      await expect(busyButton(page)).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => kitchen.holding, { message: 'the kitchen’s rules are being read' }).toBe(true);
    },
    async 'kitchenBoard.busy.unknown'({ page }) {
      // The read gives up after its retries (1, 2 and 4 s).
      await expect(busyButton(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
      await expect(page.getByRole('alert').filter({ hasText: UNREACHABLE })).toBeVisible();
    },
    async 'kitchenBoard.busy.shown'({ page }, at) {
      await expect(busyButton(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
      await expect(busyButton(page)).toHaveAttribute(
        'aria-pressed',
        String(contextOf(at.machine).kitchen?.busy ?? false),
      );
    },
    async 'kitchenBoard.busy.saving'({ page, busy }) {
      await expect(busyButton(page)).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => busy.holding, { message: 'the switch has been sent' }).toBe(true);
    },
    async 'kitchenBoard.print'(world, at) {
      await ticketShown(world, at);
    },
    // The page printed once more: the ticket the model has on the paper.
    async 'kitchenBoard.print.printing'(world) {
      await expect.poll(() => printCalls(world.page), { message: 'the page printed' }).toBe(world.prints + 1);
      world.prints += 1;
    },
    // Nothing printed but what the model printed: not another member of staff's acceptance.
    async 'kitchenBoard.print.waiting'(world) {
      expect(await printCalls(world.page)).toBe(world.prints);
    },
    async 'kitchenBoard.sound.off'({ page }) {
      await expect(page.getByRole('button', { name: 'Sound for new orders' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    },
    async 'kitchenBoard.sound.on'({ page }) {
      await expect(page.getByRole('button', { name: 'Sound for new orders' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    },
  },
});
