// The API's environment, read in one place: each variable with its default and its rule (ENV), the
// rules between variables (RULES), and the typed Config that server/index.ts wires the API from.
// readConfig reads only the object it is given, so every refusal is a unit test
// (tests/server/config.test.ts).
//
// Adding a variable: a line in ENV (its default, and the rule its text must follow), its field in
// Config and toConfig, and its line in .env.example.
import { randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import * as v from 'valibot';
import { DEFAULT_POOL_SETTINGS, type PoolSettings } from './db/client.ts';
import { SSLCOMMERZ_LIVE_URL, SSLCOMMERZ_SANDBOX_URL } from './payments/sslcommerz.ts';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.ts';
import { DEFAULT_HOLDS, type Holds } from './services/holds.ts';
import { MIN_SECRET_LENGTH } from './tokens.ts';

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
const milliseconds = (fallback: number) =>
  wholeNumber(
    fallback,
    1,
    MAX_TIMEOUT_MS,
    `must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
  );

/** On or off: 1 or true, 0 or false; anything else is a typo worth hearing about. */
const flag = v.optional(
  v.pipe(
    v.picklist(['1', 'true', '0', 'false'], 'must be 1 (or true) or 0 (or false)'),
    v.transform((text) => text === '1' || text === 'true'),
  ),
  '0',
);

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
    (text) => URL.canParse(text) && ['smtp:', 'smtps:'].includes(new URL(text).protocol),
    'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465',
  ),
);

/** What `npm start`'s mail catcher listens at (scripts/lib/mail-catcher.ts): mail stays on this machine. */
export const LOCAL_SMTP_URL = 'smtp://127.0.0.1:2525';

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
    v.transform((text) => (text === 'true' ? 1 : text === 'false' ? 0 : Number(text))),
  ),
  '0',
);

/** Comma-separated origins, each exactly as a browser sends it in Origin (scheme://host[:port]). */
const origins = v.pipe(
  v.string(),
  v.transform((text) =>
    text
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

const ENV = v.object({
  NODE_ENV: v.optional(v.string()),
  /** Lets NODE_ENV=production or a public API_HOST start with development defaults anyway (a demo). */
  ALLOW_DEMO: flag,
  LOG_LEVEL: v.optional(
    v.picklist(
      ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
      'must be one of trace, debug, info, warn, error, fatal, silent',
    ),
    'info',
  ),

  DATABASE_URL: v.string(
    'is not set: start everything with `npm start`, or point it at a PostgreSQL (postgres://user:password@host:5432/pizzon)',
  ),
  DATABASE_POOL_MAX: wholeNumber(DEFAULT_POOL_SETTINGS.maxConnections, 1, 1_000),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(DEFAULT_POOL_SETTINGS.connectTimeoutMs),
  DATABASE_IDLE_TIMEOUT_MS: milliseconds(DEFAULT_POOL_SETTINGS.idleTimeoutMs),
  // Far above any request's queries (the lists of a year of orders answer in tens of ms), far below the
  // time a visitor waits.
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(10_000),

  API_HOST: v.optional(v.string(), '127.0.0.1'),
  API_PORT: wholeNumber(5000, 0, 65_535, 'must be a port number from 0 to 65535 (0: any free port)'),
  // Node's own are 60 s for the headers and 300 s for the whole request: a client that trickles its
  // request holds a connection that long. Headers come in one or two packets; the largest body the API
  // takes (100 kB) crosses a poor mobile link in well under 30 s.
  API_HEADERS_TIMEOUT_MS: milliseconds(10_000),
  API_REQUEST_TIMEOUT_MS: milliseconds(30_000),
  // Longer than a reverse proxy keeps an idle upstream connection (nginx's keepalive_timeout and cloud
  // load balancers: 60 s), so the proxy, not the API, closes it: otherwise a request the proxy sends just
  // as the API closes fails with a 502.
  API_KEEP_ALIVE_TIMEOUT_MS: milliseconds(65_000),
  API_PUBLIC_URL: v.optional(url('https://api.example.com')),
  SITE_ORIGIN: v.optional(origins, 'http://localhost:5173'),
  TRUST_PROXY: proxies,
  EXPIRY_SWEEP_MS: milliseconds(60_000),
  // What one customer can hold of the stock, and for how long (services/holds.ts).
  CART_LINE_MAX_UNITS: wholeNumber(DEFAULT_HOLDS.cartLineMaxUnits, 1, 100_000),
  ORDER_MAX_UNITS: wholeNumber(DEFAULT_HOLDS.orderMaxUnits, 1, 100_000),
  HOLD_MINUTES: wholeNumber(DEFAULT_HOLDS.holdMinutes, 1, 24 * 60),

  FIREBASE_PROJECT_ID: v.optional(v.string(), 'demo-pizzon'),
  FIREBASE_AUTH_EMULATOR_HOST: v.optional(v.string()),
  SEED_DEMO_ACCOUNTS: flag,
  API_TOKEN_SECRET: secret,

  PAYMENT_GATEWAY: v.optional(
    v.picklist(['sandbox', 'sslcommerz'], 'must be sandbox or sslcommerz'),
    'sandbox',
  ),
  SANDBOX_PAYMENT_SECRET: secret,
  SSLCOMMERZ_STORE_ID: v.optional(v.string()),
  SSLCOMMERZ_STORE_PASSWORD: v.optional(v.string()),
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
});

/** Every variable the API reads, in the order of ENV. */
export const CONFIG_VARIABLES = Object.keys(ENV.entries) as ReadonlyArray<keyof typeof ENV.entries>;

type Env = v.InferOutput<typeof ENV>;
type Name = keyof Env;

/** A rule between variables, reported on `variable`; checked once it and every name in `reads` are valid. */
interface Rule {
  variable: Name;
  reads: Name[];
  holds: (env: Env) => boolean;
  message: (env: Env) => string;
}

const isLoopback = (host: string): boolean =>
  host === 'localhost' ||
  (isIPv4(host) && host.startsWith('127.')) ||
  (isIPv6(host) && /^(::1|::ffff:127\.[\d.]+)$/i.test(host));

/** Why the API may be reachable by anyone (and so must not run on development defaults), or undefined. */
function exposure(env: Pick<Env, 'NODE_ENV' | 'API_HOST'>): string | undefined {
  if (env.NODE_ENV === 'production') return 'NODE_ENV=production';
  if (!isLoopback(env.API_HOST)) return `API_HOST=${env.API_HOST} is not a loopback address`;
  return undefined;
}

/**
 * What `npm start` runs on so that it works offline with nothing set, and what nobody may run a shop on:
 * refused where the API may face the world unless ALLOW_DEMO=1.
 */
const DEVELOPMENT_DEFAULTS: Array<{
  variable: Name;
  reads: Name[];
  inUse: (env: Env) => boolean;
  why: string;
}> = [
  {
    variable: 'FIREBASE_AUTH_EMULATOR_HOST',
    reads: [],
    inUse: (env) => env.FIREBASE_AUTH_EMULATOR_HOST !== undefined,
    why:
      'is set: the Auth emulator vouches for unsigned ID tokens, so anyone can sign in as anyone, the admin ' +
      'included. Unset it and use a real Firebase project (FIREBASE_PROJECT_ID, GOOGLE_APPLICATION_CREDENTIALS)',
  },
  {
    variable: 'PAYMENT_GATEWAY',
    reads: [],
    inUse: (env) => env.PAYMENT_GATEWAY === 'sandbox',
    why:
      'is sandbox (the default): its payment page marks orders paid without money. Set PAYMENT_GATEWAY=sslcommerz ' +
      'with SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD',
  },
  {
    variable: 'API_TOKEN_SECRET',
    reads: [],
    inUse: (env) => env.API_TOKEN_SECRET === undefined,
    why:
      'is not set: a random one per process signs every user out at a restart and is refused by the other ' +
      `instances. Set it to ${MIN_SECRET_LENGTH}+ random characters, the same on every instance`,
  },
  {
    variable: 'SANDBOX_PAYMENT_SECRET',
    reads: ['PAYMENT_GATEWAY'],
    inUse: (env) => env.PAYMENT_GATEWAY === 'sandbox' && env.SANDBOX_PAYMENT_SECRET === undefined,
    why:
      'is not set: a random one per process breaks open payment pages at a restart and on other instances. ' +
      `Set it to ${MIN_SECRET_LENGTH}+ random characters, the same on every instance`,
  },
  {
    variable: 'SEED_DEMO_ACCOUNTS',
    reads: [],
    inUse: (env) => env.SEED_DEMO_ACCOUNTS,
    why: `is on: it creates the admin ${DEMO_ACCOUNTS[0].email}, whose password is published. Unset it`,
  },
  {
    variable: 'SMTP_URL',
    reads: [],
    inUse: (env) => env.SMTP_URL === undefined,
    why:
      `is not set: mail goes to ${LOCAL_SMTP_URL}, the local catcher of \`npm start\`, and never reaches a ` +
      'customer. Set it to your mail server (smtps://user:password@smtp.example.com:465)',
  },
];

