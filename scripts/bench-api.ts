// `npm run bench:api`: how much the API and the site server serve at dinner rush, on a year of orders.
// The storefront runs as `npm start` runs it (on ports of its own, from an empty data folder) with
// `npm run seed:volume`'s 100,000 orders; a bare Hono hello-world beside it is the ceiling. Each row
// is measured in slices that alternate with slices of the ceiling at the same number of connections,
// so its share of the ceiling is taken beside it and a passing load on the machine weighs on both;
// there are BENCH_RUNS runs (default 3), and every target is checked on the worst of them. The figures
// go to docs/benchmarks.md.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import autocannon, { type Result as AutocannonResult } from 'autocannon';
import { sql } from 'drizzle-orm';
import type { AddToCartBody } from '../contract/cart.ts';
import type { MenuItem } from '../contract/menu.ts';
import { API_ENV } from '../server/api/env.ts';
import { createIdentity } from '../server/api/identity.ts';
import { encodeCursor } from '../server/api/services/paging.ts';
import { createApiTokens } from '../server/api/tokens.ts';
import { connectDatabase, type Database } from '../server/db/client.ts';
import { embeddedPostgresUrl } from '../server/db/embedded.ts';
import { users } from '../server/db/schema.ts';
import { A_YEAR, seedVolume } from '../server/db/seed/volume.ts';
import { localhostUrl, readEnv } from '../server/env.ts';
import { expectOk, signInDemo } from './lib/bench-accounts.ts';
import { BENCH_ENV } from './lib/bench-env.ts';
import { machineLine, table, verdict, writeSection } from './lib/bench-report.ts';
import {
  BENCH_API_URL,
  BENCH_AUTH_HOST,
  BENCH_PORTS,
  BENCH_WEB_URL,
  startBenchStorefront,
} from './lib/bench-storefront.ts';
import { manageOrdersPaint } from './lib/manage-orders-paint.ts';
import { openBrowser } from './lib/page-weight.ts';
import { startChild, stopChild, TSX, waitForHttp } from './lib/processes.ts';
import { assertWrkInstalled, runWrk, type WrkResult } from './lib/wrk.ts';

const env = readEnv(
  { ...API_ENV, ...BENCH_ENV },
  { read: ['BENCH_RUNS', 'BENCH_DURATION', 'FIREBASE_PROJECT_ID'] },
);
const RUNS = env.BENCH_RUNS;
/** Seconds of each slice; a row is measured in SLICES slices, each after a slice of the ceiling. */
const SECONDS = env.BENCH_DURATION;
const SLICES = 2;
const WARMUP_SECONDS = 1;
const HELLO_PORT = BENCH_PORTS.api + 1;
const HELLO_URL = `${localhostUrl(HELLO_PORT)}/bench/hello`;
/** What a browser sends: the answers come compressed, as they do to every visitor. */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };
const PAGE_SIZE = 20;
/** "Page 500": the page after the first 499 pages of 20. */
const DEEP_PAGE = 500;

/** The admin lists measured on a year of orders: each at its first page and at page 500. */
const VOLUME_LISTS: Array<{
  path: string;
  what: string;
  table: string;
  where: string;
  params: Record<string, string>;
}> = [
  { path: '/admin-order', what: 'Manage orders', table: 'orders', where: 'true', params: {} },
  {
    path: '/admin-order',
    what: 'Manage orders, paid only',
    table: 'orders',
    where: "stage = 'paid'",
    params: { status: 'paid' },
  },
  { path: '/users', what: 'Manage users', table: 'users', where: 'true', params: {} },
  { path: '/admin-reservations', what: 'Reservations', table: 'reservations', where: 'true', params: {} },
];

interface Target {
  /** Share of the ceiling's requests per second, worst run (0.5 = 50 %). */
  ofCeiling?: number;
  /** p99 in ms, worst run. */
  p99?: number;
  /** Bytes per answer. */
  bytes?: number;
}

