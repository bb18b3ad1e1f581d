// The kitchen board (machines/kitchen-board.machine.ts) replayed on /admin/kitchen by the demo admin,
// with four orders of the flow's own: `a` paid (its ticket moves), `b1` and `b2` paid for the same
// later slot (they wait in Later; accepting one early asks first, and their start flashes both), and
// `n1` waiting for the gateway (paid while the board is open, its ticket read by its id). The gateway
// pays through its signed notification, another member of staff moves an order through the API. The
// stream is cut by the page itself (its fetch wrapped below) and comes back at once; the page's clock
// is moved for a highlight to end or a Later ticket to start, offline, so the stream stays cut until
// the path says it is back. The busy switch is turned for real; a path starts with the sound left on
// (the browser's memory) or off. The tablet's print dialog is counted instead of shown.
import { expect, type Page } from '@playwright/test';
import { DEFAULT_KITCHEN_SETTINGS, type OfferedSlot } from '../../contract/kitchen.ts';
import { isOnBoard, KITCHEN_BOARD_IDS_MAX } from '../../contract/kitchen-lanes.ts';
import { type Order, orderNumberText } from '../../contract/order.ts';
import {
  KITCHEN_STEP_ACTIONS,
  type KitchenColumn,
  nextKitchenStep,
  type OrderEvent,
  type OrderState,
} from '../../contract/order-lifecycle.ts';
import {
  AHEAD_MS,
  FRESH_MS,
  type KitchenBoardContext,
  type KitchenMove,
  kitchenBoardMachine,
} from '../../machines/kitchen-board.machine.ts';
import { signIn } from '../e2e/support/accounts.ts';
import { DELIVERY } from '../e2e/support/shop.ts';
import { ADMIN, notifyPayment, placeOrder, regularCustomer, Staff } from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { type WorldSnapshot, withSilentEffects } from './support/graph.ts';

const NAME = 'Flow Kitchen';
/** What a failed call says when the network is down (src/ui/failure.ts). */
const UNREACHABLE = 'We could not reach Pizzon. Check your connection and try again.';
type Key = 'a' | 'n1' | 'b1' | 'b2';
const KEYS: readonly Key[] = ['a', 'n1', 'b1', 'b2'];
const BOOKED: readonly Key[] = ['b1', 'b2'];
/** The reader's limit for a silent stream (src/api/order-stream.ts): a longer jump of the clock cuts it. */
const STREAM_IDLE_MS = 45_000;
/** GET retries 3 times after the first try (src/api/http.ts). */
const GET_RETRIES = 3;

/** The model's scheduled orders start at START; the board's moves are made hours before it. */
const START = Date.parse('2026-11-30T18:25:00.000Z');
const EARLY = START - 2 * 3_600_000;

interface World extends Fixtures {
  staff: Staff;
  dishId: string;
  orders: Record<Key, Order>;
  /** When (by the page's clock) each order's highlight began. */
  highlightedAt: Map<Key, number>;
  /** The browser is offline (a jump of the clock cut the stream; it stays cut until it is to be back). */
  offline: boolean;
  reads: Gate;
  /** The board's reads by id (GET /admin-kitchen-board?ids=…). */
  byId: Gate;
  moves: Gate;
  /** The busy switch's read and its saves. */
  kitchen: Gate;
  busy: Gate;
  /** How many times the page has printed, as last seen. */
  prints: number;
}

interface Server {
  /** The board's stream is live (not yet at the start; cut by a jump of the page's clock). */
  live: boolean;
  orders: Record<Key, OrderState>;
  /** An event the server has sent the board and the page has yet to hear: the next step is hearing it. */
  echo: OrderEvent | null;
  /** The page's clock is past the scheduled orders' start. */
  late: boolean;
  /** A scheduled order whose start the page noticed in the same tick as the other's. */
  starting: Key | null;
}

const contextOf = (at: { context: unknown }) => at.context as KitchenBoardContext;

/** The model's order `key`, as the board's reads answer it (only what the machine looks at). */
const modelOrder = (key: Key, state: OrderState) =>
  ({
    _id: key,
    transaction_id: `T-${key}`,
    state,
    ...(BOOKED.includes(key)
      ? {
          scheduled: true,
          start_at: new Date(START).toISOString(),
          ready_at: new Date(START + 20 * 60_000).toISOString(),
        }
      : {}),
  }) as Order;