const RULES: Rule[] = [
  {
    variable: 'API_HEADERS_TIMEOUT_MS',
    reads: ['API_REQUEST_TIMEOUT_MS'],
    holds: (env) => env.API_HEADERS_TIMEOUT_MS <= env.API_REQUEST_TIMEOUT_MS,
    message: () => 'must not be longer than API_REQUEST_TIMEOUT_MS: the headers are part of the request',
  },
  {
    variable: 'SEED_DEMO_ACCOUNTS',
    reads: ['FIREBASE_AUTH_EMULATOR_HOST'],
    holds: (env) => !env.SEED_DEMO_ACCOUNTS || env.FIREBASE_AUTH_EMULATOR_HOST !== undefined,
    message: () =>
      'is on without the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST): accounts with published passwords are ' +
      'never made in a real Firebase project',
  },
  ...(['SSLCOMMERZ_STORE_ID', 'SSLCOMMERZ_STORE_PASSWORD'] as const).map(
    (variable): Rule => ({
      variable,
      reads: ['PAYMENT_GATEWAY'],
      holds: (env) => env.PAYMENT_GATEWAY !== 'sslcommerz' || env[variable] !== undefined,
      message: () =>
        'is not set: PAYMENT_GATEWAY=sslcommerz needs the store id and password SSLCommerz gave you',
    }),
  ),
  ...DEVELOPMENT_DEFAULTS.map(
    ({ variable, reads, inUse, why }): Rule => ({
      variable,
      reads: ['NODE_ENV', 'API_HOST', 'ALLOW_DEMO', ...reads],
      holds: (env) => exposure(env) === undefined || env.ALLOW_DEMO || !inUse(env),
      message: (env) => `${why}. Refused as ${exposure(env)}; ALLOW_DEMO=1 starts anyway, for a demo only`,
    }),
  ),
];