interface Row {
  group: string;
  name: string;
  note: string;
  url: string;
  headers?: Record<string, string>;
  fresh?: boolean;
  target?: Target;
}

interface Group {
  name: string;
  connections: number;
  rows: Row[];
}

interface Measured {
  row: Row;
  runs: Array<{ result: WrkResult; ceiling: number }>;
}

const json = (token?: string) => ({
  'Content-Type': 'application/json',
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

/** The cursor of page `page` of a list, as the API would have linked it (read from the database). */
async function cursorOfPage(db: Database, table: string, where: string, page: number): Promise<string> {
  const result = await db.execute<{ at: string; id: string }>(
    sql.raw(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from ${table}
       where ${where} order by created_at desc, id desc offset ${(page - 1) * PAGE_SIZE - 1} limit 1`,
    ),
  );
  const row = result.rows[0];
  if (!row) throw new Error(`${table} has fewer than ${page} pages`);
  return encodeCursor(row);
}

/**
 * Customers for the write mix, one per connection, so that no two connections race for the same cart
 * line (a cart holds an item once). They are registered straight in the database and their API tokens
 * signed with the server's secret (given to it at start): a hundred sign-ins through POST /jwt would be
 * refused by its rate limiter, and they are not what this measures. Their provider accounts are made
 * in the Auth emulator all the same: the API asks the provider about each account once a minute and
 * would otherwise cut them off as deleted.
 */
async function benchCustomers(db: Database, count: number, secret: string): Promise<string[]> {
  const uids = Array.from({ length: count }, (_, i) => `bench-customer-${String(i + 1).padStart(3, '0')}`);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = BENCH_AUTH_HOST;
  // The project the bench stack's emulator runs (start.ts reads the same variable).
  const identity = createIdentity(env.FIREBASE_PROJECT_ID);
  try {
    for (const uid of uids) await identity.auth.createUser({ uid, email: `${uid}@pizzon.test` });
  } finally {
    await identity.close();
  }
  await db
    .insert(users)
    .values(uids.map((uid) => ({ uid, email: `${uid}@pizzon.test`, displayName: uid, role: 'user' })))
    .onConflictDoNothing({ target: users.uid });
  const tokens = createApiTokens(secret);
  return Promise.all(uids.map(async (uid) => (await tokens.issue(uid)).token));
}

async function groups(db: Database): Promise<Group[]> {
  const menu = (await expectOk(
    await fetch(`${BENCH_API_URL}/all-items?category=all&limit=0`),
    'GET /all-items',
  )) as MenuItem[];
  const item = menu.find((candidate) => candidate.quantity > 0)!;
  const menuTag = (await fetch(`${BENCH_API_URL}/all-items?category=all&limit=0`)).headers.get('ETag');
  if (!menuTag) throw new Error('GET /all-items answered without an ETag');
  const customer = await signInDemo('user');
  for (const line of menu.filter((candidate) => candidate.quantity >= 10).slice(0, 3)) {
    const body: AddToCartBody = { itemId: line._id, quantity: 1 };
    await expectOk(
      await fetch(`${BENCH_API_URL}/add-to-cart`, {
        method: 'POST',
        headers: json(customer.token),
        body: JSON.stringify(body),
      }),
      'POST /add-to-cart',
    );
  }
  const admin = await signInDemo('admin');
  const asAdmin = { ...BROWSER, Authorization: `Bearer ${admin.token}` };
  const list = (path: string, params: Record<string, string> = {}) =>
    `${BENCH_API_URL}${path}?${new URLSearchParams({ uid: admin.uid, ...params })}`;
  const deep = (path: string, table: string, where: string, params: Record<string, string> = {}) =>
    cursorOfPage(db, table, where, DEEP_PAGE).then((cursor) => list(path, { ...params, cursor }));
  const css = readdirSync('dist/client/assets').find((file) => file.endsWith('.css'));
  const paged = { p99: 50, bytes: 64 * 1024 };
  const page = { ofCeiling: 0.5, p99: 30 };
  return [
    {
      name: 'The menu (API)',
      connections: 10,
      rows: [
        {
          group: 'menu',
          name: 'GET /all-items?category=all&limit=0',
          note: `the whole menu (${menu.length} items), gzip`,
          url: `${BENCH_API_URL}/all-items?category=all&limit=0`,
          headers: BROWSER,
          target: { ofCeiling: 0.5 },
        },
        {
          group: 'menu',
          name: 'GET /all-items, If-None-Match',
          note: 'a browser revalidating the menu it holds: 304, no body',
          url: `${BENCH_API_URL}/all-items?category=all&limit=0`,
          headers: { ...BROWSER, 'If-None-Match': menuTag },
          target: { ofCeiling: 0.7 },
        },
        {
          group: 'menu',
          name: 'GET /item-detail/{id}',
          note: 'one item, gzip',
          url: `${BENCH_API_URL}/item-detail/${item._id}`,
          headers: BROWSER,
        },
      ],
    },
    {
      name: 'The site server',
      connections: 20,
      rows: [
        {
          group: 'site',
          name: 'GET / (cached)',
          note: 'Home, rendered once for the menu version',
          url: `${BENCH_WEB_URL}/`,
          headers: BROWSER,
          target: page,
        },
        {
          group: 'site',
          name: 'GET /menu (cached)',
          note: 'Menu with every item',
          url: `${BENCH_WEB_URL}/menu`,
          headers: BROWSER,
          target: page,
        },
        {
          group: 'site',
          name: 'GET /item-detail/{id} (cached)',
          note: 'an item page',
          url: `${BENCH_WEB_URL}/item-detail/${item._id}`,
          headers: BROWSER,
        },
        {
          group: 'site',
          name: 'GET / (cold)',
          note: 'Home, a new address each request: rendered every time',
          url: `${BENCH_WEB_URL}/`,
          headers: BROWSER,
          fresh: true,
        },
        {
          group: 'site',
          name: 'GET /menu (cold)',
          note: 'Menu, rendered every time (its data from the API)',
          url: `${BENCH_WEB_URL}/menu`,
          headers: BROWSER,
          fresh: true,
        },
        {
          group: 'site',
          name: 'GET /item-detail/{id} (cold)',
          note: 'an item page, rendered every time',
          url: `${BENCH_WEB_URL}/item-detail/${item._id}`,
          headers: BROWSER,
          fresh: true,
        },
        {
          group: 'site',
          name: `GET /assets/${css}`,
          note: 'a static file (the stylesheet), gzip',
          url: `${BENCH_WEB_URL}/assets/${css}`,
          headers: BROWSER,
          target: { ofCeiling: 0.7 },
        },
      ],
    },
    {
      name: `With ${A_YEAR.orders.toLocaleString('en')} orders (admin lists, ${PAGE_SIZE} a page)`,
      connections: 10,
      rows: (
        await Promise.all(
          VOLUME_LISTS.map(async ({ path, what, table, where, params }): Promise<Row[]> => {
            const query = new URLSearchParams(params).toString();
            const name = `GET ${path}${query ? `?${query}` : ''}`;
            return [
              {
                group: 'volume',
                name: `${name} (page 1)`,
                note: `${what}, the first page`,
                url: list(path, params),
                headers: asAdmin,
                target: paged,
              },
              {
                group: 'volume',
                name: `${name} (page ${DEEP_PAGE})`,
                note: `${what}, page ${DEEP_PAGE} (its cursor)`,
                url: await deep(path, table, where, params),
                headers: asAdmin,
                target: paged,
              },
            ];
          }),
        )
      ).flat(),
    },
    {
      name: 'Signed in',
      connections: 10,
      rows: [
        {
          group: 'cart',
          name: 'GET /add-to-cart?uid=…',
          note: 'a cart of 3 lines (API token checked, account read)',
          url: `${BENCH_API_URL}/add-to-cart?uid=${customer.uid}`,
          headers: { ...BROWSER, Authorization: `Bearer ${customer.token}` },
        },
        {
          group: 'cart',
          name: 'GET /admin-order?q=rahman',
          note: 'Manage orders, a search by name',
          url: list('/admin-order', { q: 'rahman' }),
          headers: asAdmin,
        },
      ],
    },
  ];
}

/** The write mix (autocannon: each connection a customer adding a line and removing it). */
async function writeMix(writers: string[], item: MenuItem): Promise<AutocannonResult> {
  let next = 0;
  return autocannon({
    url: BENCH_API_URL,
    connections: writers.length,
    duration: SECONDS * SLICES,
    setupClient: (client) => {
      const headers = json(writers[next++ % writers.length]);
      client.setRequests([
        {
          method: 'POST',
          path: '/add-to-cart',
          headers,
          body: JSON.stringify({ itemId: item._id, quantity: 1 }),
          onResponse: (status, body, context) => {
            if (status === 201) context.lineId = (JSON.parse(body) as { insertedId: string }).insertedId;
          },
        },
        {
          method: 'DELETE',
          headers,
          // No line to remove (the add failed): start the pair again.
          setupRequest: (request, context) =>
            context.lineId ? { ...request, path: `/remove-cart-item/${context.lineId}` } : undefined,
        },
      ]);
    },
  });
}

/** Slices of one measurement as one: requests over their time, the median p50, the worst p99. */
function combine(slices: WrkResult[]): WrkResult {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0);
  const seconds = slices.reduce((sum, slice) => sum + slice.requests / slice.requestsPerSecond, 0);
  return {
    requests,
    requestsPerSecond: requests / seconds,
    p50: median(slices.map((slice) => slice.p50)),
    p99: Math.max(...slices.map((slice) => slice.p99)),
    bytesPerAnswer: slices.reduce((sum, slice) => sum + slice.bytesPerAnswer * slice.requests, 0) / requests,
    failed: slices.reduce((sum, slice) => sum + slice.failed, 0),
  };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const spread = (values: number[], format: (n: number) => string) => {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return `${format(median(values))} (${format(low)}–${format(high)})`;
};
const perSecond = (n: number) => String(Math.round(n));
const percent = (n: number) => `${Math.round(n * 100)} %`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** Each target on the worst run: the lowest share, the highest p99, the largest answer. */
function check({ row, runs }: Measured): { text: string; ok: boolean } {
  const target = row.target;
  if (!target) return { text: '', ok: true };
  const parts: Array<[string, boolean]> = [];
  const shares = runs.map((run) => run.result.requestsPerSecond / run.ceiling);
  if (target.ofCeiling !== undefined) {
    parts.push([
      `≥ ${percent(target.ofCeiling)}: ${percent(Math.min(...shares))}`,
      Math.min(...shares) >= target.ofCeiling,
    ]);
  }
  const p99 = Math.max(...runs.map((run) => run.result.p99));
  if (target.p99 !== undefined) parts.push([`p99 ≤ ${target.p99} ms: ${ms(p99)}`, p99 <= target.p99]);
  const bytes = Math.max(...runs.map((run) => run.result.bytesPerAnswer));
  if (target.bytes !== undefined) parts.push([`≤ ${kB(target.bytes)}: ${kB(bytes)}`, bytes <= target.bytes]);
  const ok = parts.every(([, passed]) => passed);
  return { text: `${parts.map(([text]) => text).join('; ')} — ${verdict(ok)}`, ok };
}

/** Manage orders must show its first page within this long of being opened (a year of orders). */
const PAINT_TARGET_MS = 1500;

function report(
  measured: Map<Group, Measured[]>,
  ceilings: Map<number, number[]>,
  mix: AutocannonResult[],
  painted: number[],
): { markdown: string; failed: string[] } {
  const failed: string[] = [];
  const slowestPaint = Math.max(...painted);
  if (slowestPaint > PAINT_TARGET_MS) failed.push('Manage orders in the browser');
  const sections = [...measured].map(([group, rows]) => {
    const ceiling = ceilings.get(group.connections)!;
    const lines = rows.map((m) => {
      const verdictOf = check(m);
      const failures = m.runs.reduce((sum, run) => sum + run.result.failed, 0);
      if (!verdictOf.ok || failures > 0) failed.push(m.row.name);
      return [
        `\`${m.row.name}\``,
        m.row.note,
        spread(
          m.runs.map((run) => run.result.requestsPerSecond),
          perSecond,
        ),
        spread(
          m.runs.map((run) => run.result.requestsPerSecond / run.ceiling),
          percent,
        ),
        ms(median(m.runs.map((run) => run.result.p50))),
        ms(Math.max(...m.runs.map((run) => run.result.p99))),
        kB(median(m.runs.map((run) => run.result.bytesPerAnswer))),
        failures === 0 ? '0' : `**${failures}**`,
        verdictOf.text,
      ];
    });
    return `### ${group.name}, ${group.connections} connections

Ceiling (bare Hono hello-world) at ${group.connections} connections: ${spread(ceiling, perSecond)} requests/s.

${table(['route', 'what', 'requests/s', 'of ceiling', 'p50', 'p99 (worst)', 'answer', 'failed', 'target (worst run)'], lines)}`;
  });
  const mixFailed = mix.reduce((sum, result) => sum + result.errors + result.non2xx, 0);
  if (mixFailed > 0) failed.push('write mix');
  const markdown = `## API and site server (\`npm run bench:api\`)

Machine: ${machineLine()}.
${RUNS} runs; in each, wrk (one thread, from the same machine: it shares the two cores with the API,
the site server and PostgreSQL) measures each row after ${WARMUP_SECONDS} s of warm-up. A row with a share-of-ceiling target
is measured in ${SLICES} slices of ${SECONDS} s, each right after a slice of the bare Hono hello-world ceiling at the
same number of connections, so its share is taken beside the ceiling; the other rows run for
${SECONDS * SLICES} s undisturbed and are compared with the latest ceiling. Figures are the median (lowest–highest) of
the runs; each target is checked on the worst run. A group's ceiling line is the range of its slices. Requests carry \`Accept-Encoding: gzip, deflate, br\`, as a browser's do. The stack runs as
\`npm start\` runs it (pino at info: successful reads are logged at debug only; pg pool of 10), with
\`npm run seed:volume\`'s ${A_YEAR.orders.toLocaleString('en')} orders, ${A_YEAR.customers.toLocaleString('en')} customers and ${A_YEAR.reservations.toLocaleString('en')} bookings.
"Answer" is the bytes received per answer, headers included; "failed" counts socket errors and
statuses of 400 or more.

${sections.join('\n\n')}

### Manage orders in the browser

Chromium (Debian, headless, 1280 px), the demo admin signed in, \`/admin/manage-orders\` opened afresh
${painted.length} times with ${A_YEAR.orders.toLocaleString('en')} orders in the database: from asking for the page to its first row
painted, ${painted.map((ms) => `${ms} ms`).join(', ')}; the slowest ${slowestPaint} ms, target ≤ ${PAINT_TARGET_MS} ms —
${verdict(slowestPaint <= PAINT_TARGET_MS)}.

### Writes

autocannon, ${mix.length} runs of ${SECONDS * SLICES} s, 10 connections, each a customer of its own adding a line to the cart and
removing it: ${spread(
    mix.map((result) => result.requests.average),
    perSecond,
  )} requests/s, p99 ${spread(
    mix.map((result) => result.latency.p99),
    (n) => `${n} ms`,
  )}, failed ${mixFailed}.
`;
  return { markdown, failed };
}

