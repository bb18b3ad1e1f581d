// Every environment variable the project reads, declared once: the API, the site server, `npm start` and
// the other scripts, the build's VITE_ values, and the test suites. Each has its rule and, where it has
// one, its default, here and nowhere else; .env.example lists them in this order with these defaults
// (tests/architecture/environment.test.ts holds the two together, and keeps process.env out of every
// other file). A process reads the variables it needs with readEnv, which names every bad one at once in
// an EnvError; the process's entry point reports it and exits (docs/decisions/015).
import * as v from 'valibot';
import { DEFAULT_STREAM_LIMITS } from './api/live/stream-limits.ts';
import { DEFAULT_ADMISSION } from './api/middleware/admission.ts';
import { DEFAULT_HOLDS } from './api/services/holds.ts';
import { MIN_SECRET_LENGTH } from './api/tokens.ts';

/** The Firebase project `npm start` runs the Auth emulator for: demo-* projects need no credentials. */
export const DEMO_PROJECT_ID = 'demo-pizzon';

/** What a browser on this machine opens, and what the API's CORS and payment return URLs name. */
export const localhostUrl = (port: number): string => `http://localhost:${port}`;
/** Where one local process calls another: the IPv4 loopback, never a name that may resolve to ::1 first. */
export const loopbackUrl = (port: number): string => `http://127.0.0.1:${port}`;

/** The ports `npm start` takes unless told otherwise. */
const PORTS = { web: 5173, api: 5000, authEmulator: 9099, pg: 54329, mail: 2525, mailWeb: 1080 };

/** `npm start`'s mail catcher (scripts/lib/mail-catcher.ts), the API's mail server unless SMTP_URL names one. */
export const LOCAL_SMTP_URL = `smtp://127.0.0.1:${PORTS.mail}`;

/** Node's timers and PostgreSQL's timeouts take at most this many milliseconds (2^31 - 1). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** A whole number from its decimal text; `1e3`, `-1`, `5.5` and the like are refused, not guessed at. */
const wholeNumber = (
  fallback: number,
  min: number,
  max: number,
  message = `must be a whole number from ${min} to ${max}`,
) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,10}$/, message),
      v.transform(Number),
      v.minValue(min, message),
      v.maxValue(max, message),
    ),
    String(fallback),
  );
const port = (fallback: number) => wholeNumber(fallback, 1, 65_535, 'must be a port number from 1 to 65535');
const milliseconds = (fallback: number) =>
  wholeNumber(
    fallback,
    1,
    MAX_TIMEOUT_MS,
    `must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
  );
/** A benchmark's runs, seconds or rates. */
const count = (fallback: number, min = 1) => wholeNumber(fallback, min, 1_000_000);

/** On or off: 1 or true, 0 or false; anything else is a typo worth hearing about. */
const flag = v.optional(
  v.pipe(
    v.picklist(['1', 'true', '0', 'false'], 'must be 1 (or true) or 0 (or false)'),
    v.transform((text) => text === '1' || text === 'true'),
  ),
  '0',
);

const text = v.optional(v.string());

const secret = v.optional(
  v.pipe(
    v.string(),
    v.minLength(
      MIN_SECRET_LENGTH,
      `must be at least ${MIN_SECRET_LENGTH} characters long (e.g. \`openssl rand -base64 32\`)`,
    ),
  ),
);

const url = (example: string) => v.pipe(v.string(), v.url(`must be a URL such as ${example}`));

const smtpUrl = v.pipe(
  v.string(),
  v.check(
    (value) => URL.canParse(value) && ['smtp:', 'smtps:'].includes(new URL(value).protocol),
    'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465',
  ),
);

/**
 * How many reverse proxies of ours stand in front of the API, each appending to X-Forwarded-For:
 * false/0 none, true/1 one (nginx, or the site server's /api), 2 for nginx before the site server.
 */
