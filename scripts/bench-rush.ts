// `npm run bench:rush`: a dinner rush, end to end, against the stack as `npm start` starts it (behind a
// proxy, TRUST_PROXY=true, so that each simulated customer has an address of its own, as real ones
// do). Customers arrive at a steady rate; each opens Home, the Menu and an item, adds it to the cart,
// checks out and pays on the sandbox page (which notifies the API, server to server), and waits for
// the payment result page to see it paid. Meanwhile guests browse and an admin pages through Manage
// orders. Then the books are checked: nothing oversold, stock + held = initial for every item, every
// paid order paid once. The figures go to docs/benchmarks.md.
// With BENCH_RUSH_FIND=1 it finds the shop's capacity instead: rushes at a rising rate until one is not
// held, then rushes at twice the highest rate held, where the API must shed what it cannot serve
// (server/api/middleware/admission.ts) and still complete orders at capacity.
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { MAX_RETRY_AFTER_MS } from '../contract/admission.ts';
import { cartTotals } from '../contract/cart.ts';
import { API_PATH_PREFIX } from '../contract/http.ts';
import type { MenuItem } from '../contract/menu.ts';
import { ORDER_TIME_FORMAT } from '../contract/order.ts';
import { nextCursorOf } from '../contract/paging.ts';
import { ApiTokenSchema } from '../contract/user.ts';
import { connectDatabase, type Database } from '../server/db/client.ts';
import { embeddedPostgresUrl } from '../server/db/embedded.ts';
import { readEnv } from '../server/env.ts';
import { signInDemo } from './lib/bench-accounts.ts';
import { BENCH_ENV } from './lib/bench-env.ts';
import { type BenchAnswer, send } from './lib/bench-http.ts';
import { machineLine, table, verdict, writeSection } from './lib/bench-report.ts';
import {
  BENCH_API_URL,
  BENCH_AUTH_HOST,
  BENCH_PORTS,
  BENCH_WEB_URL,
  startBenchStorefront,
} from './lib/bench-storefront.ts';
import { hostLine, memoryFirstTouchMs } from './lib/host-speed.ts';

const env = readEnv(BENCH_ENV, {
  read: [
    'BENCH_RUSH_RATE',
    'BENCH_RUSH_SECONDS',
    'BENCH_RUSH_CUSTOMERS',
    'BENCH_RUSH_RUNS',
    'BENCH_RUSH_WARMUP_SECONDS',
    'BENCH_RUSH_FIND',
    'BENCH_RUSH_FIND_FROM',
    'BENCH_RUSH_FIND_STEP',
  ],
});
const SECONDS = env.BENCH_RUSH_SECONDS;
/** The fewest customers in a set; more are signed up for a rate that needs them (customersFor). */
const CUSTOMERS = env.BENCH_RUSH_CUSTOMERS;
/** Measured rushes; each target holds on the worst. */
const RUNS = env.BENCH_RUSH_RUNS;
/** The warm-up before them, at the first rate, by customers of its own. */
const WARMUP_SECONDS = env.BENCH_RUSH_WARMUP_SECONDS;
/** The capacity mode: the rate it starts from and the step it rises by. */
const FIND = env.BENCH_RUSH_FIND;
const FIND_FROM = env.BENCH_RUSH_FIND_FROM;
const FIND_STEP = env.BENCH_RUSH_FIND_STEP;
/** Where the ramp gives up rising, held or not: far past what two cores serve. */
const FIND_CEILING = 400;
/** New customers a second: BENCH_RUSH_RATE (the target is 35 paid orders a second), or the ramp's first. */
const FIRST_RATE = FIND ? FIND_FROM : env.BENCH_RUSH_RATE;
const GUESTS = 6;
const INITIAL_STOCK = 100_000;
const KITCHEN_SLOT_ORDERS = 1_000_000;
const TARGETS = { ordersPerSecond: 35, p99: 300 };
/** Issue 28's targets for the capacity mode. */
const CAPACITY_TARGETS = {
  capacity: 72,
  /** Completed orders a second at twice the capacity offered, as a share of the capacity. */
  overloadShare: 0.9,
  refusedWithinMs: 100,
  longestWaitMs: 2_000,
  itemPageP50Ms: 5,
};
/** A rush holds its rate when its slowest window completes this share of it. */
const HELD_SHARE = 0.95;

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };

