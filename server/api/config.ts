// The API's settings: its variables (their rules and defaults are in server/api/env.ts, and in server/env.ts
// for those the site server reads too), the rules between them (RULES), and the typed Config that
// server/api/index.ts wires the API from. readConfig reads only the object it is given, so every refusal
// is a unit test (tests/server/config.test.ts).
import { randomBytes } from 'node:crypto';
import type { PoolSettings } from '../db/client.ts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';
import {
  EnvError,
  type EnvSource,
  type EnvValues,
  inspectEnv,
  LOCAL_SMTP_URL,
  localhostUrl,
  SERVERS_ENV,
  sortProblems,
} from '../env.ts';
import { checkIntervalFor } from '../http/timeouts.ts';
import { API_ENV } from './env.ts';
import { isLoopback } from './http/loopback.ts';
import type { StreamLimits } from './live/stream-limits.ts';
import type { AdmissionLimits } from './middleware/admission.ts';
import { SSLCOMMERZ_LIVE_URL, SSLCOMMERZ_SANDBOX_URL } from './payments/sslcommerz.ts';
import type { Holds } from './services/holds.ts';
import { MIN_SECRET_LENGTH } from './tokens.ts';

/** What the API reads its variables with: both servers' and its own, in the order of .env.example. */
const SCHEMA = { ...SERVERS_ENV, ...API_ENV };

/** Every variable the API reads; DATABASE_URL has no default it could start on. */
const API_READS = {
  read: [
    'NODE_ENV',
    'ALLOW_DEMO',
    'LOG_LEVEL',
    'METRICS_TOKEN',
    'DATABASE_POOL_MAX',
    'DATABASE_CONNECT_TIMEOUT_MS',
    'DATABASE_IDLE_TIMEOUT_MS',
    'DATABASE_STATEMENT_TIMEOUT_MS',
    'API_HOST',
    'API_PORT',
    'API_HEADERS_TIMEOUT_MS',
    'API_REQUEST_TIMEOUT_MS',
    'API_KEEP_ALIVE_TIMEOUT_MS',
    'API_PUBLIC_URL',
    'SITE_ORIGIN',
    'TRUST_PROXY',
    'EXPIRY_SWEEP_MS',
    'SHOP_TIME_ZONE',
    'STREAM_MAX_PER_ACCOUNT',
    'STREAM_MAX_PER_ADDRESS',
    'STREAM_RECHECK_MS',
    'CART_LINE_MAX_UNITS',
    'ORDER_MAX_UNITS',
    'HOLD_MINUTES',
    'NEW_CUSTOMER_HOLD_SECONDS',
    'LAPSE_PRESSURE_PERCENT',
    'ADMISSION_MAX_IN_FLIGHT',
    'ADMISSION_QUEUE_LENGTH',
    'ADMISSION_QUEUE_WAIT_MS',
    'ADMISSION_RETRY_AFTER_SECONDS',
    'FIREBASE_PROJECT_ID',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'SEED_DEMO_ACCOUNTS',
    'API_TOKEN_SECRET',
    'PAYMENT_GATEWAY',
    'SANDBOX_PAYMENT_SECRET',
    'SSLCOMMERZ_STORE_ID',
    'SSLCOMMERZ_STORE_PASSWORD',
    'SSLCOMMERZ_LIVE',
    'SSLCOMMERZ_BASE_URL',
    'SMTP_URL',
    'MAIL_FROM',
    'MAIL_POLL_MS',
  ],
  required: ['DATABASE_URL'],
} as const;

type Env = EnvValues<
  typeof SCHEMA,
  (typeof API_READS.read)[number],
  never,
  (typeof API_READS.required)[number]
>;
type Name = keyof Env;

/** A rule between variables, reported on `variable`; checked once it and every name in `reads` are valid. */
interface Rule {
  variable: Name;
  reads: Name[];
  holds: (env: Env) => boolean;
  message: (env: Env) => string;
}

/** The NODE_ENV values that are not production; unset counts as development. */
const NOT_PRODUCTION: readonly string[] = ['development', 'test'];

/** Why the API may be reachable by anyone (and so must not run on development defaults), or undefined. */
function exposure(env: Pick<Env, 'NODE_ENV' | 'API_HOST'>): string | undefined {
  // Only the two names a developer's tools set mean "not production": a deployment's own spelling
  // (Production, prod, staging) must not start it on the emulator and the sandbox.
  if (env.NODE_ENV !== undefined && !NOT_PRODUCTION.includes(env.NODE_ENV)) {
    return env.NODE_ENV === 'production'
      ? 'NODE_ENV=production'
      : `NODE_ENV=${env.NODE_ENV} (anything but development or test is production)`;
  }
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
  /** Lets a scraper anywhere read GET /metrics (Authorization: Bearer …); loopback needs none. */
  metricsToken: string | undefined;
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
  /** How often this process sweeps lapsed stock holds and due booking reminders. */
  expirySweepMs: number;
  /** The restaurant's time zone (SHOP_TIME_ZONE): bookings' cut-offs and reminders are reckoned in it. */
  shopTimeZone: string;
  streams: StreamLimits;
  holds: Holds;
  /** How much of the expensive work this process takes on at once (middleware/admission.ts). */
  admission: AdmissionLimits;
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
      metricsToken: env.METRICS_TOKEN,
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
        checkIntervalMs: checkIntervalFor(env.API_HEADERS_TIMEOUT_MS),
      },
      apiPublicUrl: (env.API_PUBLIC_URL ?? localhostUrl(env.API_PORT)).replace(/\/+$/, ''),
      siteOrigins: env.SITE_ORIGIN,
      trustProxy: env.TRUST_PROXY,
      expirySweepMs: env.EXPIRY_SWEEP_MS,
      shopTimeZone: env.SHOP_TIME_ZONE,
      streams: {
        maxPerAccount: env.STREAM_MAX_PER_ACCOUNT,
        maxPerAddress: env.STREAM_MAX_PER_ADDRESS,
        recheckMs: env.STREAM_RECHECK_MS,
      },
      holds: {
        cartLineMaxUnits: env.CART_LINE_MAX_UNITS,
        orderMaxUnits: env.ORDER_MAX_UNITS,
        holdMinutes: env.HOLD_MINUTES,
        newCustomerHoldSeconds: env.NEW_CUSTOMER_HOLD_SECONDS,
        lapsePressurePercent: env.LAPSE_PRESSURE_PERCENT,
      },
      admission: {
        maxInFlight: env.ADMISSION_MAX_IN_FLIGHT,
        queueLength: env.ADMISSION_QUEUE_LENGTH,
        queueWaitMs: env.ADMISSION_QUEUE_WAIT_MS,
        retryAfterSeconds: env.ADMISSION_RETRY_AFTER_SECONDS,
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
 * The API's settings from `env` (the process's environment unless given), and what it should warn of;
 * throws an EnvError naming every problem, a rule's included, so that one start names them all.
 */
export function readConfig(env?: EnvSource): { config: Config; warnings: string[] } {
  const { values, problems } = inspectEnv(SCHEMA, API_READS, env);
  // A rule reads only variables that passed their own, so it never repeats their problem.
  const invalid = new Set(problems.map((problem) => problem.variable));
  for (const { variable, reads, holds, message } of RULES) {
    if ([variable, ...reads].some((name) => invalid.has(name)) || holds(values)) continue;
    problems.push({ variable, message: `${variable} ${message(values)}` });
  }
  if (problems.length) throw new EnvError(sortProblems(SCHEMA, problems));
  return toConfig(values);
}
