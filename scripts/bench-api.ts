// `npm run bench:api`: how much the API serves at dinner rush. autocannon against the API as `npm start`
// runs it (on the embedded PostgreSQL, seeded menu), at 10 and 100 connections, next to a bare Hono
// hello-world on the same server setup as the ceiling; the figures go to docs/benchmarks.md.
import { randomBytes } from 'node:crypto';
import autocannon, { type Options, type Result } from 'autocannon';
import * as v from 'valibot';
import type { AddToCart } from '../server/contract/cart.ts';
import type { MenuItem } from '../server/contract/menu.ts';
import { ApiTokenSchema } from '../server/contract/user.ts';
import { connectDatabase } from '../server/db/client.ts';
import { embeddedPostgresUrl } from '../server/db/embedded.ts';
import { users } from '../server/db/schema.ts';
import { DEMO_ACCOUNTS } from '../server/seed/demo-accounts.ts';
import { createApiTokens } from '../server/tokens.ts';
import { machineLine, table, writeSection } from './lib/bench-report.ts';
import { BENCH_API_URL, BENCH_AUTH_HOST, BENCH_ENV, startBenchStorefront } from './lib/bench-storefront.ts';
import { startChild, stopChild, TSX, waitForHttp } from './lib/processes.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 3;
const CONNECTIONS = [10, 100] as const;

interface Scenario {
  name: string;
  note: string;
  options: (connections: number) => Options;
  /** The answer every request should get (default: any 2xx). */
  expectStatus?: number;
}

interface Row {
  scenario: Scenario;
  connections: number;
  result: Result;
}

/** Socket errors, and answers other than the scenario's expected status. */
function failures({ scenario, result }: Row): number {
  let unexpected = 0;
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    const status = Number(code);
    const ok = scenario.expectStatus ? status === scenario.expectStatus : status >= 200 && status < 300;
    if (!ok) unexpected += Number(count);
  }
  return unexpected + result.errors;
}