async function main() {
  assertWrkInstalled();
  console.log('Starting the storefront …');
  // The API's token secret, so that the write mix's customers can hold API tokens without signing in.
  const secret = randomBytes(32).toString('base64url');
  const storefront = await startBenchStorefront({ API_TOKEN_SECRET: secret });
  const hello = startChild('hello', process.execPath, [...TSX, 'scripts/lib/hello-server.ts'], {
    ...process.env,
    API_PORT: String(HELLO_PORT),
  });
  const database = connectDatabase(embeddedPostgresUrl(BENCH_PORTS.pg, 'pizzon'), () => {});
  const stop = async () => {
    await database.close();
    await stopChild(hello);
    await storefront.stop();
  };
  const stopOnSignal = () => void stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    await waitForHttp(HELLO_URL, 'hello-world server');
    // Its code compiled and warm, as the API's will be by the time it is measured.
    await runWrk({ url: HELLO_URL, connections: 10, seconds: 2 });
    console.log(`Seeding ${A_YEAR.orders.toLocaleString('en')} orders …`);
    await seedVolume(database.db, A_YEAR);
    const plan = await groups(database.db);
    const menu = (await (
      await fetch(`${BENCH_API_URL}/all-items?category=all&limit=0`)
    ).json()) as MenuItem[];
    const writers = await benchCustomers(database.db, 10, secret);
    const measured = new Map<Group, Measured[]>(
      plan.map((group) => [group, group.rows.map((row) => ({ row, runs: [] }))]),
    );
    const ceilings = new Map<number, number[]>();
    const mix: AutocannonResult[] = [];
    for (let run = 1; run <= RUNS; run++) {
      console.log(`Run ${run} of ${RUNS}`);
      /** This run's latest ceiling at each number of connections. */
      const latestCeiling = new Map<number, number>();
      for (const group of plan) {
        for (const entry of measured.get(group)!) {
          const { row } = entry;
          const at = { connections: group.connections, seconds: SECONDS };
          await runWrk({ ...row, ...at, seconds: WARMUP_SECONDS });
          const ceilingSlices: WrkResult[] = [];
          const slices: WrkResult[] = [];
          if (row.target?.ofCeiling !== undefined || !latestCeiling.has(group.connections)) {
            // A share of the ceiling is measured beside it, slice by slice.
            for (let slice = 0; slice < SLICES; slice++) {
              ceilingSlices.push(await runWrk({ url: HELLO_URL, ...at }));
              slices.push(await runWrk({ ...row, ...at }));
            }
            latestCeiling.set(group.connections, combine(ceilingSlices).requestsPerSecond);
            ceilings.set(group.connections, [
              ...(ceilings.get(group.connections) ?? []),
              ...ceilingSlices.map((slice) => slice.requestsPerSecond),
            ]);
          } else {
            // Latency and size targets: one stretch, undisturbed.
            slices.push(await runWrk({ ...row, ...at, seconds: SECONDS * SLICES }));
          }
          const ceiling = latestCeiling.get(group.connections)!;
          const result = combine(slices);
          entry.runs.push({ result, ceiling });
          console.log(
            `  ${row.name}: ${Math.round(result.requestsPerSecond)}/s (${percent(result.requestsPerSecond / ceiling)} of ${Math.round(ceiling)}), ` +
              `p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, ${kB(result.bytesPerAnswer)}, failed ${result.failed}`,
          );
        }
      }
      mix.push(await writeMix(writers, menu.find((item) => item.quantity >= 10)!));
    }
    const browser = await openBrowser();
    const painted = await manageOrdersPaint(browser, BENCH_WEB_URL, 5).finally(() => browser.close());
    console.log(`Manage orders painted its first page in ${painted.join(', ')} ms`);
    const { markdown, failed } = report(measured, ceilings, mix, painted);
    console.log(`\n${markdown}`);
    writeSection('bench:api', markdown);
    if (failed.length > 0) throw new Error(`Targets missed or requests failed: ${failed.join(', ')}`);
  } finally {
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