const proxies = v.optional(
  v.pipe(
    v.string(),
    v.regex(
      /^(true|false|\d)$/,
      'must be 0 (or false), 1 (or true), or how many proxies of ours are in front, up to 9',
    ),
    v.transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
  ),
  '0',
);

/** Comma-separated origins, each exactly as a browser sends it in Origin (scheme://host[:port]). */
const origins = v.pipe(
  v.string(),
  v.transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  ),
  v.minLength(1, 'must name at least one origin'),
  v.check(
    (list) => list.every((origin) => URL.canParse(origin) && new URL(origin).origin === origin),
    'must be origins such as https://shop.example.com (scheme, lower-case host and port only), comma-separated',
  ),
);

// In the order of .env.example. A default that depends on another variable's value (API_PUBLIC_URL,
// VITE_FIREBASE_AUTH_DOMAIN) is not written here but where that value is read: the API's config
// (server/api/config.ts) and readBrowserEnv below.
const ENTRIES = {
  // `npm start` and `npm run dev` (scripts/start.ts), and the commands run beside them.
  WEB_PORT: port(PORTS.web),
  API_PORT: wholeNumber(PORTS.api, 0, 65_535, 'must be a port number from 0 to 65535 (0: any free port)'),
  AUTH_EMULATOR_PORT: port(PORTS.authEmulator),
  PG_PORT: port(PORTS.pg),
  PIZZON_DATA_DIR: v.optional(v.string(), '.data'),
  MAIL_PORT: port(PORTS.mail),
  MAIL_WEB_PORT: port(PORTS.mailWeb),

  DATABASE_URL: v.optional(
    v.string(
      'is not set: start everything with `npm start`, or point it at a PostgreSQL (postgres://user:password@host:5432/pizzon)',
    ),
  ),
  // pg's own pool size, the connect timeout the API always had, and pg's idle timeout.
  DATABASE_POOL_MAX: wholeNumber(10, 1, 1_000),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(5_000),
  DATABASE_IDLE_TIMEOUT_MS: milliseconds(10_000),
  // Far above any request's queries (the lists of a year of orders answer in tens of ms), far below the
  // time a visitor waits.
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(10_000),

  FIREBASE_PROJECT_ID: v.optional(v.string(), DEMO_PROJECT_ID),
  VITE_FIREBASE_API_KEY: text,
  VITE_FIREBASE_AUTH_DOMAIN: text,
  VITE_FIREBASE_PROJECT_ID: v.optional(v.string(), DEMO_PROJECT_ID),
  FIREBASE_AUTH_EMULATOR_HOST: text,
  VITE_FIREBASE_AUTH_EMULATOR_URL: v.optional(url(loopbackUrl(PORTS.authEmulator))),
  SEED_DEMO_ACCOUNTS: flag,

  API_HOST: v.optional(v.string(), '127.0.0.1'),
  // Node's own are 60 s for the headers and 300 s for the whole request: a client that trickles its
  // request holds a connection that long. Headers come in one or two packets; the largest body the API
  // takes (100 kB) crosses a poor mobile link in well under 30 s.
  API_HEADERS_TIMEOUT_MS: milliseconds(10_000),
  API_REQUEST_TIMEOUT_MS: milliseconds(30_000),
  // Longer than a reverse proxy keeps an idle upstream connection (nginx's keepalive_timeout and cloud
  // load balancers: 60 s), so the proxy, not the API, closes it: otherwise a request the proxy sends just
  // as the API closes fails with a 502.
  API_KEEP_ALIVE_TIMEOUT_MS: milliseconds(65_000),
  SITE_ORIGIN: v.optional(origins, localhostUrl(PORTS.web)),
  API_INTERNAL_URL: v.optional(url(loopbackUrl(PORTS.api)), loopbackUrl(PORTS.api)),
  VITE_API_URL: v.optional(url('https://api.example.com')),
  // Any value: a switch of the dev server's, read by src/actors/inspector.ts as it always was.
  VITE_INSPECT: text,
  TRUST_PROXY: proxies,
  EXPIRY_SWEEP_MS: milliseconds(60_000),
  // The live order streams (routes/order-stream.ts): open at once per account and per caller address,
  // counted across every API process, and how often an open one checks its account still qualifies.
  STREAM_MAX_PER_ACCOUNT: wholeNumber(DEFAULT_STREAM_LIMITS.maxPerAccount, 1, 10_000),
  STREAM_MAX_PER_ADDRESS: wholeNumber(DEFAULT_STREAM_LIMITS.maxPerAddress, 1, 1_000_000),
  STREAM_RECHECK_MS: milliseconds(DEFAULT_STREAM_LIMITS.recheckMs),
  // What one customer can hold of the stock, and for how long (services/holds.ts).
  CART_LINE_MAX_UNITS: wholeNumber(DEFAULT_HOLDS.cartLineMaxUnits, 1, 100_000),
  ORDER_MAX_UNITS: wholeNumber(DEFAULT_HOLDS.orderMaxUnits, 1, 100_000),
  HOLD_MINUTES: wholeNumber(DEFAULT_HOLDS.holdMinutes, 1, 24 * 60),
  ADDRESS_HOLD_PERCENT: wholeNumber(DEFAULT_HOLDS.addressHoldPercent, 1, 100),
  NEW_ACCOUNT_HOLD_PERCENT: wholeNumber(DEFAULT_HOLDS.newAccountHoldPercent, 1, 100),
  NEW_ACCOUNT_HOURS: wholeNumber(DEFAULT_HOLDS.newAccountHours, 1, 24 * 365),
  // How much work each API process takes on at once before it sheds the rest (middleware/admission.ts).
  ADMISSION_MAX_IN_FLIGHT: wholeNumber(DEFAULT_ADMISSION.maxInFlight, 1, 10_000),
  ADMISSION_QUEUE_LENGTH: wholeNumber(DEFAULT_ADMISSION.queueLength, 0, 100_000),
  ADMISSION_QUEUE_WAIT_MS: milliseconds(DEFAULT_ADMISSION.queueWaitMs),
  ADMISSION_RETRY_AFTER_SECONDS: wholeNumber(DEFAULT_ADMISSION.retryAfterSeconds, 1, 3_600),
  LOG_LEVEL: v.optional(
    v.picklist(
      ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
      'must be one of trace, debug, info, warn, error, fatal, silent',
    ),
    'info',
  ),
  // A scraper's key to GET /metrics from anywhere but the API's own host (server/api/routes/metrics.ts).
  METRICS_TOKEN: secret,
  API_TOKEN_SECRET: secret,
  API_PUBLIC_URL: v.optional(url('https://api.example.com')),

  PAYMENT_GATEWAY: v.optional(
    v.picklist(['sandbox', 'sslcommerz'], 'must be sandbox or sslcommerz'),
    'sandbox',
  ),
  SANDBOX_PAYMENT_SECRET: secret,
  SSLCOMMERZ_STORE_ID: text,
  SSLCOMMERZ_STORE_PASSWORD: text,
  SSLCOMMERZ_LIVE: flag,
  SSLCOMMERZ_BASE_URL: v.optional(url('https://sandbox.sslcommerz.com')),

  SMTP_URL: v.optional(smtpUrl),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[^\r\n<>]*<?[^\s<>@]+@[^\s<>@]+>?$/,
        'must be an address such as Pizzon <orders@example.com>',
      ),
    ),
    'Pizzon <orders@pizzon.test>',
  ),
  // How long a mail may wait for the next look at the outbox (each process looks once per interval).
  MAIL_POLL_MS: milliseconds(1_000),

  // Unset, development or test: a developer's machine; any other value is production (server/api/config.ts).
  NODE_ENV: text,
  /** Lets a production NODE_ENV or a public API_HOST start with development defaults anyway (a demo). */
  ALLOW_DEMO: flag,

  // `npm run bench:api`, `bench:rush` and `bench:web`.
  BENCH_RUNS: count(3),
  BENCH_DURATION: count(2),
  BENCH_RUSH_RATE: count(36),
  BENCH_RUSH_SECONDS: count(60),
  BENCH_RUSH_CUSTOMERS: count(400),
  BENCH_RUSH_RUNS: count(3),
  BENCH_RUSH_WARMUP_SECONDS: count(10, 0),
  BENCH_RUSH_FIND: flag,
  BENCH_RUSH_FIND_FROM: count(36),
  BENCH_RUSH_FIND_STEP: count(12),
  BENCH_LIGHTHOUSE_RUNS: count(5),

  // `npm run screenshots`, against a running `npm start`.
  BASE_URL: v.optional(url(localhostUrl(PORTS.web)), localhostUrl(PORTS.web)),
  API_URL: v.optional(url(localhostUrl(PORTS.api)), localhostUrl(PORTS.api)),

  // The server tests (tests/server/global-setup.ts) and the browser suite (playwright.config.ts), on
  // ports of their own so that they never meet a running `npm start`.
  TEST_DATABASE_URL: text,
  TEST_PG_PORT: port(54339),
  TEST_AUTH_EMULATOR_PORT: port(9299),
  E2E_WEB_PORT: port(5273),
  E2E_API_PORT: port(5100),
  E2E_AUTH_PORT: port(9399),
  E2E_PG_PORT: port(54349),
  E2E_MAIL_PORT: port(2725),
  E2E_MAIL_WEB_PORT: port(1280),
  CHROMIUM_PATH: v.optional(v.string(), '/usr/bin/chromium'),
};