/** The board as the server lists it: the flow's orders on it. */
const boardOf = (server: Server): Order[] =>
  KEYS.filter((key) => isOnBoard(server.orders[key])).map((key) => modelOrder(key, server.orders[key]));

/** The orders named, as the read by id answers them (whatever their state). */
const byIdOf = (server: Server, ids: readonly string[]): Order[] =>
  (ids as Key[]).map((key) => modelOrder(key, server.orders[key]));

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
const paidEvent = modelEvent(1, 'n1', 'awaiting_payment', 'paid');

/** A ticket moved a step on from where it is: `a` now, a scheduled one hours ahead of its start. */
const moveOn = (key: Key, from: KitchenColumn, at: number) => ({
  type: 'kitchen.move',
  at,
  orderId: key,
  transactionId: `T-${key}`,
  from,
  to: nextKitchenStep(from, 'delivery')!,
});

const board = (page: Page) => page.getByRole('region', { name: /^Kitchen/, includeHidden: true });
const ticket = (page: Page, order: Order) => page.locator(`li[data-order="${order._id}"]`);
const nextButton = (page: Page, order: Order, column: KitchenColumn) => {
  const next = nextKitchenStep(column, 'delivery') as keyof typeof KITCHEN_STEP_ACTIONS;
  return page.getByRole('button', { name: `${KITCHEN_STEP_ACTIONS[next]}: order ${order.transaction_id}` });
};
const live = (page: Page, status: string) => expect(page.locator(`[data-live="${status}"]`)).toHaveCount(1);
const dialog = (page: Page) => page.getByRole('dialog');

/** The ticket's state in a word, as the page has it (src/routes/admin/kitchen.tsx). */
const STATE_WORDS: Partial<Record<OrderState, string>> = {
  paid: 'New',
  accepted: 'Accepted',
  preparing: 'Preparing',
  out_for_delivery: 'Out',
};

/** The flow's tickets as the board holds them, each flashing while its highlight lasts. */
async function ticketsShown({ page, orders }: World, at: WorldSnapshot<Server>) {
  const { orders: held, fresh } = contextOf(at.machine);
  if (held === null) await expect(board(page).getByText('Loading the board…')).toBeVisible();
  for (const key of KEYS) {
    const element = ticket(page, orders[key]);
    const order = held?.[key];
    if (!order) {
      await expect(element).toHaveCount(0);
      continue;
    }
    await expect(element).toHaveCount(1);
    // A scheduled order is Later until its start; its highlight may end on the clock as the path goes on.
    if (BOOKED.includes(key)) continue;
    // The server's event of a step it answered may be heard before the step's answer is.
    const { echo } = at.server;
    const words = [order.state, ...(echo?.orderId === key ? [echo.to] : [])].map(
      (state) => STATE_WORDS[state]!,
    );
    await expect(element).toContainText(new RegExp(`(${words.join('|')})`));
    if (fresh.includes(key)) await expect(element).toHaveClass(/ring-4/);
    else await expect(element).not.toHaveClass(/ring-4/);
  }
}

/** The busy switch: the button, whatever it says. */
const busyButton = (page: Page) =>
  page.getByRole('button', { name: /^(Busy|Not busy)/, includeHidden: true });

/** The times the page called the print dialog (counted by the stand-in of `setup`). */
const printCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0);

/** The printer's settings under "Printer", opened first. */
async function openPrinter(page: Page) {
  const open = await page.locator('details').evaluate((details) => (details as HTMLDetailsElement).open);
  if (!open) await page.getByText('Printer', { exact: true }).click();
}

/** The printer's settings as the model has them, and the ticket on the page's paper. */
async function ticketShown({ page, orders }: World, at: WorldSnapshot<Server>) {
  const { roll, autoPrint, ticket: paper } = contextOf(at.machine);
  await expect(page.getByRole('radio', { name: `${roll} mm`, includeHidden: true })).toBeChecked();
  await expect(
    page.getByRole('button', { name: 'Print when accepted', includeHidden: true }),
  ).toHaveAttribute('aria-pressed', String(autoPrint));
  const printed = page.getByRole('article', { name: /^Ticket for order/, includeHidden: true });
  if (!paper) return expect(printed).toHaveCount(0);
  await expect(printed).toHaveAttribute(
    'aria-label',
    `Ticket for order ${orders[paper._id as Key].transaction_id}`,
  );
  await expect(printed).toHaveAttribute('data-roll', String(roll));
}

