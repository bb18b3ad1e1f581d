// `npm run bench:rush`: a dinner rush, end to end, against the stack as `npm start` starts it (behind a
// proxy, TRUST_PROXY=true, so that each simulated customer has an address of its own, as real ones
// do). Customers arrive at a steady rate; each opens Home, the Menu and an item, adds it to the cart,
// checks out and pays on the sandbox page (which notifies the API, server to server), and waits for
// the payment result page to see it paid. Meanwhile guests browse and an admin pages through Manage
// orders. Then the books are checked: nothing oversold, stock + held = initial for every item, every
// paid order paid once. The figures go to docs/benchmarks.md.
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { cartTotals } from '../server/contract/cart.ts';
import { API_PATH_PREFIX } from '../server/contract/http.ts';
import type { MenuItem } from '../server/contract/menu.ts';
import { ORDER_TIME_FORMAT } from '../server/contract/order.ts';
import { nextCursorOf } from '../server/contract/paging.ts';
import { ApiTokenSchema } from '../server/contract/user.ts';
import { connectDatabase, type Database } from '../server/db/client.ts';
import { embeddedPostgresUrl } from '../server/db/embedded.ts';
import { readEnv } from '../server/env.ts';
import { signInDemo } from './lib/bench-accounts.ts';
import { type BenchAnswer, send } from './lib/bench-http.ts';
import { machineLine, table, verdict, writeSection } from './lib/bench-report.ts';
import {
  BENCH_API_URL,
  BENCH_AUTH_HOST,
  BENCH_PORTS,
  BENCH_WEB_URL,
  startBenchStorefront,
} from './lib/bench-storefront.ts';

const env = readEnv({
  read: [
    'BENCH_RUSH_RATE',
    'BENCH_RUSH_SECONDS',
    'BENCH_RUSH_CUSTOMERS',
    'BENCH_RUSH_RUNS',
    'BENCH_RUSH_WARMUP_SECONDS',
  ],
});
/** New customers a second (the target is 35 paid orders a second). */
const RATE = env.BENCH_RUSH_RATE;
const SECONDS = env.BENCH_RUSH_SECONDS;
/** Each may check out 10 times a minute: enough of them that none meets the limit. */
const CUSTOMERS = env.BENCH_RUSH_CUSTOMERS;
/** Measured rushes; each target holds on the worst. */
const RUNS = env.BENCH_RUSH_RUNS;
/** The warm-up before them, at the same rate, by customers of its own. */
const WARMUP_SECONDS = env.BENCH_RUSH_WARMUP_SECONDS;
/**
 * One visit each: a freshly started stack is slow, and a customer back while their last visit still
 * runs would change the cart it is checking out (a 409, the bench's doing, not the server's).
 */
const WARM_CUSTOMERS = Math.max(1, Math.ceil(RATE * WARMUP_SECONDS));
const GUESTS = 6;
const INITIAL_STOCK = 100_000;
const TARGETS = { ordersPerSecond: 35, p99: 300 };

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };

interface Customer {
  uid: string;
  token: string;
  address: string;
}

/** Latencies and failures per step. */
class Steps {
  readonly times = new Map<string, number[]>();
  readonly failures = new Map<string, number>();
  readonly examples = new Map<string, string>();

  async time<T>(step: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await call();
    } catch (error) {
      this.failures.set(step, (this.failures.get(step) ?? 0) + 1);
      if (!this.examples.has(step)) this.examples.set(step, (error as Error).message);
      throw error;
    } finally {
      const list = this.times.get(step) ?? [];
      list.push(performance.now() - started);
      this.times.set(step, list);
    }
  }
}