const ENV = v.object(ENTRIES);

/** Every variable, each as its reader gets it (its default applied). */
export type Env = v.InferOutput<typeof ENV>;
export type EnvName = keyof Env;
/** Where variables are read from: process.env, or a test's object. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

/** Every variable, in the order of .env.example (and of the problems an EnvError names). */
export const ENV_VARIABLES = Object.keys(ENTRIES) as readonly EnvName[];

/** Each variable's rule: its text in, its value out, its default when unset. */
export const envRule = (name: EnvName): v.GenericSchema<string | undefined, unknown> => ENTRIES[name];

/** Every default, as its reader gets it; undefined where a variable has none. */
export const ENV_DEFAULTS: Env = v.parse(ENV, {});

/** One variable's problem: `message` starts with the variable's name and says what to set. */
export interface Problem {
  variable: string;
  message: string;
}

/** Every problem with a process's environment, in the order of .env.example. */
export class EnvError extends Error {
  declare readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[]) {
    super(
      [
        `${problems.length} problem(s) with the environment (.env.example documents every variable):`,
        ...problems.map((problem) => `  ${problem.message}`),
      ].join('\n'),
    );
    this.name = 'EnvError';
    // Not enumerable: Node's print of an uncaught error would list them a second time.
    Object.defineProperty(this, 'problems', { value: problems });
  }
}