interface Customer {
  uid: string;
  token: string;
  address: string;
}

/** The API refused the call for overload (503 with Retry-After): it did nothing with it. */
class Refused extends Error {
  constructor(
    what: string,
    readonly retryAfterMs: number,
  ) {
    super(`${what} was refused for overload`);
  }
}

/** Refused twice: the customer leaves, as the storefront gives up after its one retry. */
class TurnedAway extends Error {}

const add = (map: Map<string, number[]>, step: string, value: number) => {
  const list = map.get(step) ?? [];
  list.push(value);
  map.set(step, list);
};

/** Latencies and failures per step; refusals for overload apart. */
class Steps {
  readonly times = new Map<string, number[]>();
  readonly refusals = new Map<string, number[]>();
  readonly failures = new Map<string, number>();
  readonly examples = new Map<string, string>();

  async time<T>(step: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let refused = false;
    try {
      return await call();
    } catch (error) {
      refused = error instanceof Refused;
      if (!refused) {
        this.failures.set(step, (this.failures.get(step) ?? 0) + 1);
        if (!this.examples.has(step)) this.examples.set(step, (error as Error).message);
      }
      throw error;
    } finally {
      add(refused ? this.refusals : this.times, step, performance.now() - started);
    }
  }

  /**
   * A call the API may refuse for overload, sent once more after Retry-After as the storefront sends it
   * (src/api/http.ts); refused again, the customer is turned away.
   */
  async admitted<T>(step: string, call: () => Promise<T>): Promise<T> {
    try {
      return await this.time(step, call);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      await sleep(Math.min(MAX_RETRY_AFTER_MS, error.retryAfterMs * (1 + Math.random() / 4)));
      return this.time(step, call).catch((again: unknown) => {
        throw again instanceof Refused ? new TurnedAway(step) : again;
      });
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expect(response: BenchAnswer, status: number, what: string): BenchAnswer {
  const retryAfter = response.header('retry-after');
  if (response.status === 503 && retryAfter !== undefined) throw new Refused(what, Number(retryAfter) * 1000);
  if (response.status !== status) {
    throw new Error(`${what} answered ${response.status}: ${response.text().slice(0, 200)}`);
  }
  return response;
}

const jsonHeaders = (customer?: Customer) => ({
  'Content-Type': 'application/json',
  ...BROWSER,
  ...(customer ? { Authorization: `Bearer ${customer.token}`, 'X-Forwarded-For': customer.address } : {}),
});

/** A customer signs up with the identity provider, registers with the API and gets an API token. */
async function signUp(n: number): Promise<Customer> {
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const email = `rush-${Date.now().toString(36)}-${n}@example.com`;
  const provider = expect(
    await send(`http://${BENCH_AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`, {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ email, password: 'pizza1', returnSecureToken: true }),
    }),
    200,
    'The Auth emulator',
  ).json() as { idToken: string; localId: string };
  const asProvider = {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${provider.idToken}`,
    'X-Forwarded-For': address,
  };
  expect(
    await send(`${BENCH_API_URL}/users`, {
      method: 'POST',
      headers: asProvider,
      body: JSON.stringify({ uid: provider.localId, displayName: `Rush Customer ${n}`, email, role: 'user' }),
    }),
    201,
    'POST /users',
  );
  const jwt = expect(
    await send(`${BENCH_API_URL}/jwt`, {
      method: 'POST',
      headers: asProvider,
      body: JSON.stringify({ uid: provider.localId }),
    }),
    200,
    'POST /jwt',
  );
  return { uid: provider.localId, token: v.parse(ApiTokenSchema, jwt.json()).token, address };
}

/**
 * The API's own path of an address the storefront hands out under its `/api`: the rush calls the API
 * directly, each customer from an address of its own (a proxy in between would make them all one).
 */
const apiPathOf = (url: URL): string =>
  url.pathname.startsWith(`${API_PATH_PREFIX}/`) ? url.pathname.slice(API_PATH_PREFIX.length) : url.pathname;

/** When a visit's order was paid (the gateway's notification taken) and when the customer saw it. */
interface Visits {
  paidAt: number[];
  completedAt: number[];
  turnedAway: number;
  failed: number;
}

/** One customer's visit, from Home to a paid order; resolves when the payment page says paid. */
async function visit(steps: Steps, customer: Customer, item: MenuItem, visits: Visits): Promise<void> {
  const page = async (step: string, path: string) =>
    steps.time(step, async () => {
      expect(await send(`${BENCH_WEB_URL}${path}`, { headers: BROWSER }), 200, path);
    });
  await page('Home', '/');
  await page('Menu', '/menu');
  await page('item page', `/item-detail/${item._id}`);
  await steps.admitted('POST /add-to-cart', async () => {
    const response = await send(`${BENCH_API_URL}/add-to-cart`, {
      method: 'POST',
      headers: jsonHeaders(customer),
      body: JSON.stringify({ itemId: item._id, quantity: 1 }),
    });
    expect(response, 201, 'POST /add-to-cart');
  });
  const lines = await steps.admitted('GET /add-to-cart', async () => {
    const response = expect(
      await send(`${BENCH_API_URL}/add-to-cart?uid=${customer.uid}`, { headers: jsonHeaders(customer) }),
      200,
      'GET /add-to-cart',
    );
    return response.json() as Array<{ price: number; quantity: number }>;
  });
  const payPage = await steps.admitted('POST /create-payment-intent', async () => {
    const response = await send(`${BENCH_API_URL}/create-payment-intent?uid=${customer.uid}`, {
      method: 'POST',
      headers: jsonHeaders(customer),
      body: JSON.stringify({
        fullName: 'Rush Customer',
        email: 'rush@example.com',
        phone: '01711 000000',
        address: '12 Road 5, Dhanmondi',
        postcode: '1205',
        city: 'Dhaka',
        total_price: cartTotals(lines).totalPrice,
        order_time: dayjs().format(ORDER_TIME_FORMAT),
      }),
    });
    expect(response, 200, 'POST /create-payment-intent');
    return new URL((response.json() as { url: string }).url);
  });
  const sig = payPage.searchParams.get('sig') ?? '';
  const tranId = decodeURIComponent(payPage.pathname.split('/').pop()!);
  await steps.time('payment page', async () => {
    expect(await send(`${BENCH_API_URL}${apiPathOf(payPage)}${payPage.search}`), 200, 'payment page');
  });
  const returned = await steps.time('Pay (gateway notifies the API)', async () => {
    const response = await send(`${BENCH_API_URL}${apiPathOf(payPage)}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sig }).toString(),
    });
    expect(response, 303, 'Pay');
    return new URL(response.header('location')!);
  });
  visits.paidAt.push(Date.now());
  const result = await steps.admitted('return to the storefront', async () => {
    // From the customer's own address, as a browser's return is: the API limits returns per address.
    const response = await send(`${BENCH_API_URL}${apiPathOf(returned)}${returned.search}`, {
      headers: { 'X-Forwarded-For': customer.address },
    });
    expect(response, 303, 'the return route');
    return new URL(response.header('location')!);
  });
  await page('payment result page', result.pathname);
  await steps.admitted('GET /payment-status', async () => {
    const response = expect(
      await send(`${BENCH_API_URL}/payment-status/${encodeURIComponent(tranId)}?uid=${customer.uid}`, {
        headers: jsonHeaders(customer),
      }),
      200,
      'GET /payment-status',
    );
    const status = response.json() as { payment_status: boolean };
    if (!status.payment_status) throw new Error(`${tranId} is not paid`);
  });
  visits.completedAt.push(Date.now());
}

