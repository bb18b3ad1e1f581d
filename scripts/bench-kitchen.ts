// `npm run bench:kitchen`: issue 43's kitchen board on two tablets with 50 open orders, against the
// stack as `npm start` starts it. Tablet A moves tickets on, one at a time, waiting for its answer;
// tablet B only watches. Counted: the API calls each tablet makes per move (target: A the move itself,
// B nothing), the time from A's tap to the moved ticket's new step on B's screen (target ≤ 300 ms),
// the API's CPU per move; then B is cut off while A moves three tickets, and comes back: B must end
// with exactly the server's board after one catch-up read (docs/decisions/043-service-night.md).
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from '@playwright/test';
import * as v from 'valibot';
import { API_PATH_PREFIX } from '../contract/http.ts';
import { waitsForLater } from '../contract/kitchen-lanes.ts';
import { type Order, OrderListSchema } from '../contract/order.ts';
import { type KitchenColumn, kitchenStepAction, nextKitchenStep } from '../contract/order-lifecycle.ts';
import { ApiTokenSchema } from '../contract/user.ts';
import { DEFAULT_SHOP_TIME_ZONE } from '../server/api/services/shop-clock.ts';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo-accounts.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium.ts';
import { expectOk, signInDemo } from './lib/bench-accounts.ts';
import { machineLine, table, verdict, writeSection } from './lib/bench-report.ts';
import {
  BENCH_API_URL,
  BENCH_AUTH_HOST,
  BENCH_PORTS,
  BENCH_WEB_URL,
  startBenchStorefront,
} from './lib/bench-storefront.ts';
import { stackEnv } from './lib/env.ts';
import { putKitchenOrders, type StaffAccount } from './lib/kitchen-orders.ts';
import { TSX } from './lib/processes.ts';

const OPEN_ORDERS = 50;
const LATER_ORDERS = 2;
const MOVES = 20;
const MOVES_WHILE_AWAY = 3;
const AWAY_MS = 5_000;
/** Staff taking the phone orders: each account's checkout quota is 10 a minute. */
const STAFF = 5;
const TARGETS = { requestsA: 1, requestsB: 0, toOtherScreenMs: 300, catchUpReads: 1 };
const TABLET = { width: 1024, height: 768 };
/** Where the tablets' screens are kept (the storefront's own folder is emptied on every run). */
const SHOTS = '.data/bench-kitchen';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A tablet: its page, and every API call it made, with when. */
interface Tablet {
  page: Page;
  calls: Array<{ at: number; method: string; path: string }>;
}

/** Calls to the API through the site's /api, named by method and path (the query left out). */
function countCalls(page: Page, calls: Tablet['calls']) {
  const prefix = `${BENCH_WEB_URL}${API_PATH_PREFIX}/`;
  page.on('request', (request) => {
    if (!request.url().startsWith(prefix)) return;
    const path = new URL(request.url()).pathname.slice(API_PATH_PREFIX.length);
    // Ids named alike: one row per route.
    const route = path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ':id');
    calls.push({ at: Date.now(), method: request.method(), path: route });
  });
}

/**
 * The tablet's network, as the page's calls meet it: \`kitchenNetwork.cut()\` fails the open staff
 * stream as a dropped connection does (its body errors) and every call after it as an unreachable
 * host does, until \`kitchenNetwork.back()\`. Chromium's offline switch (context.setOffline) leaves a
 * stream already open untouched, so the board would never know it had been away. Plain JavaScript:
 * the page gets it as written.
 */
const NETWORK_SWITCH = `(() => {
  const realFetch = window.fetch.bind(window);
  const open = new Set();
  let away = false;
  window.kitchenNetwork = {
    cut: () => { away = true; for (const fail of open) fail(); open.clear(); },
    back: () => { away = false; },
  };
  window.fetch = async (input, init) => {
    if (away) throw new TypeError('Failed to fetch');
    const response = await realFetch(input, init);
    const url = typeof input === 'string' ? input : input.url;
    if (!url.includes('/admin-order-stream') || !response.body) return response;
    let fail = () => {};
    const body = response.body.pipeThrough(new TransformStream({
      start: (controller) => { fail = () => controller.error(new TypeError('network error')); },
    }));
    open.add(fail);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
})();`;