function expect(response: BenchAnswer, status: number, what: string): BenchAnswer {
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

/** One customer's visit, from Home to a paid order; resolves when the payment page says paid. */
async function visit(steps: Steps, customer: Customer, item: MenuItem): Promise<void> {
  const page = async (step: string, path: string) =>
    steps.time(step, async () => {
      expect(await send(`${BENCH_WEB_URL}${path}`, { headers: BROWSER }), 200, path);
    });
  await page('Home', '/');
  await page('Menu', '/menu');
  await page('item page', `/item-detail/${item._id}`);
  await steps.time('POST /add-to-cart', async () => {
    const response = await send(`${BENCH_API_URL}/add-to-cart`, {
      method: 'POST',
      headers: jsonHeaders(customer),
      body: JSON.stringify({ itemId: item._id, quantity: 1 }),
    });
    expect(response, 201, 'POST /add-to-cart');
  });
  const lines = await steps.time('GET /add-to-cart', async () => {
    const response = expect(
      await send(`${BENCH_API_URL}/add-to-cart?uid=${customer.uid}`, { headers: jsonHeaders(customer) }),
      200,
      'GET /add-to-cart',
    );
    return response.json() as Array<{ price: number; quantity: number }>;
  });
  const payPage = await steps.time('POST /create-payment-intent', async () => {
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
  const result = await steps.time('return to the storefront', async () => {
    // From the customer's own address, as a browser's return is: the API limits returns per address.
    const response = await send(`${BENCH_API_URL}${apiPathOf(returned)}${returned.search}`, {
      headers: { 'X-Forwarded-For': customer.address },
    });
    expect(response, 303, 'the return route');
    return new URL(response.header('location')!);
  });
  await page('payment result page', result.pathname);
  await steps.time('GET /payment-status', async () => {
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
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function admin(steps: Steps, account: Customer, until: number): Promise<void> {
  while (Date.now() < until) {
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      cursor = await steps
        .time('admin: Manage orders page', async () => {
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
      await new Promise((resolve) => setTimeout(resolve, 200));
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
  seconds: number;
  arrivals: number;
  completed: number;
  inWindow: number;
  failedVisits: number;
  perTen: number[];
  rate: number;
  worstP99: number;
  slowestStep: string;
  errors: number;
}

/** Customers arrive at RATE a second for `seconds` (open loop) while guests browse and an admin pages. */
async function rush(
  customers: Customer[],
  adminAccount: Customer,
  menu: MenuItem[],
  seconds: number,
): Promise<RushRun> {
  const steps = new Steps();
  const started = Date.now();
  const until = started + seconds * 1000;
  const completedAt: number[] = [];
  let failedVisits = 0;
  const background = [
    ...Array.from({ length: GUESTS }, () => guest(steps, menu, until)),
    admin(steps, adminAccount, until),
  ];
  const visits: Array<Promise<void>> = [];
  for (let n = 0; started + (n * 1000) / RATE < until; n++) {
    const due = started + (n * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const customer = customers[n % customers.length]!;
    const item = menu[(n * 7) % menu.length]!;
    visits.push(
      visit(steps, customer, item).then(
        () => {
          completedAt.push(Date.now());
        },
        () => {
          failedVisits++;
        },
      ),
    );
  }
  await Promise.all([...visits, ...background]);
  const inWindow = completedAt.filter((at) => at <= until).length;
  const p99s = [...steps.times].map(([step, times]) => [step, percentile(times, 99)] as const);
  const [slowestStep, worstP99] = p99s.reduce((worst, row) => (row[1] > worst[1] ? row : worst), ['', 0]);
  return {
    steps,
    seconds,
    arrivals: visits.length,
    completed: completedAt.length,
    inWindow,
    failedVisits,
    perTen: Array.from({ length: Math.ceil(seconds / 10) }, (_, i) => {
      const from = started + i * 10_000;
      return completedAt.filter((at) => at > from && at <= from + 10_000).length / 10;
    }),
    rate: inWindow / seconds,
    worstP99,
    slowestStep,
    errors: [...steps.failures.values()].reduce((sum, n) => sum + n, 0),
  };
}

async function signUpAll(from: number, count: number): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let n = from; n < from + count; n += 20) {
    customers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, from + count - n) }, (_, i) => signUp(n + i + 1)),
      )),
    );
  }
  return customers;
}

async function main() {
  const storefront = await startBenchStorefront({ TRUST_PROXY: 'true' });
  const database = connectDatabase(embeddedPostgresUrl(BENCH_PORTS.pg, 'pizzon'), () => {});
  const stop = async () => {
    await database.close();
    await storefront.stop();
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    await database.db.execute(sql`update menu_items set quantity = ${INITIAL_STOCK}`);
    const menu = (await send(`${BENCH_API_URL}/all-items?category=all&limit=0`)).json() as MenuItem[];
    console.log(`Signing up twice ${CUSTOMERS} customers, and ${WARM_CUSTOMERS} for the warm-up …`);
    // The rushes run back to back, as an evening's would, taking turns with two sets of customers: each
    // customer's checkout quota is a window of a minute, closed before its set comes again.
    const sets = [await signUpAll(0, CUSTOMERS), await signUpAll(CUSTOMERS, CUSTOMERS)];
    const warmCustomers = await signUpAll(2 * CUSTOMERS, WARM_CUSTOMERS);
    const adminAccount: Customer = { ...(await signInDemo('admin')), address: '10.255.255.254' };

    console.log(`Warm-up: ${RATE} customers a second for ${WARMUP_SECONDS} s …`);
    const warm = await rush(warmCustomers, adminAccount, menu, WARMUP_SECONDS);
    const runs: RushRun[] = [];
    for (let run = 1; run <= RUNS; run++) {
      console.log(`Rush ${run} of ${RUNS}: ${RATE} customers a second for ${SECONDS} s …`);
      runs.push(await rush(sets[(run - 1) % 2]!, adminAccount, menu, SECONDS));
    }
    const ledger = await books(database.db);
    const oversold = ledger.items.filter((item) => item.stock < 0);
    const unbalanced = ledger.items.filter((item) => item.stock + item.held !== INITIAL_STOCK);
    const sawPaid = warm.completed + runs.reduce((sum, run) => sum + run.completed, 0);

    const slowest = runs.reduce((worst, run) => (run.worstP99 > worst.worstP99 ? run : worst));
    const fewest = Math.min(...runs.map((run) => run.rate));
    const errors = runs.reduce((sum, run) => sum + run.errors, warm.errors);
    const checks = [
      [
        `completed, paid orders a second over ${SECONDS} s (fewest of the runs)`,
        `≥ ${TARGETS.ordersPerSecond}`,
        fewest.toFixed(1),
        fewest >= TARGETS.ordersPerSecond,
      ],
      [
        'slowest step, p99 (worst of the runs)',
        `≤ ${TARGETS.p99} ms`,
        `${slowest.worstP99.toFixed(1)} ms (${slowest.slowestStep})`,
        slowest.worstP99 <= TARGETS.p99,
      ],
      ['failed requests (warm-up included)', '0', String(errors), errors === 0],
      ['items oversold', '0', String(oversold.length), oversold.length === 0],
      ['items whose stock + held ≠ initial', '0', String(unbalanced.length), unbalanced.length === 0],
      [
        'paid orders in the books = visits that saw theirs paid',
        String(sawPaid),
        String(ledger.orders),
        ledger.orders === sawPaid,
      ],
    ] as const;
    const runRow = (name: string, run: RushRun) => [
      name,
      String(run.arrivals),
      `${run.completed} (${run.inWindow} within the ${run.seconds} s)`,
      run.rate.toFixed(1),
      run.perTen.map((n) => n.toFixed(1)).join(', '),
      `${run.worstP99.toFixed(1)} ms (${run.slowestStep})`,
      String(run.errors),
    ];
    const stepRows = [...slowest.steps.times].map(([step, times]) => [
      step,
      String(times.length),
      `${percentile(times, 50).toFixed(1)} ms`,
      `${percentile(times, 99).toFixed(1)} ms`,
      String(slowest.steps.failures.get(step) ?? 0),
    ]);
    const examples = [warm, ...runs].flatMap((run) => [...run.steps.examples]);
    const markdown = `## Dinner rush (\`npm run bench:rush\`)

Machine: ${machineLine()}.
The stack as \`npm start\` starts it, behind a proxy (\`TRUST_PROXY=true\`: each simulated customer has an
address of its own), every item stocked with ${INITIAL_STOCK.toLocaleString('en')}. Twice ${CUSTOMERS} customers signed up and in
beforehand, a set for each rush in turn. In each rush, for ${SECONDS} s a new one arrived every ${(1000 / RATE).toFixed(1)} ms (${RATE}/s, open loop): Home, Menu, an item
page, add to cart, the cart, checkout, the sandbox payment page, Pay (the gateway notifies the API
server to server), the return to the storefront, the payment result page and its status. Meanwhile
${GUESTS} guests browsed (Home, Menu, item pages, Blog) and an admin paged through Manage orders. The load
generator runs on the same two cores (Node's fetch).
A rush meets a server that has been serving the evening: the freshly started stack first serves a
warm-up of ${WARMUP_SECONDS} s at the same rate (${WARM_CUSTOMERS} customers of its own; shown, not held to the targets:
it measures the JIT and the pool's first connections). Then ${RUNS} rushes, back to back; each target
is checked on the worst of them.

${table(
  ['check', 'target', 'measured', 'result'],
  checks.map(([what, target, measured, ok]) => [what, target, measured, verdict(ok)]),
)}

${table(
  ['run', 'arrived', 'saw their order paid', 'paid orders/s', 'per 10 s', 'slowest p99', 'failed'],
  [runRow('warm-up (not held to the targets)', warm), ...runs.map((run, i) => runRow(`rush ${i + 1}`, run))],
)}

Books after the rushes: ${ledger.orders} paid orders, ${ledger.unpaid} unpaid still holding stock, ${ledger.refunds} refunds due.

Each step in the rush with the slowest p99:

${table(['step', 'requests', 'p50', 'p99', 'failed'], stepRows)}
${examples.length > 0 ? `\nFirst failure of each step: ${examples.map(([step, message]) => `${step}: ${message}`).join('; ')}\n` : ''}`;
    console.log(`\n${markdown}`);
    writeSection('bench:rush', markdown);
    if (checks.some(([, , , ok]) => !ok)) throw new Error('The rush missed a target');
  } finally {
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