/** The variables one process reads. */
export interface EnvSlice<N extends EnvName, G extends EnvName, R extends EnvName> {
  /** Read with their defaults. */
  read?: readonly N[];
  /** Read as given: undefined when unset, whatever the default, for a caller that decides then. */
  given?: readonly G[];
  /** Must be set; the rule's message says how. */
  required?: readonly R[];
}

export type EnvValues<N extends EnvName, G extends EnvName, R extends EnvName> = { [K in N]: Env[K] } & {
  [K in G]: Env[K] | undefined;
} & { [K in R]: NonNullable<Env[K]> };

/** Every entry is optional; its `wrapped` is the rule without the default. */
type Optional = { wrapped: v.GenericSchema };

/**
 * The slice's values and every problem with them. `values` is whole only without problems: a caller
 * checking rules between variables (server/api/config.ts) reads none that a problem names.
 */
export function inspectEnv<N extends EnvName, G extends EnvName = never, R extends EnvName = never>(
  slice: EnvSlice<N, G, R>,
  source: EnvSource = process.env,
): { values: EnvValues<N, G, R>; problems: Problem[] } {
  const rules: Record<string, v.GenericSchema> = {};
  for (const name of slice.read ?? []) rules[name] = ENTRIES[name];
  for (const name of slice.given ?? []) rules[name] = v.optional((ENTRIES[name] as Optional).wrapped);
  for (const name of slice.required ?? []) rules[name] = (ENTRIES[name] as Optional).wrapped;
  // An empty value counts as unset, as `NAME=` in an env file means.
  const input = Object.fromEntries(
    Object.keys(rules).map((name) => [name, source[name] === '' ? undefined : source[name]]),
  );
  const parsed = v.safeParse(v.object(rules), input, { abortEarly: false });
  const problems = (parsed.issues ?? []).map((issue): Problem => {
    const variable = v.getDotPath(issue) ?? 'environment';
    return { variable, message: `${variable} ${issue.message}` };
  });
  return { values: parsed.output as EnvValues<N, G, R>, problems: sortProblems(problems) };
}