async function openTablet(browser: Browser): Promise<Tablet> {
  const context = await browser.newContext({
    viewport: TABLET,
    reducedMotion: 'reduce',
    timezoneId: DEFAULT_SHOP_TIME_ZONE,
  });
  const page = await context.newPage();
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
  await page.goto(`${BENCH_WEB_URL}/auth`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/auth');
  const calls: Tablet['calls'] = [];
  countCalls(page, calls);
  await page.addInitScript({ content: NETWORK_SWITCH });
  await page.goto(`${BENCH_WEB_URL}/admin/kitchen`);
  await page.waitForFunction(
    (open) => document.querySelectorAll('li[data-order]').length >= open,
    OPEN_ORDERS,
    { timeout: 60_000 },
  );
  return { page, calls };
}

/** The next step's button name of an order in `state`; null when the board offers none. */
function stepLabel(
  order: Pick<Order, 'transaction_id' | 'order_type' | 'payment_method'>,
  state: KitchenColumn,
) {
  const method = order.payment_method ?? 'online';
  const next = nextKitchenStep(state, order.order_type ?? 'delivery', method);
  return next && next !== 'paid' && next !== 'placed'
    ? `${kitchenStepAction(next, method)}: order ${order.transaction_id}`
    : null;
}

/** Resolves with the page's clock when `order`'s ticket shows `label` (or is gone, for null). */
function whenShown(page: Page, orderId: string, label: string | null): Promise<number> {
  // No function is named inside: the page would be sent tsx's helper for names with it.
  return page.evaluate(
    ({ orderId, label }) =>
      new Promise<number>((resolve) => {
        const watch = new MutationObserver(() => {
          const ticket = document.querySelector(`li[data-order="${orderId}"]`);
          const shown =
            label === null
              ? ticket === null
              : [...(ticket?.querySelectorAll('button') ?? [])].some(
                  (b) => b.getAttribute('aria-label') === label,
                );
          if (!shown) return;
          watch.disconnect();
          resolve(Date.now());
        });
        watch.observe(document.body, { subtree: true, childList: true, attributes: true });
        // A change of its own: the observer looks once now, for a screen that shows it already.
        document.body.dataset.watching = orderId;
      }),
    { orderId, label },
  );
}

interface Move {
  number: string;
  toOtherMs: number;
  ownMs: number;
  callsA: number;
  callsB: number;
  /** A finger could reach it: wholly inside every box that clips it (the rail may be scrolled to it). */
  tappable: boolean;
}

/** A taps `order`'s next step and waits for its answer and for B's screen to show the new step. */
async function move(
  a: Tablet,
  b: Tablet,
  order: Order,
  state: KitchenColumn,
): Promise<{ move: Move; to: KitchenColumn }> {
  const label = stepLabel(order, state)!;
  const to = nextKitchenStep(
    state,
    order.order_type ?? 'delivery',
    order.payment_method ?? 'online',
  ) as KitchenColumn;
  const after = stepLabel(order, to);
  const seenOnB = whenShown(b.page, order._id, after);
  const seenOnA = whenShown(a.page, order._id, after);
  // Left pending should the move fail: their end with the browser is no second failure.
  for (const seen of [seenOnB, seenOnA]) seen.catch(() => undefined);
  const before = { a: a.calls.length, b: b.calls.length };
  const answered = a.page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().includes(`/admin-order/${order._id}/transition`),
  );
  answered.catch(() => undefined);
  const button = a.page
    .locator(`li[data-order="${order._id}"]`)
    .getByRole('button', { name: label, exact: true });
  // Whether a finger could reach it: scrolling the rail, never a box that only clips (a ticket cut short).
  const tappable = await button.evaluate((element: HTMLElement) => {
    const r = element.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    for (let box = element.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (!['hidden', 'clip'].includes(style.overflowY) && !['hidden', 'clip'].includes(style.overflowX))
        continue;
      const b = box.getBoundingClientRect();
      if (
        r.top < b.top - 0.5 ||
        r.bottom > b.bottom + 0.5 ||
        r.left < b.left - 0.5 ||
        r.right > b.right + 0.5
      )
        return false;
    }
    return true;
  });
  // Pressed through the page either way, so that a covered button still measures the board's work.
  await button.evaluate((element: HTMLElement) => {
    (window as unknown as { tappedAt: number }).tappedAt = Date.now();
    element.click();
  });
  const answer = await answered;
  if (!answer.ok()) throw new Error(`The move of ${order.transaction_id} answered ${answer.status()}`);
  const [onB, onA] = await Promise.all([seenOnB, seenOnA]);
  const tappedAt = await a.page.evaluate(() => (window as unknown as { tappedAt: number }).tappedAt);
  // Anything either tablet asks for because of the move has been asked for by then.
  await sleep(500);
  return {
    to,
    move: {
      number: `#${order.order_number}`,
      toOtherMs: onB - tappedAt,
      ownMs: onA - tappedAt,
      callsA: a.calls.length - before.a,
      callsB: b.calls.length - before.b,
      tappable,
    },
  };
}