export type GatewayConfig =
  | { kind: 'sandbox'; secret: string }
  | { kind: 'sslcommerz'; storeId: string; storePassword: string; baseUrl: string };

/** Node's HTTP server timeouts (http.createServer's options of the same names). */
export interface HttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How often Node looks for connections past those timeouts (its default, 30 s, would add up to that). */
  checkIntervalMs: number;
}

export interface Config {
  logLevel: Env['LOG_LEVEL'];
  databaseUrl: string;
  /** The requests' pool; migrations and seeds run on a connection without the statement timeout. */
  pool: Required<PoolSettings>;
  host: string;
  port: number;
  http: HttpTimeouts;
  /** Where browsers and payment gateways reach this API (payment pages, return and IPN URLs). */
  apiPublicUrl: string;
  siteOrigins: string[];
  /** Proxies of ours in front (X-Forwarded-For entries to count back from the end); 0: none. */
  trustProxy: number;
  expirySweepMs: number;
  holds: Holds;
  firebaseProjectId: string;
  /** firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST itself; kept here for the rules and the log. */
  authEmulatorHost: string | undefined;
  seedDemoAccounts: boolean;
  apiTokenSecret: string;
  gateway: GatewayConfig;
  mail: MailConfig;
}

export interface MailConfig {
  /** Where the outbox worker sends (may hold a password: log it redacted). */
  smtpUrl: string;
  from: string;
  pollMs: number;
}

/** One variable's problem: `message` starts with the variable's name and says what to set. */
export interface Problem {
  variable: string;
  message: string;
}

export type ConfigResult =
  | { ok: true; config: Config; warnings: string[] }
  | { ok: false; problems: Problem[] };

const randomSecret = () => randomBytes(32).toString('base64url');