/** Nothing is under way: the page's clock may jump (a held call would time out). */
const atRest = (snapshot: { matches: (value: object) => boolean }) =>
  snapshot.matches({ read: 'live' }) &&
  snapshot.matches({ tickets: 'idle' }) &&
  snapshot.matches({ move: 'idle' }) &&
  snapshot.matches({ print: 'waiting' }) &&
  !snapshot.matches({ busy: 'reading' }) &&
  !snapshot.matches({ busy: 'saving' });

flowTests<World, Server>({
  machine: withSilentEffects(kitchenBoardMachine),
  input: { soundOn: false },
  otherInputs: [{ soundOn: true }],
  server: {
    live: false,
    orders: { a: 'paid', n1: 'awaiting_payment', b1: 'paid', b2: 'paid' },
    echo: null,
    late: false,
    starting: null,
  },
  events: (snapshot, server) => {
    const context = contextOf(snapshot);
    const at = (value: object) => snapshot.matches(value);
    // What happens by itself comes first: the board hears what the server sent, the stream comes back,
    // the page prints the ticket it drew, the board asks again for the tickets it could not read.
    if (server.echo) return [{ type: 'order.event', event: server.echo }];
    if (!server.live) return [{ type: 'order.stream', status: 'live' }];
    if (at({ print: 'printing' })) return [{ type: 'kitchen.printed' }];
    if (at({ tickets: 'failed' })) return [{ type: 'kitchen.tickets.retry' }];
    const reading = at({ read: 'reading' });
    const moving = at({ move: 'moving' });
    const shownAt = context.orders?.a?.state as KitchenColumn | undefined;
    const readDone = reading ? [{ type: 'xstate.done.actor.readBoard', output: boardOf(server) }] : [];
    const moveDone = moving
      ? [
          {
            type: 'xstate.done.actor.moveOrder',
            output: modelOrder(context.move!.orderId as Key, context.move!.to),
          },
        ]
      : [];
    // Staff say whether they mean the early step, and nothing else happens meanwhile.
    if (at({ move: 'confirming' })) return [{ type: 'kitchen.confirm' }, { type: 'kitchen.back' }];
    // The printer's events in one stretch that ends a path (every other event with them would be far too
    // many paths): printing on acceptance turned on, a ticket printed, the other roll, then `a`
    // accepted, which prints its ticket.
    if (context.autoPrint) {
      return [
        ...readDone,
        ...moveDone,
        ...(!context.ticket && shownAt === 'paid'
          ? [{ type: 'kitchen.print', order: modelOrder('a', 'paid') }]
          : []),
        ...(context.ticket && context.roll === 80 ? [{ type: 'kitchen.roll', roll: 58 }] : []),
        ...(context.roll === 58 && !moving && shownAt === 'paid' && server.orders.a === 'paid'
          ? [moveOn('a', 'paid', EARLY)]
          : []),
      ];
    }
    const booked = BOOKED.find(
      (key) => context.orders?.[key]?.state === 'paid' && server.orders[key] === 'paid',
    );
    // The board as it opened: nothing paid meanwhile, nothing started. The stream's cuts, the moves and
    // the sound happen only then (each with every later event would be far too many paths).
    const opening = server.orders.n1 === 'awaiting_payment' && !server.late;
    return [
      ...readDone,
      // The first read fails (the API away); later ones are the catch-up reads, answered.
      ...(reading && context.orders === null
        ? [{ type: 'xstate.error.actor.readBoard', error: new Error(UNREACHABLE) }]
        : []),
      ...(at({ read: 'failed' }) ? [{ type: 'kitchen.retry' }] : []),
      // The stream cut and back (a tablet's Wi-Fi), with nothing else under way but a read.
      ...(!moving && opening && server.orders.a === 'paid' && !at({ move: 'refused' })
        ? [{ type: 'order.stream', status: 'live' }]
        : []),
      ...(at({ tickets: 'reading' })
        ? [
            {
              type: 'xstate.done.actor.readTickets',
              output: byIdOf(server, context.missing.slice(0, KITCHEN_BOARD_IDS_MAX)),
            },
            { type: 'xstate.error.actor.readTickets', error: new Error(UNREACHABLE) },
          ]
        : []),
      // The ticket's button, where the board shows it as the server has it.
      ...(!moving &&
      opening &&
      at({ read: 'live' }) &&
      (shownAt === 'paid' || shownAt === 'accepted') &&
      shownAt === server.orders.a
        ? [moveOn('a', shownAt, EARLY)]
        : []),
      // A Later ticket accepted hours early.
      ...(!moving && opening && at({ read: 'live' }) && booked ? [moveOn(booked, 'paid', EARLY)] : []),
      ...moveDone,
      // Refused: another member of staff moved `a` on first.
      ...(moving && context.move!.orderId === 'a'
        ? [{ type: 'xstate.error.actor.moveOrder', error: new Error('moved already') }]
        : []),
      ...(!moving && server.orders.n1 === 'awaiting_payment'
        ? [{ type: 'order.event', event: paidEvent }]
        : []),
      ...(opening && !moving && at({ read: 'live' }) && server.orders.a === 'paid'
        ? [
            { type: 'kitchen.sound' },
            ...(at({ sound: 'waitingForTap' }) ? [{ type: 'kitchen.sound.allow' }] : []),
          ]
        : []),
      // The busy switch early in a path, with the board at rest (its states with every other's would be
      // far too many paths to walk in a browser).
      ...(at({ read: 'live' }) && !moving && server.orders.n1 === 'awaiting_payment' && !server.late
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
      // The printer's stretch starts with `a` still paid and the board at rest.
      ...(atRest(snapshot) &&
      at({ busy: 'shown' }) &&
      server.orders.a === 'paid' &&
      shownAt === 'paid' &&
      server.orders.n1 === 'awaiting_payment' &&
      !server.late
        ? [{ type: 'kitchen.autoPrint' }]
        : []),
      // The clock is moved only with nothing under way, and for a highlight of its own (moved past
      // one, it would take the other's end with it).
      ...(context.fresh.length === 1 && atRest(snapshot)
        ? [{ type: 'kitchen.fade', orderId: context.fresh[0] }]
        : []),
      // The clock moved to the scheduled orders' start, with no highlight it would end.
      ...(context.fresh.length === 0 && atRest(snapshot) && !server.late && booked
        ? [{ type: 'kitchen.started', orderId: booked, transactionId: `T-${booked}` }]
        : []),
    ];
  },
  // Both scheduled orders start in the same tick of the page's clock: the second flashes as the first.
  answeredAtOnce: (_snapshot, server) =>
    server.starting
      ? { type: 'kitchen.started', orderId: server.starting, transactionId: `T-${server.starting}` }
      : undefined,
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
        const { orderId, from, to } = contextOf(snapshot).move!;
        return { ...server, echo: modelEvent(3, orderId as Key, from, to) };
      }
      case 'kitchen.fade':
        return { ...server, live: false };
      case 'kitchen.started': {
        if (server.starting) return { ...server, starting: null };
        const { orderId } = event as unknown as { orderId: Key };
        const other = BOOKED.find(
          (key) => key !== orderId && server.orders[key] === 'paid' && contextOf(snapshot).orders?.[key],
        );
        return { ...server, live: false, late: true, starting: other ?? null };
      }
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
    if (event.type === 'kitchen.move') {
      const { orderId, to } = event as unknown as KitchenMove;
      return `kitchen.move ${orderId} ${to}`;
    }
    if (event.type === 'kitchen.started')
      return `kitchen.started ${(event as unknown as KitchenMove).orderId}`;
    return undefined;
  },
  timeoutMs: 120_000,

  calls: {
    readBoard: { gate: (world) => world.reads },
    readTickets: { gate: (world) => world.byId },
    moveOrder: { gate: (world) => world.moves },
    readKitchen: { gate: (world) => world.kitchen },
    saveBusy: { gate: (world) => world.busy },
  },

  async setup(fixtures, path) {
    const { page, request } = fixtures;
    const staff = await Staff.signIn(request);
    await staff.setBusy(false);
    // As soon as possible whatever the hour, and later slots through the day.
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
    const place = async (slot?: string) => {
      await api.call('POST', 'add-to-cart', { itemId: dish._id, quantity: 1 });
      return placeOrder(api, NAME, account.email, 'delivery', 'online', slot);
    };
    const a = await place();
    await notifyPayment(a, 'paid');
    // A slot well ahead: its orders start long after the path has ended (its start is the clock's jump).
    const { slots } = await api.call<{ slots: OfferedSlot[] }>(
      'GET',
      `order-slots?orderType=delivery&postcode=${DELIVERY.postcode}`,
    );
    const slot = slots.find((offered) => Date.parse(offered.at) > Date.now() + 75 * 60_000);
    if (!slot) throw new Error('no slot is offered 75 minutes ahead');
    const b1 = await place(slot.at);
    await notifyPayment(b1, 'paid');
    const b2 = await place(slot.at);
    await notifyPayment(b2, 'paid');
    expect(b2.start_at, 'both scheduled orders start together').toBe(b1.start_at);
    expect(Date.parse(b1.start_at!) - Date.now(), 'accepting them now is ahead of plan').toBeGreaterThan(
      AHEAD_MS + 10 * 60_000,
    );
    // Placed last: an unpaid order is released by the customer's next checkout.
    const orders = { a, b1, b2, n1: await place() };

    await page.addInitScript(() => {
      window.print = () => {
        const counted = window as unknown as { printed?: number };
        counted.printed = (counted.printed ?? 0) + 1;
      };
      // The order stream's connections: the first waits for the path's word (the board is
      // connecting until then), and the flow can cut the one open (a tablet's Wi-Fi dropping).
      const streams: AbortController[] = [];
      const stream = window as unknown as { cutStream: () => void; openStream: () => void; streams: number };
      let open = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      stream.streams = 0;
      stream.openStream = () => open();
      stream.cutStream = () => {
        for (const cut of streams.splice(0)) cut.abort();
      };
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.includes('/admin-order-stream')) return original(input, init);
        await opened;
        const cut = new AbortController();
        streams.push(cut);
        stream.streams++;
        const signal = init?.signal ? AbortSignal.any([init.signal, cut.signal]) : cut.signal;
        return original(input, { ...init, signal });
      };
    });
    await page.clock.install();
    await signIn(page, ADMIN);
    const reads = await Gate.on(
      page,
      'GET /admin-kitchen-board',
      (r) =>
        r.method() === 'GET' && /\/api\/admin-kitchen-board\?/.test(r.url()) && !/[?&]ids=/.test(r.url()),
    );
    const byId = await Gate.on(
      page,
      'GET /admin-kitchen-board?ids=',
      (r) => r.method() === 'GET' && /\/api\/admin-kitchen-board\?/.test(r.url()) && /[?&]ids=/.test(r.url()),
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
      byId,
      moves,
      kitchen,
      busy,
      prints: 0,
    };
  },
  async teardown({ context, staff, dishId, orders, reads, byId, moves, kitchen, busy }) {
    await context.setOffline(false);
    for (const gate of [reads, byId, moves, kitchen, busy]) await gate.open();
    await staff.setBusy(false);
    await staff.openAroundTheClock(false);
    // Off the board for the next path: a paid order is cancelled (owed back); an unpaid one was
    // released already by the customer's next checkout.
    for (const order of Object.values(orders)) await staff.moveOrder(order._id, 'refund_due').catch(() => {});
    await staff.deleteItem(dishId);
  },

  actions: {
    async 'order.stream'(world, { from }) {
      const { page, context } = world;
      if (world.offline) {
        await context.setOffline(false);
        world.offline = false;
        // The reader is waiting out its backoff: let it try now.
        await page.clock.fastForward(30_000);
      } else if (!from.server.live) {
        await page.evaluate(() => (window as unknown as { openStream: () => void }).openStream());
      } else {
        // Cut by the page and back: the reader connects again by itself.
        const streams = () => page.evaluate(() => (window as unknown as { streams: number }).streams);
        const before = await streams();
        await page.evaluate(() => (window as unknown as { cutStream: () => void }).cutStream());
        await expect.poll(streams, { message: 'the stream connects again' }).toBeGreaterThan(before);
      }
      await live(page, 'live');
    },
    async 'order.event'(world, { event }) {
      const { to } = (event as unknown as { event: OrderEvent }).event;
      // The board's own move (or the other member of staff's) sent it already.
      if (to !== 'paid') return;
      await notifyPayment(world.orders.n1, 'paid');
      await expect(world.page.getByRole('status').filter({ hasText: 'New paid order' })).toBeAttached();
      world.highlightedAt.set('n1', await world.page.evaluate(() => Date.now()));
    },
    async 'xstate.done.actor.readBoard'({ reads }) {
      await reads.release();
    },
    async 'xstate.error.actor.readBoard'({ reads }) {
      await reads.fail();
    },
    async 'xstate.done.actor.readTickets'({ byId }) {
      await byId.release();
    },
    // Down until it has given up (its retries, 1, 2 and 4 s): the board waits then to ask again.
    async 'xstate.error.actor.readTickets'({ byId }) {
      const tried = byId.seen;
      await byId.fail();
      await expect
        .poll(() => byId.seen, { message: 'the read by id gave up', timeout: 15_000 })
        .toBeGreaterThanOrEqual(tried + GET_RETRIES);
    },
    // The board asks again by itself (RETRY_MS on the page's clock): the gate holds that call.
    async 'kitchen.tickets.retry'() {},
    async 'kitchen.retry'({ page }) {
      await board(page).getByRole('button', { name: 'Try again' }).click();
    },
    async 'kitchen.move'({ page, orders }, { event }) {
      const { orderId, from } = event as unknown as KitchenMove;
      await nextButton(page, orders[orderId as Key], from).click();
    },
    async 'kitchen.confirm'({ page }) {
      await dialog(page).getByRole('button', { name: 'Yes, do it now' }).click();
    },
    async 'kitchen.back'({ page }) {
      await dialog(page).getByRole('button', { name: 'Back' }).click();
    },
    async 'xstate.done.actor.moveOrder'({ moves }) {
      await moves.release();
    },
    // Another member of staff moves the order on first: the board's move is refused by the server.
    async 'xstate.error.actor.moveOrder'({ staff, orders, moves }, { from }) {
      await staff.moveOrder(orders.a._id, contextOf(from.machine).move!.to);
      await moves.release();
    },
    async 'kitchen.sound'({ page }, { from }) {
      const waiting = from.machine.matches({ sound: 'waitingForTap' });
      await page.getByRole('button', { name: waiting ? 'Keep it off' : /^Sound (on|off)$/ }).click();
    },
    async 'kitchen.sound.allow'({ page }) {
      await page.getByRole('button', { name: 'Tap to turn the sound back on' }).click();
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
      await openPrinter(page);
      await page.getByRole('button', { name: 'Print when accepted' }).click();
    },
    async 'kitchen.print'({ page, orders }) {
      await ticket(page, orders.a)
        .getByRole('button', { name: `Print ticket: order ${orders.a.transaction_id}` })
        .click();
    },
    // Printed by itself as soon as the ticket was drawn: the printing screen saw it.
    async 'kitchen.printed'() {},
    async 'kitchen.roll'({ page }, { event }) {
      await openPrinter(page);
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
    // The page's clock jumps to the scheduled orders' start: their tickets leave Later at the next
    // tick. The jump cuts the stream too (offline, it stays cut until the path says it is back).
    async 'kitchen.started'(world) {
      const { page, context, orders } = world;
      const now = await page.evaluate(() => Date.now());
      await context.setOffline(true);
      world.offline = true;
      await page.clock.fastForward(Date.parse(orders.b1.start_at!) - now + 1_000);
      const started = await page.evaluate(() => Date.now());
      for (const key of BOOKED) world.highlightedAt.set(key, started);
      await expect(page.getByRole('status').filter({ hasText: 'Start now:' })).toBeAttached();
      await live(page, 'reconnecting');
    },
  },

  screens: {
    'kitchenBoard.read': ticketsShown,
    async 'kitchenBoard.read.connecting'({ page, reads }) {
      await expect(board(page)).toHaveAttribute('aria-busy', 'true');
      expect(reads.seen, 'no read before the stream is live').toBe(0);
    },
    async 'kitchenBoard.read.reading'({ page, reads }) {
      await expect(board(page)).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => reads.holding, { message: 'the board is being read' }).toBe(true);
    },
    async 'kitchenBoard.read.live'({ page }) {
      await expect(board(page)).toHaveAttribute('aria-busy', 'false');
      await expect(board(page).getByRole('button', { name: 'Try again', includeHidden: true })).toHaveCount(
        0,
      );
    },
    async 'kitchenBoard.read.failed'({ page }) {
      // The reads give up after their retries (1, 2 and 4 s).
      await expect(board(page).getByRole('button', { name: 'Try again', includeHidden: true })).toBeVisible({
        timeout: 15_000,
      });
      await expect(board(page)).toHaveAttribute('aria-busy', 'false');
    },
    'kitchenBoard.tickets': async () => {},
    'kitchenBoard.tickets.idle': async () => {},
    async 'kitchenBoard.tickets.reading'({ byId }) {
      await expect.poll(() => byId.holding, { message: 'the new ticket is being read' }).toBe(true);
    },
    // Not read: the order heard of has no ticket yet (the tickets' screen), and none is asked for.
    async 'kitchenBoard.tickets.failed'({ byId }) {
      expect(byId.holding).toBe(false);
    },
    'kitchenBoard.move': async () => {},
    async 'kitchenBoard.move.idle'({ page, orders }, at) {
      await expect(dialog(page)).toHaveCount(0);
      const shownAt = contextOf(at.machine).orders?.a?.state as KitchenColumn | undefined;
      if (shownAt && nextKitchenStep(shownAt, 'delivery'))
        await expect(nextButton(page, orders.a, shownAt)).toBeEnabled();
    },
    async 'kitchenBoard.move.confirming'({ page, orders }, at) {
      const key = contextOf(at.machine).move!.orderId as Key;
      await expect(dialog(page)).toContainText(`Order ${orderNumberText(orders[key])} is for later`);
    },
    async 'kitchenBoard.move.moving'({ page, orders, moves }, at) {
      const { orderId, from } = contextOf(at.machine).move!;
      await expect(nextButton(page, orders[orderId as Key], from)).toBeDisabled();
      await expect.poll(() => moves.holding, { message: 'the move has been sent' }).toBe(true);
    },
    async 'kitchenBoard.move.refused'({ page, orders }) {
      await expect(
        page
          .getByRole('alert', { includeHidden: true })
          .filter({ hasText: `Order ${orders.a.transaction_id}: ` }),
      ).toBeVisible();
    },
    'kitchenBoard.highlight': async () => {},
    'kitchenBoard.highlight.none': async () => {},
    // The live region names the newest: by its number once the board holds its ticket.
    async 'kitchenBoard.highlight.fresh'({ page, orders }, at) {
      const { announced, orders: held } = contextOf(at.machine);
      const status = page
        .getByRole('status', { includeHidden: true })
        .filter({ hasText: /^(New paid order|Start now:)/ });
      if (announced!.started) {
        // Both start in one tick, in the page's order.
        const numbers = BOOKED.map((key) => orderNumberText(orders[key]).replace('#', '\\#'));
        return expect(status).toHaveText(new RegExp(`^Start now: (${numbers.join('|')})$`));
      }
      const key = announced!.orderId as Key;
      await expect(status).toHaveText(
        held?.[key] ? `New paid order ${orderNumberText(orders[key])}` : 'New paid order',
      );
    },
    'kitchenBoard.sound': async () => {},
    async 'kitchenBoard.sound.waitingForTap'({ page }) {
      await expect(
        page.getByRole('button', { name: 'Tap to turn the sound back on', includeHidden: true }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /^Sound (on|off)$/, includeHidden: true })).toHaveCount(
        0,
      );
    },
    async 'kitchenBoard.sound.off'({ page }) {
      await expect(page.getByRole('button', { name: 'Sound off', includeHidden: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    },
    async 'kitchenBoard.sound.on'({ page }) {
      await expect(page.getByRole('button', { name: 'Sound on', includeHidden: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    },
    'kitchenBoard.busy': async () => {},
    async 'kitchenBoard.busy.reading'({ page, kitchen }) {
      await expect(busyButton(page)).toHaveAttribute('aria-busy', 'true');
      await expect(busyButton(page)).toHaveText('Busy');
      await expect.poll(() => kitchen.holding, { message: 'the kitchen’s rules are being read' }).toBe(true);
    },
    async 'kitchenBoard.busy.unknown'({ page }) {
      // The read gives up after its retries (1, 2 and 4 s).
      await expect(busyButton(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
      await expect(busyButton(page)).toHaveText('Busy');
      await expect(
        page.getByRole('alert', { includeHidden: true }).filter({ hasText: UNREACHABLE }),
      ).toBeVisible();
    },
    async 'kitchenBoard.busy.shown'({ page }, at) {
      const busy = contextOf(at.machine).kitchen?.busy ?? false;
      await expect(busyButton(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
      await expect(busyButton(page)).toHaveAttribute('aria-pressed', String(busy));
      await expect(busyButton(page)).toHaveText(busy ? 'Busy: +15 min' : 'Not busy');
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
  },
});