/** The API processes' CPU time so far, in milliseconds (user + system, from /proc). */
function apiCpuMs(): number {
  const tick = 1000 / 100;
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes('server/api/index.ts')) continue;
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (!env.includes(`API_PORT=${BENCH_PORTS.api}\0`)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** A member of staff: signed up, made an admin by the owner (`npm run admin:grant`), signed in. */
async function newStaff(n: number): Promise<StaffAccount> {
  const email = `cook-${Date.now().toString(36)}-${n}@example.com`;
  const provider = (await expectOk(
    await fetch(`http://${BENCH_AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'pizza1', returnSecureToken: true }),
    }),
    'The Auth emulator',
  )) as { idToken: string; localId: string };
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${provider.idToken}` };
  await expectOk(
    await fetch(`${BENCH_API_URL}/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ uid: provider.localId, displayName: `Cook ${n}`, email, role: 'user' }),
    }),
    'POST /users',
  );
  await new Promise<void>((resolve, reject) => {
    const grant = spawn(process.execPath, [...TSX, 'scripts/admin-grant.ts', email, '--unverified'], {
      env: { ...process.env, ...stackEnv(BENCH_PORTS, '.data/bench') },
      stdio: 'ignore',
    });
    grant.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`admin:grant exited ${code}`))));
  });
  const { token } = v.parse(
    ApiTokenSchema,
    await expectOk(
      await fetch(`${BENCH_API_URL}/jwt`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ uid: provider.localId }),
      }),
      'POST /jwt',
    ),
  );
  return { uid: provider.localId, token };
}

/** The server's board now, as staff read it. */
async function serverBoard(admin: StaffAccount): Promise<Order[]> {
  return v.parse(
    OrderListSchema,
    await expectOk(
      await fetch(`${BENCH_API_URL}/admin-kitchen-board?uid=${admin.uid}`, {
        headers: { Authorization: `Bearer ${admin.token}` },
      }),
      'GET /admin-kitchen-board',
    ),
  );
}

/** Each ticket on a tablet's screen: its order id and its next step's name (or '' for none). */
function screenBoard(page: Page): Promise<Array<[string, string]>> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('li[data-order]')].map((ticket) => {
      const step = [...ticket.querySelectorAll('button')]
        .map((b) => b.getAttribute('aria-label') ?? '')
        .find(
          (name) =>
            /^[A-Z][a-z ]+: order /.test(name) &&
            !name.startsWith('Print') &&
            !name.startsWith('Cash refused'),
        );
      return [ticket.dataset.order!, step ?? ''] as [string, string];
    }),
  );
}

/** Where a tablet's board differs from the server's: tickets missing, extra, doubled, or in another state. */
function differences(screen: Array<[string, string]>, server: Order[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [id, step] of screen) {
    if (seen.has(id)) problems.push(`${id} shown twice`);
    seen.set(id, step);
  }
  for (const order of server) {
    const expected = stepLabel(order, order.state as KitchenColumn) ?? '';
    const shown = seen.get(order._id);
    if (shown === undefined) problems.push(`#${order.order_number} missing`);
    else if (shown !== expected) problems.push(`#${order.order_number} shows "${shown}", not "${expected}"`);
    seen.delete(order._id);
  }
  for (const id of seen.keys()) problems.push(`${id} shown but not on the server's board`);
  return problems;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const byRoute = (calls: Tablet['calls']) => {
  const counts = new Map<string, number>();
  for (const call of calls)
    counts.set(`${call.method} ${call.path}`, (counts.get(`${call.method} ${call.path}`) ?? 0) + 1);
  return [...counts].map(([route, count]) => `${count} × \`${route}\``).join(', ') || 'none';
};

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const storefront = await startBenchStorefront();
  let browser: Browser | undefined;
  const tablets: Record<string, Tablet> = {};
  const stop = async () => {
    await browser?.close();
    await storefront.stop();
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const admin = await signInDemo('admin');
    // Open every day, all day, as the owner sets it: the run measures the board, not the hour.
    await expectOk(
      await fetch(`${BENCH_API_URL}/admin-shop-hours?uid=${admin.uid}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({
          week: Array.from({ length: 7 }, (_, day) => ({
            day,
            opens: '00:00',
            closes: '23:59',
            closed: false,
          })),
          closedDates: [],
        }),
      }),
      'PUT /admin-shop-hours',
    );
    console.log(`${STAFF} staff take ${OPEN_ORDERS} phone orders …`);
    const staff = [
      admin,
      ...(await Promise.all(Array.from({ length: STAFF - 1 }, (_, n) => newStaff(n + 1)))),
    ];
    const waits: string[] = [];
    const orders = await putKitchenOrders({
      api: BENCH_API_URL,
      staff,
      count: OPEN_ORDERS,
      later: LATER_ORDERS,
      moves: { accepted: 12, preparing: 8, out: 5 },
      log: (line) => waits.push(line),
    });
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    console.log('Two tablets open the board …');
    const a = await openTablet(browser);
    tablets.a = a;
    await a.page.screenshot({ path: `${SHOTS}/tablet-a-open.png` });
    const b = await openTablet(browser);
    tablets.b = b;
    await sleep(2_000);
    const opened = { a: byRoute(a.calls), b: byRoute(b.calls) };

    // The moves: tickets new, accepted and being made, none for later, taken a step on.
    const now = Date.now();
    const movable = orders.filter(
      (order) =>
        !waitsForLater(order, now) && !order.scheduled && stepLabel(order, order.state as KitchenColumn),
    );
    const picked = [
      ...movable.filter((order) => order.state === 'placed').slice(0, 10),
      ...movable.filter((order) => order.state === 'accepted').slice(0, 5),
      ...movable.filter((order) => order.state === 'preparing').slice(0, 5),
    ].slice(0, MOVES);
    if (picked.length < MOVES) throw new Error(`Only ${picked.length} tickets to move`);
    console.log(`Tablet A moves ${MOVES} tickets …`);
    const movesFrom = { a: a.calls.length, b: b.calls.length };
    const cpuBefore = apiCpuMs();
    const moves: Move[] = [];
    for (const order of picked) moves.push((await move(a, b, order, order.state as KitchenColumn)).move);
    const cpuPerMove = (apiCpuMs() - cpuBefore) / MOVES;
    const duringMoves = { a: a.calls.slice(movesFrom.a), b: b.calls.slice(movesFrom.b) };

    // B away: its network cut while A moves three more tickets; then back.
    console.log(
      `Tablet B's network is cut for ${AWAY_MS / 1000} s while A moves ${MOVES_WHILE_AWAY} tickets …`,
    );
    const away = movable
      .filter((order) => !picked.includes(order) && order.state === 'placed')
      .slice(0, MOVES_WHILE_AWAY);
    const awayFrom = b.calls.length;
    await b.page.evaluate(() =>
      (window as unknown as { kitchenNetwork: { cut(): void } }).kitchenNetwork.cut(),
    );
    const awayStarted = Date.now();
    for (const order of away) {
      const label = stepLabel(order, 'placed')!;
      await a.page
        .locator(`li[data-order="${order._id}"]`)
        .getByRole('button', { name: label, exact: true })
        .evaluate((element: HTMLElement) => element.click());
      await whenShown(a.page, order._id, stepLabel(order, 'accepted'));
    }
    await sleep(Math.max(0, AWAY_MS - (Date.now() - awayStarted)));
    const stale = differences(await screenBoard(b.page), await serverBoard(admin));
    const backAt = Date.now();
    await b.page.evaluate(() =>
      (window as unknown as { kitchenNetwork: { back(): void } }).kitchenNetwork.back(),
    );
    let problems: string[] = ['not compared'];
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      problems = differences(await screenBoard(b.page), await serverBoard(admin));
      if (problems.length === 0) break;
      await sleep(100);
    }
    const caughtUpMs = Date.now() - backAt;
    await sleep(1_000);
    const catchUp = b.calls.slice(awayFrom);
    const catchUpReads = catchUp.filter(
      (call) => call.method === 'GET' && call.path === '/admin-kitchen-board',
    ).length;

    const perMoveA = duringMoves.a.length / MOVES;
    const perMoveB = duringMoves.b.length / MOVES;
    const worstA = Math.max(...moves.map((m) => m.callsA));
    const worstB = Math.max(...moves.map((m) => m.callsB));
    const toOther = moves.map((m) => m.toOtherMs);
    const worstToOther = Math.max(...toOther);
    const checks = {
      a: worstA <= TARGETS.requestsA,
      b: worstB <= TARGETS.requestsB,
      toOther: worstToOther <= TARGETS.toOtherScreenMs,
      catchUp: problems.length === 0 && catchUpReads <= TARGETS.catchUpReads,
      tappable: moves.every((m) => m.tappable),
    };
    const markdown = `## The kitchen board on two tablets (\`npm run bench:kitchen\`)

Machine: ${machineLine()}.
The stack as \`npm start\` runs it, open all day (Admin → Hours), with its default limits. ${OPEN_ORDERS} open orders
taken by phone (cash, so each is on the board at once: pickups and deliveries, options and instructions,
${LATER_ORDERS} for a later slot), ${STAFF} staff taking them in turn (one account's checkout quota is 10 a minute${waits.length > 0 ? `; the quota still asked for ${waits.length} wait(s)` : ''}),
then some accepted, started and sent out through the board's own call. Two tablets (Chromium, ${TABLET.width}×${TABLET.height},
each its own browser profile) signed in as the demo admin on \`/admin/kitchen\`; every call each makes to
the API is counted. Tablet A taps ${MOVES} tickets' next step one at a time (10 Accept, 5 Start preparing,
5 Send out or Ready), each after the last one's answer and B's screen showed it; B only watches. The time
to the other screen runs from A's tap (the button pressed through the page, on its clock) to B's ticket showing its new
next step (a MutationObserver's moment, on B's clock; both tablets read the same machine's clock).
Decision 043 says why the board works this way.

| check | target | measured | result |
| --- | --- | --- | --- |
| API calls on A per move, worst move | ≤ ${TARGETS.requestsA} | ${worstA} (${perMoveA.toFixed(2)} a move over ${MOVES}) | ${verdict(checks.a)} |
| API calls on B per move (reads beyond what the stream told it), worst move | ${TARGETS.requestsB} | ${worstB} (${perMoveB.toFixed(2)} a move) | ${verdict(checks.b)} |
| A's tap to the new step on B, median / worst of ${MOVES} | ≤ ${TARGETS.toOtherScreenMs} ms | ${ms(median(toOther))} / ${ms(worstToOther)} | ${verdict(checks.toOther)} |
| Next-step buttons a finger could reach (wholly inside their ticket and every box that clips them; the rail may be scrolled) | ${MOVES} of ${MOVES} | ${moves.filter((m) => m.tappable).length} of ${MOVES} | ${verdict(checks.tappable)} |
| B after ${AWAY_MS / 1000} s cut off (its stream dropped, every call failing) while A moved ${MOVES_WHILE_AWAY}: the server's board, every ticket once, in its state; catch-up reads | ${TARGETS.catchUpReads} read, no difference | ${catchUpReads} read(s), ${problems.length === 0 ? `the same board ${(caughtUpMs / 1000).toFixed(1)} s after it came back` : `${problems.length} difference(s): ${problems.slice(0, 3).join('; ')}`} | ${verdict(checks.catchUp)} |

A's own screen showed each move ${ms(median(moves.map((m) => m.ownMs)))} after the tap (median; worst ${ms(Math.max(...moves.map((m) => m.ownMs)))}).
The API's CPU (user + system of its process, from /proc) was ${cpuPerMove.toFixed(1)} ms a move, the move's call
and the event it sent to both streams together.

Opening the board (sign-in done): A ${opened.a}; B ${opened.b}.
During the ${MOVES} moves: A ${byRoute(duringMoves.a)}; B ${byRoute(duringMoves.b)}.
While B was away it had ${stale.length} ticket(s) behind the server; from the cut to caught up, B made ${byRoute(catchUp)}.

${table(
  [
    'move',
    'ticket',
    'A’s tap to B’s screen',
    'A’s own screen',
    'calls on A',
    'calls on B',
    'a finger could press it',
  ],
  moves.map((m, n) => [
    String(n + 1),
    m.number,
    ms(m.toOtherMs),
    ms(m.ownMs),
    String(m.callsA),
    String(m.callsB),
    m.tappable ? 'yes' : '**no**',
  ]),
)}`;
    writeSection('bench:kitchen', markdown);
    console.log(`\n${markdown}`);
    if (!Object.values(checks).every(Boolean)) throw new Error('The kitchen board missed a target');
  } catch (error) {
    // What each tablet showed when it went wrong.
    for (const [name, tablet] of Object.entries(tablets)) {
      await tablet.page.screenshot({ path: `${SHOTS}/tablet-${name}.png` }).catch(() => undefined);
      console.error(`Tablet ${name.toUpperCase()}'s screen: ${SHOTS}/tablet-${name}.png`);
    }
    throw error;
  } finally {
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