async function guest(steps: Steps, menu: MenuItem[], until: number): Promise<void> {
  for (let n = 0; Date.now() < until; n++) {
    const item = menu[n % menu.length]!;
    const path = ['/', '/menu', `/item-detail/${item._id}`, '/blog'][n % 4]!;
    await steps
      .time(`guest: ${path.startsWith('/item') ? 'item page' : path}`, async () => {
        expect(await send(`${BENCH_WEB_URL}${path}`, { headers: BROWSER }), 200, path);
      })
      .catch(() => {});
    await sleep(50);
  }
}

async function admin(steps: Steps, account: Customer, until: number): Promise<void> {
  while (Date.now() < until) {
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      cursor = await steps
        .admitted('admin: Manage orders page', async () => {
          const response = expect(
            await send(`${BENCH_API_URL}/admin-order?uid=${account.uid}&limit=20${query}`, {
              headers: jsonHeaders(account),
            }),
            200,
            'GET /admin-order',
          );
          return nextCursorOf(response.header('link') ?? null);
        })
        .catch(() => null);
      await sleep(200);
    }
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** After the rush: every item's stock plus what orders hold equals what it started with. */
async function books(db: Database) {
  const result = await db.execute<{ name: string; stock: number; held: number; sold: number }>(sql`
    select m.name, m.quantity as stock,
           coalesce(sum(l.quantity) filter (where not o.stock_released), 0)::int as held,
           coalesce(sum(l.quantity) filter (where o.payment_status and not o.stock_released), 0)::int as sold
    from menu_items m
    left join order_lines l on l.item_id = m.id
    left join orders o on o.id = l.order_id
    group by m.id order by m.name`);
  const paid = await db.execute<{ orders: number; unpaid: number; refunds: number }>(sql`
    select count(*) filter (where payment_status)::int as orders,
           count(*) filter (where not payment_status and not stock_released)::int as unpaid,
           count(*) filter (where refund_due)::int as refunds
    from orders`);
  return { items: result.rows, ...paid.rows[0]! };
}

/** What one rush measured. */
interface RushRun {
  steps: Steps;
  /** Customers arriving a second. */
  offered: number;
  seconds: number;
  arrivals: number;
  /** Visits whose order was paid; and that saw it paid, within the rush's time and after. */
  paid: number;
  completed: number;
  inWindow: number;
  failedVisits: number;
  turnedAway: number;
  perTen: number[];
  /** Orders paid a second within the rush's time. */
  rate: number;
  worstP99: number;
  slowestStep: string;
  errors: number;
  /** Calls refused for overload, and the slowest of those answers. */
  refused: number;
  refusedP99: number;
  refusedMax: number;
  /** The longest any call waited for its answer (refusals included), and which step it was. */
  longest: number;
  longestStep: string;
}

/** Customers arrive at `offered` a second for `seconds` (open loop) while guests browse and an admin pages. */
async function rush(
  customers: Customer[],
  adminAccount: Customer,
  menu: MenuItem[],
  offered: number,
  seconds: number,
): Promise<RushRun> {
  const steps = new Steps();
  const started = Date.now();
  const until = started + seconds * 1000;
  const visits: Visits = { paidAt: [], completedAt: [], turnedAway: 0, failed: 0 };
  const background = [
    ...Array.from({ length: GUESTS }, () => guest(steps, menu, until)),
    admin(steps, adminAccount, until),
  ];
  const arrived: Array<Promise<void>> = [];
  for (let n = 0; started + (n * 1000) / offered < until; n++) {
    const due = started + (n * 1000) / offered;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    const customer = customers[n % customers.length]!;
    const item = menu[(n * 7) % menu.length]!;
    arrived.push(
      visit(steps, customer, item, visits).catch((error: unknown) => {
        if (error instanceof TurnedAway) visits.turnedAway++;
        else visits.failed++;
      }),
    );
  }
  await Promise.all([...arrived, ...background]);
  const inWindow = visits.paidAt.filter((at) => at <= until).length;
  const p99s = [...steps.times].map(([step, times]) => [step, percentile(times, 99)] as const);
  const [slowestStep, worstP99] = p99s.reduce((worst, row) => (row[1] > worst[1] ? row : worst), ['', 0]);
  const refusals = [...steps.refusals.values()].flat();
  const longestOf = [...steps.times, ...steps.refusals].map(
    ([step, times]) => [step, Math.max(0, ...times)] as const,
  );
  const [longestStep, longest] = longestOf.reduce((worst, row) => (row[1] > worst[1] ? row : worst), ['', 0]);
  return {
    steps,
    offered,
    seconds,
    arrivals: arrived.length,
    paid: visits.paidAt.length,
    completed: visits.completedAt.length,
    inWindow,
    failedVisits: visits.failed,
    turnedAway: visits.turnedAway,
    perTen: Array.from({ length: Math.ceil(seconds / 10) }, (_, i) => {
      const from = started + i * 10_000;
      const to = Math.min(from + 10_000, until);
      return visits.paidAt.filter((at) => at > from && at <= to).length / ((to - from) / 1000);
    }),
    rate: inWindow / seconds,
    worstP99,
    slowestStep,
    errors: [...steps.failures.values()].reduce((sum, n) => sum + n, 0),
    refused: refusals.length,
    refusedP99: percentile(refusals, 99),
    refusedMax: Math.max(0, ...refusals),
    longest,
    longestStep,
  };
}

/** Held: every order paid at the rate offered, the slowest step's p99 within target, nobody refused. */
const held = (run: RushRun): boolean =>
  run.worstP99 <= TARGETS.p99 &&
  run.errors === 0 &&
  run.refused === 0 &&
  Math.min(...run.perTen) >= HELD_SHARE * run.offered;

/** The customers signed up so far, numbered from 1 (each number its own address). */
let signedUp = 0;
async function signUpMore(count: number): Promise<Customer[]> {
  const customers: Customer[] = [];
  while (customers.length < count) {
    const batch = Math.min(20, count - customers.length);
    const from = signedUp;
    signedUp += batch;
    customers.push(...(await Promise.all(Array.from({ length: batch }, (_, i) => signUp(from + i + 1)))));
  }
  return customers;
}

/**
 * Customers a set needs at `rate`: each may check out 10 times in a minute's window, and the two sets
 * take turns, so a set's customers come back within the minute for as long as that (e.g. three rushes
 * of 10 s): 8 visits each at most in that time leaves room.
 */
const customersFor = (rate: number) =>
  Math.max(CUSTOMERS, Math.ceil((rate * Math.min(60, SECONDS * Math.ceil(30 / SECONDS))) / 8));

/** Two sets of customers, taking turns rush by rush, each signed up to the size its next rush needs. */
function customerSets() {
  const sets: Customer[][] = [[], []];
  let turn = 0;
  return async (rate: number): Promise<Customer[]> => {
    const set = sets[turn++ % 2]!;
    const needed = customersFor(rate);
    if (set.length < needed) {
      console.log(`Signing up ${needed - set.length} more customers …`);
      set.push(...(await signUpMore(needed - set.length)));
    }
    return set;
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const runRow = (name: string, run: RushRun) => [
  name,
  String(run.arrivals),
  `${run.completed} (${run.inWindow} paid within the ${run.seconds} s)`,
  run.rate.toFixed(1),
  run.perTen.map((n) => n.toFixed(1)).join(', '),
  `${ms(run.worstP99)} (${run.slowestStep})`,
  String(run.errors),
];

const stepRows = (steps: Steps) =>
  [...steps.times].map(([step, times]) => [
    step,
    String(times.length),
    ms(percentile(times, 50)),
    ms(percentile(times, 99)),
    String(steps.failures.get(step) ?? 0),
    String(steps.refusals.get(step)?.length ?? 0),
  ]);
const STEP_HEAD = ['step', 'requests answered', 'p50', 'p99', 'failed', 'refused (503)'];

const firstFailures = (runs: RushRun[]) => {
  const examples = runs.flatMap((run) => [...run.steps.examples]);
  return examples.length > 0
    ? `\nFirst failure of each step: ${examples.map(([step, message]) => `${step}: ${message}`).join('; ')}\n`
    : '';
};

interface Ledger {
  books: Awaited<ReturnType<typeof books>>;
  oversold: number;
  unbalanced: number;
}

async function readLedger(db: Database): Promise<Ledger> {
  const ledger = await books(db);
  return {
    books: ledger,
    oversold: ledger.items.filter((item) => item.stock < 0).length,
    unbalanced: ledger.items.filter((item) => item.stock + item.held !== INITIAL_STOCK).length,
  };
}

/** The checks on the books every mode makes: what the visits saw paid is what the database holds. */
function bookChecks({ books: ledger, oversold, unbalanced }: Ledger, runs: RushRun[]) {
  const paid = runs.reduce((sum, run) => sum + run.paid, 0);
  return [
    ['items oversold', '0', String(oversold), oversold === 0],
    ['items whose stock + held ≠ initial', '0', String(unbalanced), unbalanced === 0],
    [
      'paid orders in the books = visits whose payment was taken',
      String(paid),
      String(ledger.orders),
      ledger.orders === paid,
    ],
  ] as const;
}

/** The run that `worse` ranks last; undefined for none. */
const worstOf = (runs: RushRun[], worse: (run: RushRun, worst: RushRun) => boolean) =>
  runs.reduce<RushRun | undefined>((worst, run) => (!worst || worse(run, worst) ? run : worst), undefined);

type Check = readonly [string, string, string, boolean];
const checkTable = (checks: readonly Check[]) =>
  table(
    ['check', 'target', 'measured', 'result'],
    checks.map(([what, target, measured, ok]) => [what, target, measured, verdict(ok)]),
  );

function rushReport(
  warm: RushRun,
  runs: RushRun[],
  ledger: Ledger,
  host: string,
): { markdown: string; ok: boolean } {
  const slowest = runs.reduce((worst, run) => (run.worstP99 > worst.worstP99 ? run : worst));
  const fewest = Math.min(...runs.map((run) => run.rate));
  const errors = runs.reduce((sum, run) => sum + run.errors, warm.errors);
  const checks: Check[] = [
    [
      `completed, paid orders a second over ${SECONDS} s (fewest of the runs)`,
      `≥ ${TARGETS.ordersPerSecond}`,
      fewest.toFixed(1),
      fewest >= TARGETS.ordersPerSecond,
    ],
    [
      'slowest step, p99 (worst of the runs)',
      `≤ ${TARGETS.p99} ms`,
      `${ms(slowest.worstP99)} (${slowest.slowestStep})`,
      slowest.worstP99 <= TARGETS.p99,
    ],
    ['failed requests (warm-up included)', '0', String(errors), errors === 0],
    ...bookChecks(ledger, [warm, ...runs]),
  ];
  const rate = FIRST_RATE;
  const markdown = `## Dinner rush (\`npm run bench:rush\`)

Machine: ${machineLine()}.
${host}
The stack as \`npm start\` starts it, behind a proxy (\`TRUST_PROXY=true\`: each simulated customer has an
address of its own), every item stocked with ${INITIAL_STOCK.toLocaleString('en')}, a kitchen that takes ${KITCHEN_SLOT_ORDERS.toLocaleString('en')} orders a slot. Two sets of at least ${CUSTOMERS} customers signed up and in
beforehand, a set for each rush in turn. In each rush, for ${SECONDS} s a new one arrived every ${(1000 / rate).toFixed(1)} ms (${rate}/s, open loop): Home, Menu, an item
page, add to cart, the cart, checkout, the sandbox payment page, Pay (the gateway notifies the API
server to server), the return to the storefront, the payment result page and its status. Meanwhile
${GUESTS} guests browsed (Home, Menu, item pages, Blog) and an admin paged through Manage orders. The load
generator runs on the same two cores (node:http).
A rush meets a server that has been serving the evening: the freshly started stack first serves a
warm-up of ${WARMUP_SECONDS} s at the same rate (customers of its own; shown, not held to the targets:
it measures the JIT and the pool's first connections). Then ${RUNS} rushes, back to back; each target
is checked on the worst of them.

${checkTable(checks)}

${table(
  ['run', 'arrived', 'saw their order paid', 'paid orders/s', 'per 10 s', 'slowest p99', 'failed'],
  [runRow('warm-up (not held to the targets)', warm), ...runs.map((run, i) => runRow(`rush ${i + 1}`, run))],
)}

Books after the rushes: ${ledger.books.orders} paid orders, ${ledger.books.unpaid} unpaid still holding stock, ${ledger.books.refunds} refunds due.

Each step in the rush with the slowest p99:

${table(STEP_HEAD, stepRows(slowest.steps))}
${firstFailures([warm, ...runs])}`;
  return { markdown, ok: checks.every(([, , , passed]) => passed) };
}

function capacityReport(
  warm: RushRun,
  ramp: RushRun[],
  capacity: RushRun | undefined,
  overload: RushRun[],
  ledger: Ledger,
  host: string,
): { markdown: string; ok: boolean } {
  const capacityRate = capacity?.offered ?? 0;
  const fewest = overload.length > 0 ? Math.min(...overload.map((run) => run.rate)) : 0;
  const refusedMax = Math.max(0, ...overload.map((run) => run.refusedMax));
  const refused = overload.reduce((sum, run) => sum + run.refused, 0);
  const longest = worstOf(overload, (run, worst) => run.longest > worst.longest);
  const overloadErrors = overload.reduce((sum, run) => sum + run.errors, 0);
  const itemPages = capacity?.steps.times.get('item page') ?? [];
  const itemPageP50 = percentile(itemPages, 50);
  const checks: Check[] = [
    [
      `highest rate held for ${SECONDS} s: every order paid at it, slowest step p99 ≤ ${TARGETS.p99} ms, nothing failed or refused`,
      `≥ ${CAPACITY_TARGETS.capacity} paid orders/s`,
      capacity
        ? `${capacityRate}/s (${capacity.rate.toFixed(1)} paid/s, p99 ${ms(capacity.worstP99)})`
        : 'none held',
      capacityRate >= CAPACITY_TARGETS.capacity,
    ],
    [
      `item page at that rate, p50`,
      `≤ ${CAPACITY_TARGETS.itemPageP50Ms} ms`,
      ms(itemPageP50),
      capacity !== undefined && itemPageP50 <= CAPACITY_TARGETS.itemPageP50Ms,
    ],
    [
      `at twice that offered: completed, paid orders a second (fewest of the runs)`,
      `≥ ${Math.round(CAPACITY_TARGETS.overloadShare * 100)} % of ${capacityRate}`,
      fewest.toFixed(1),
      capacity !== undefined && fewest >= CAPACITY_TARGETS.overloadShare * capacityRate,
    ],
    [
      'refusals (503 with Retry-After), the slowest answer',
      `≤ ${CAPACITY_TARGETS.refusedWithinMs} ms`,
      `${refused} refused, slowest ${ms(refusedMax)}`,
      refusedMax <= CAPACITY_TARGETS.refusedWithinMs,
    ],
    [
      'the longest any call waited',
      `≤ ${CAPACITY_TARGETS.longestWaitMs} ms`,
      longest ? `${ms(longest.longest)} (${longest.longestStep})` : '–',
      longest !== undefined && longest.longest <= CAPACITY_TARGETS.longestWaitMs,
    ],
    [
      'failed requests at twice the capacity (refusals apart)',
      '0',
      String(overloadErrors),
      overloadErrors === 0,
    ],
    ...bookChecks(ledger, [warm, ...ramp, ...overload]),
  ];
  const rampRow = (run: RushRun, name = `${run.offered}/s`) => [
    name,
    run.rate.toFixed(1),
    run.perTen.map((n) => n.toFixed(1)).join(', '),
    `${ms(run.worstP99)} (${run.slowestStep})`,
    String(run.errors),
    String(run.refused),
    run === warm ? 'not held to the targets' : held(run) ? 'held' : 'not held',
  ];
  const overloadRow = (run: RushRun, i: number) => [
    `rush ${i + 1}: ${run.offered}/s`,
    String(run.arrivals),
    run.rate.toFixed(1),
    String(run.turnedAway),
    `${run.refused} (p99 ${ms(run.refusedP99)}, slowest ${ms(run.refusedMax)})`,
    `${ms(run.longest)} (${run.longestStep})`,
    String(run.errors),
  ];
  const worstOverload = worstOf(overload, (run, worst) => run.rate < worst.rate);
  const markdown = `## Capacity and overload (\`BENCH_RUSH_FIND=1 npm run bench:rush\`)

Machine: ${machineLine()}.
${host}
The rush above (the same stack, visits, guests and admin), at a rising rate: after a warm-up of ${WARMUP_SECONDS} s,
rushes of ${SECONDS} s from ${FIND_FROM} customers a second up by ${FIND_STEP}, until one is not held (a 10 s window
paying fewer than ${Math.round(HELD_SHARE * 100)} % of the rate, the slowest step's p99 over ${TARGETS.p99} ms, a failed call, or a call
refused for overload). The capacity is the highest rate held. Then ${RUNS} rushes at twice it, where the API
must refuse what it cannot serve (a 503 with Retry-After, before any work: server/api/middleware/admission.ts)
and complete orders at its capacity. A refused call is sent once more after its Retry-After, as the
storefront sends it; refused again, the customer leaves (turned away, not failed).

${checkTable(checks)}

The ramp:

${table(
  ['offered', 'paid orders/s', 'per 10 s', 'slowest p99', 'failed', 'refused', ''],
  [rampRow(warm, `warm-up, ${warm.offered}/s`), ...ramp.map((run) => rampRow(run))],
)}

At twice the capacity:

${table(['run', 'arrived', 'paid orders/s', 'turned away', 'refused (503)', 'longest wait', 'failed'], overload.map(overloadRow))}

Books after every rush: ${ledger.books.orders} paid orders, ${ledger.books.unpaid} unpaid still holding stock, ${ledger.books.refunds} refunds due.
${
  capacity
    ? `\nEach step at the capacity (${capacityRate}/s):\n\n${table(STEP_HEAD, stepRows(capacity.steps))}\n`
    : ''
}${
  worstOverload
    ? `\nEach step at twice it, in the rush that paid the fewest orders:\n\n${table(STEP_HEAD, stepRows(worstOverload.steps))}\n`
    : ''
}${firstFailures([warm, ...ramp, ...overload])}`;
  return { markdown, ok: checks.every(([, , , passed]) => passed) };
}

async function main() {
  const touchedBefore = memoryFirstTouchMs();
  const storefront = await startBenchStorefront({ TRUST_PROXY: 'true' });
  const database = connectDatabase(embeddedPostgresUrl(BENCH_PORTS.pg, 'pizzon'), () => {});
  const stop = async () => {
    await database.close();
    await storefront.stop();
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    await database.db.execute(sql`update menu_items set quantity = ${INITIAL_STOCK}`);
    // The rush measures the server, not the kitchen: no one moves the orders on, and a kitchen of 40
    // orders a slot would push a minute's rush into next week's slots. Past what the owner may set.
    await database.db.execute(sql`update kitchen_settings set slot_orders = ${KITCHEN_SLOT_ORDERS}`);
    const menu = (await send(`${BENCH_API_URL}/all-items?category=all&limit=0`)).json() as MenuItem[];
    const nextSet = customerSets();
    // One visit each: a freshly started stack is slow, and a customer back while their last visit still
    // runs would change the cart it is checking out (a 409, the bench's doing, not the server's).
    const warmCustomers = await signUpMore(Math.max(1, Math.ceil(FIRST_RATE * WARMUP_SECONDS)));
    const adminAccount: Customer = { ...(await signInDemo('admin')), address: '10.255.255.254' };
    const rushAt = async (rate: number, label: string) => {
      const customers = await nextSet(rate);
      console.log(`${label}: ${rate} customers a second for ${SECONDS} s …`);
      return rush(customers, adminAccount, menu, rate, SECONDS);
    };

    console.log(`Warm-up: ${FIRST_RATE} customers a second for ${WARMUP_SECONDS} s …`);
    const warm = await rush(warmCustomers, adminAccount, menu, FIRST_RATE, WARMUP_SECONDS);
    let report: { markdown: string; ok: boolean };
    if (FIND) {
      const ramp: RushRun[] = [];
      for (let rate = FIND_FROM; rate <= FIND_CEILING; rate += FIND_STEP) {
        const run = await rushAt(rate, 'Ramp');
        ramp.push(run);
        console.log(
          `  ${held(run) ? 'held' : 'not held'}: ${run.rate.toFixed(1)} paid/s, p99 ${ms(run.worstP99)}`,
        );
        if (!held(run)) break;
      }
      const capacity = ramp.filter(held).at(-1);
      const overload: RushRun[] = [];
      if (capacity) {
        for (let n = 1; n <= RUNS; n++)
          overload.push(await rushAt(2 * capacity.offered, `Overload ${n} of ${RUNS}`));
      }
      const ledger = await readLedger(database.db);
      const host = hostLine([touchedBefore, memoryFirstTouchMs()]);
      report = capacityReport(warm, ramp, capacity, overload, ledger, host);
      writeSection('bench:rush-capacity', report.markdown);
    } else {
      const runs: RushRun[] = [];
      for (let n = 1; n <= RUNS; n++) runs.push(await rushAt(FIRST_RATE, `Rush ${n} of ${RUNS}`));
      const ledger = await readLedger(database.db);
      report = rushReport(warm, runs, ledger, hostLine([touchedBefore, memoryFirstTouchMs()]));
      writeSection('bench:rush', report.markdown);
    }
    console.log(`\n${report.markdown}`);
    if (!report.ok) throw new Error('The rush missed a target');
  } finally {
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