/** Puts problems in the order of .env.example, whichever check found them. */
export function sortProblems(problems: Problem[]): Problem[] {
  const order: readonly string[] = ENV_VARIABLES;
  return problems.sort((a, b) => order.indexOf(a.variable) - order.indexOf(b.variable));
}

/** The slice's values; throws an EnvError naming every variable that is wrong. */
export function readEnv<N extends EnvName, G extends EnvName = never, R extends EnvName = never>(
  slice: EnvSlice<N, G, R>,
  source?: EnvSource,
): EnvValues<N, G, R> {
  const { values, problems } = inspectEnv(slice, source);
  if (problems.length) throw new EnvError(problems);
  return values;
}

/** The ports one `npm start` stack takes (a developer's, the browser suite's, the benchmarks'). */
export interface StackPorts {
  web: number;
  api: number;
  auth: number;
  pg: number;
  mail: number;
  mailWeb: number;
}

/** What `npm start` is given to run a stack on `ports`, keeping its data in `dataDir`. */
export function stackEnv(ports: StackPorts, dataDir: string): Record<string, string> {
  return {
    WEB_PORT: String(ports.web),
    API_PORT: String(ports.api),
    AUTH_EMULATOR_PORT: String(ports.auth),
    PG_PORT: String(ports.pg),
    MAIL_PORT: String(ports.mail),
    MAIL_WEB_PORT: String(ports.mailWeb),
    PIZZON_DATA_DIR: dataDir,
  };
}

/** The values the browser's build bakes in (vite.config.ts defines them), and the site server's CSP reads. */
export interface BrowserEnv {
  VITE_API_URL: string | undefined;
  VITE_FIREBASE_API_KEY: string;
  VITE_FIREBASE_AUTH_DOMAIN: string;
  VITE_FIREBASE_PROJECT_ID: string;
  VITE_FIREBASE_AUTH_EMULATOR_URL: string | undefined;
}

export function readBrowserEnv(source?: EnvSource): BrowserEnv {
  const env = readEnv(
    {
      read: [
        'VITE_API_URL',
        'VITE_FIREBASE_API_KEY',
        'VITE_FIREBASE_AUTH_DOMAIN',
        'VITE_FIREBASE_PROJECT_ID',
        'VITE_FIREBASE_AUTH_EMULATOR_URL',
      ],
    },
    source,
  );
  return {
    ...env,
    // The emulator takes any key. Unset in the environment, it tells `npm start` to run the emulator.
    VITE_FIREBASE_API_KEY: env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN:
      env.VITE_FIREBASE_AUTH_DOMAIN ?? `${env.VITE_FIREBASE_PROJECT_ID}.firebaseapp.com`,
  };
}