const json = (token?: string) => ({
  'Content-Type': 'application/json',
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

async function expectOk(response: Response, what: string): Promise<unknown> {
  const body = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The demo customer, signed in once as the storefront does it: the emulator's ID token, then POST /jwt. */
async function signInDemoCustomer(): Promise<{ uid: string; token: string }> {
  const customer = DEMO_ACCOUNTS.find((account) => account.role === 'user')!;
  const signIn = (await expectOk(
    await fetch(
      `http://${BENCH_AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
      {
        method: 'POST',
        headers: json(),
        body: JSON.stringify({ email: customer.email, password: customer.password, returnSecureToken: true }),
      },
    ),
    'The Auth emulator',
  )) as { idToken: string };
  const { token } = v.parse(
    ApiTokenSchema,
    await expectOk(
      await fetch(`${BENCH_API_URL}/jwt`, {
        method: 'POST',
        headers: json(signIn.idToken),
        body: JSON.stringify({ uid: customer.uid }),
      }),
      'POST /jwt',
    ),
  );
  return { uid: customer.uid, token };
}

/**
 * Customers for the write mix, one per connection, so that no two connections race for the same cart
 * line (a cart holds an item once). They are registered straight in the database and their API tokens
 * signed with the server's secret (given to it at start): a hundred sign-ins through POST /jwt would be
 * refused by its rate limiter, and they are not what this measures.
 */
async function benchCustomers(count: number, secret: string): Promise<string[]> {
  const database = connectDatabase(embeddedPostgresUrl(Number(BENCH_ENV.PG_PORT), 'pizzon'), () => {});
  try {
    const uids = Array.from({ length: count }, (_, i) => `bench-customer-${String(i + 1).padStart(3, '0')}`);
    await database.db
      .insert(users)
      .values(uids.map((uid) => ({ uid, email: `${uid}@pizzon.test`, displayName: uid, role: 'user' })))
      .onConflictDoNothing({ target: users.uid });
    const tokens = createApiTokens(secret);
    return Promise.all(uids.map(async (uid) => (await tokens.issue(uid)).token));
  } finally {
    await database.close();
  }
}

async function run(scenario: Scenario): Promise<Row[]> {
  await autocannon({ ...scenario.options(CONNECTIONS[0]), duration: WARMUP_S });
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    const result = await autocannon({ ...scenario.options(connections), connections, duration: DURATION_S });
    const row = { scenario, connections, result };
    console.log(
      `  ${scenario.name} @${connections}: ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, failed ${failures(row)}`,
    );
    rows.push(row);
  }
  return rows;
}

async function measureCeiling(): Promise<Row[]> {
  const hello = startChild(
    'hello',
    process.execPath,
    [...TSX, 'scripts/lib/hello-server.ts'],
    { ...process.env, API_PORT: BENCH_ENV.API_PORT },
    true,
  );
  try {
    await waitForHttp(`${BENCH_API_URL}/bench/hello`, 'hello-world server');
    return await run({
      name: 'GET /bench/hello',
      note: 'bare Hono app, same server setup (the ceiling)',
      options: () => ({ url: `${BENCH_API_URL}/bench/hello` }),
    });
  } finally {
    await stopChild(hello);
  }
}

async function measureApi(secret: string): Promise<Row[]> {
  const menu = (await expectOk(
    await fetch(`${BENCH_API_URL}/all-items?category=all&limit=0`),
    'GET /all-items',
  )) as MenuItem[];
  const inStock = menu.filter((item) => item.quantity >= 10);
  if (inStock.length < 4) throw new Error('The seeded menu has too few items in stock');
  const customer = await signInDemoCustomer();
  // A realistic cart to read: three lines.
  for (const item of inStock.slice(0, 3)) {
    const body: AddToCart = { itemId: item._id, quantity: 1 };
    await expectOk(
      await fetch(`${BENCH_API_URL}/add-to-cart`, {
        method: 'POST',
        headers: json(customer.token),
        body: JSON.stringify(body),
      }),
      'POST /add-to-cart',
    );
  }
  const writers = await benchCustomers(Math.max(...CONNECTIONS), secret);
  const writeItem = inStock[3]!;
  const menuTag = (await fetch(`${BENCH_API_URL}/all-items?category=all&limit=0`)).headers.get('ETag');
  if (!menuTag) throw new Error('GET /all-items answered without an ETag');

  const scenarios: Scenario[] = [
    {
      name: 'GET /all-items?category=all&limit=0',
      note: `the whole menu (${menu.length} items)`,
      options: () => ({ url: `${BENCH_API_URL}/all-items?category=all&limit=0` }),
    },
    {
      name: 'GET /all-items?category=all&limit=0, If-None-Match',
      note: 'a browser revalidating the menu it holds: 304, no body',
      options: () => ({
        url: `${BENCH_API_URL}/all-items?category=all&limit=0`,
        headers: { 'If-None-Match': menuTag },
      }),
      expectStatus: 304,
    },
    {
      name: 'GET /item-detail/{id}',
      note: 'one item',
      options: () => ({ url: `${BENCH_API_URL}/item-detail/${inStock[0]!._id}` }),
    },
    {
      name: 'GET /add-to-cart?uid=…',
      note: 'signed in (API token checked, account read), a cart of 3 lines',
      options: () => ({
        url: `${BENCH_API_URL}/add-to-cart?uid=${customer.uid}`,
        headers: json(customer.token),
      }),
    },
    {
      name: 'POST /add-to-cart + DELETE /remove-cart-item/{id}',
      note: 'write mix: each connection a customer of its own adds a line and removes it',
      options: () => {
        let next = 0;
        return {
          url: BENCH_API_URL,
          setupClient: (client) => {
            const headers = json(writers[next++ % writers.length]);
            client.setRequests([
              {
                method: 'POST',
                path: '/add-to-cart',
                headers,
                body: JSON.stringify({ itemId: writeItem._id, quantity: 1 }),
                onResponse: (status, body, context) => {
                  if (status === 201)
                    context.lineId = (JSON.parse(body) as { insertedId: string }).insertedId;
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
        };
      },
    },
  ];
  const rows: Row[] = [];
  for (const scenario of scenarios) rows.push(...(await run(scenario)));
  return rows;
}

function report(ceiling: Row[], api: Row[]): string {
  const ceilingAt = new Map(ceiling.map((row) => [row.connections, row.result.requests.average]));
  const rows = [...ceiling, ...api].map((row) => {
    const { scenario, connections, result } = row;
    const failed = failures(row);
    return [
      `\`${scenario.name}\``,
      scenario.note,
      String(connections),
      String(Math.round(result.requests.average)),
      `${Math.round((result.requests.average / ceilingAt.get(connections)!) * 100)} %`,
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      failed === 0 ? '0' : `**${failed}**`,
    ];
  });
  return `## API (\`npm run bench:api\`)

Machine: ${machineLine()}.
autocannon ${DURATION_S} s per row after a ${WARMUP_S} s warm-up, from the same machine (it shares the
cores with the API and PostgreSQL). The API runs as \`npm start\` runs it (tsx, pino request log at
info, pg pool of 10), on the embedded PostgreSQL with the seeded menu. "Of ceiling" compares with the
hello-world row at the same number of connections. "Failed" counts socket errors and answers other than
the expected one (a 2xx; the revalidation row expects 304).

${table(['route', 'what', 'connections', 'requests/s', 'of ceiling', 'p50', 'p99', 'failed'], rows)}
`;
}

async function main() {
  console.log('Measuring the ceiling (bare Hono hello-world) …');
  const ceiling = await measureCeiling();
  console.log('Starting the storefront …');
  // The API's token secret, so that the write mix's customers can hold API tokens without signing in.
  const secret = randomBytes(32).toString('base64url');
  const storefront = await startBenchStorefront({ API_TOKEN_SECRET: secret });
  const stopOnSignal = () => void storefront.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  let api: Row[];
  try {
    api = await measureApi(secret);
  } finally {
    await storefront.stop();
  }
  const failed = [...ceiling, ...api].filter((row) => failures(row) > 0);
  const markdown = report(ceiling, api);
  console.log(`\n${markdown}`);
  writeSection('bench:api', markdown);
  if (failed.length > 0) {
    throw new Error(
      `Some requests failed: ${failed.map((row) => `${row.scenario.name} @${row.connections}`).join(', ')}`,
    );
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