function toConfig(env: Env): { config: Config; warnings: string[] } {
  const warnings: string[] = [];
  const exposed = exposure(env);
  const allowed = DEVELOPMENT_DEFAULTS.filter((item) => item.inUse(env)).map((item) => item.variable);
  if (exposed && allowed.length) {
    warnings.push(
      `ALLOW_DEMO=1: starting with development defaults although ${exposed}: ${allowed.join(', ')}`,
    );
  }
  if (env.API_TOKEN_SECRET === undefined) {
    warnings.push(
      'API_TOKEN_SECRET is not set: using a random one, so API tokens will not survive a restart',
    );
  }
  let gateway: GatewayConfig;
  if (env.PAYMENT_GATEWAY === 'sslcommerz') {
    gateway = {
      kind: 'sslcommerz',
      // RULES made sure of both.
      storeId: env.SSLCOMMERZ_STORE_ID ?? '',
      storePassword: env.SSLCOMMERZ_STORE_PASSWORD ?? '',
      baseUrl:
        env.SSLCOMMERZ_BASE_URL ?? (env.SSLCOMMERZ_LIVE ? SSLCOMMERZ_LIVE_URL : SSLCOMMERZ_SANDBOX_URL),
    };
  } else {
    if (env.SANDBOX_PAYMENT_SECRET === undefined) {
      warnings.push(
        'SANDBOX_PAYMENT_SECRET is not set: using a random one, so open payment pages die with a restart',
      );
    }
    gateway = { kind: 'sandbox', secret: env.SANDBOX_PAYMENT_SECRET ?? randomSecret() };
  }
  return {
    warnings,
    config: {
      logLevel: env.LOG_LEVEL,
      databaseUrl: env.DATABASE_URL,
      pool: {
        maxConnections: env.DATABASE_POOL_MAX,
        connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
        idleTimeoutMs: env.DATABASE_IDLE_TIMEOUT_MS,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      },
      host: env.API_HOST,
      port: env.API_PORT,
      http: {
        headersTimeoutMs: env.API_HEADERS_TIMEOUT_MS,
        requestTimeoutMs: env.API_REQUEST_TIMEOUT_MS,
        keepAliveTimeoutMs: env.API_KEEP_ALIVE_TIMEOUT_MS,
        checkIntervalMs: Math.max(1, Math.min(1_000, Math.floor(env.API_HEADERS_TIMEOUT_MS / 2))),
      },
      apiPublicUrl: (env.API_PUBLIC_URL ?? `http://localhost:${env.API_PORT}`).replace(/\/+$/, ''),
      siteOrigins: env.SITE_ORIGIN,
      trustProxy: env.TRUST_PROXY,
      expirySweepMs: env.EXPIRY_SWEEP_MS,
      holds: {
        cartLineMaxUnits: env.CART_LINE_MAX_UNITS,
        orderMaxUnits: env.ORDER_MAX_UNITS,
        holdMinutes: env.HOLD_MINUTES,
      },
      firebaseProjectId: env.FIREBASE_PROJECT_ID,
      authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      seedDemoAccounts: env.SEED_DEMO_ACCOUNTS,
      apiTokenSecret: env.API_TOKEN_SECRET ?? randomSecret(),
      gateway,
      mail: { smtpUrl: env.SMTP_URL ?? LOCAL_SMTP_URL, from: env.MAIL_FROM, pollMs: env.MAIL_POLL_MS },
    },
  };
}

/**
 * The API's settings from `env` (process.env in server/index.ts), or every problem with it. An empty
 * value counts as unset, as `NAME=` in an env file means.
 */
export function readConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
  const input = Object.fromEntries(
    CONFIG_VARIABLES.map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const parsed = v.safeParse(ENV, input, { abortEarly: false });
  const problems: Problem[] = (parsed.issues ?? []).map((issue) => {
    const variable = v.getDotPath(issue) ?? 'environment';
    return { variable, message: `${variable} ${issue.message}` };
  });
  // The variables that parsed are in the output as they would be in Env: a rule reads only those, so one
  // start names every problem, a rule's included.
  const invalid = new Set(problems.map((problem) => problem.variable));
  const values = parsed.output as Env;
  for (const { variable, reads, holds, message } of RULES) {
    if ([variable, ...reads].some((name) => invalid.has(name)) || holds(values)) continue;
    problems.push({ variable, message: `${variable} ${message(values)}` });
  }
  if (!problems.length) return { ok: true, ...toConfig(values) };
  // In the order of ENV (and of .env.example), whichever check found them.
  const order: readonly string[] = CONFIG_VARIABLES;
  problems.sort((a, b) => order.indexOf(a.variable) - order.indexOf(b.variable));
  return { ok: false, problems };
}
