// The API's variables, in the order of .env.example's section for it (the machinery, and what the site
// server reads too, are in server/env.ts; docs/decisions/033). Their defaults are the API's own, taken
// from the modules that use them. A default that depends on another variable's value (API_PUBLIC_URL) is
// not written here but in server/api/config.ts, which reads these with the rules between them.
import * as v from 'valibot';
import { DEFAULT_POOL_SETTINGS } from '../db/client.ts';
import {
  DEMO_PROJECT_ID,
  defineEnv,
  flag,
  localhostUrl,
  milliseconds,
  PORTS,
  text,
  url,
  wholeNumber,
} from '../env.ts';
import { DEFAULT_STREAM_LIMITS } from './live/stream-limits.ts';
import { DEFAULT_ADMISSION } from './middleware/admission.ts';
import { DEFAULT_HOLDS } from './services/holds.ts';
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from './services/shop-clock.ts';
import { MIN_SECRET_LENGTH } from './tokens.ts';

const secret = v.optional(
  v.pipe(
    v.string(),
    v.minLength(
      MIN_SECRET_LENGTH,
      `must be at least ${MIN_SECRET_LENGTH} characters long (e.g. \`openssl rand -base64 32\`)`,
    ),
  ),
);

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

export const API_ENV = defineEnv({
  API_PORT: wholeNumber(PORTS.api, 0, 65_535, 'must be a port number from 0 to 65535 (0: any free port)'),

  DATABASE_POOL_MAX: wholeNumber(DEFAULT_POOL_SETTINGS.maxConnections, 1, 1_000),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(DEFAULT_POOL_SETTINGS.connectTimeoutMs),
  DATABASE_IDLE_TIMEOUT_MS: milliseconds(DEFAULT_POOL_SETTINGS.idleTimeoutMs),
  // Far above any request's queries (the lists of a year of orders answer in tens of ms), far below the
  // time a visitor waits.
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(10_000),

  FIREBASE_PROJECT_ID: v.optional(v.string(), DEMO_PROJECT_ID),
  FIREBASE_AUTH_EMULATOR_HOST: text,
  SEED_DEMO_ACCOUNTS: flag,

  API_HOST: v.optional(v.string(), '127.0.0.1'),
  // Longer than a reverse proxy keeps an idle upstream connection (nginx's keepalive_timeout and cloud
  // load balancers: 60 s), so the proxy, not the API, closes it: otherwise a request the proxy sends just
  // as the API closes fails with a 502.
  API_KEEP_ALIVE_TIMEOUT_MS: milliseconds(65_000),
  SITE_ORIGIN: v.optional(origins, localhostUrl(PORTS.web)),
  TRUST_PROXY: proxies,
  EXPIRY_SWEEP_MS: milliseconds(60_000),
  // The restaurant's wall clock (services/shop-clock.ts): when a booking's cut-off or reminder falls.
  SHOP_TIME_ZONE: v.optional(
    v.pipe(
      v.string(),
      v.check(isTimeZone, 'must be a time zone name such as Asia/Dhaka, Europe/Berlin or UTC'),
    ),
    DEFAULT_SHOP_TIME_ZONE,
  ),
  // The live order streams (routes/order-stream.ts): open at once per account and per caller address,
  // counted across every API process, and how often an open one checks its account still qualifies.
  STREAM_MAX_PER_ACCOUNT: wholeNumber(DEFAULT_STREAM_LIMITS.maxPerAccount, 1, 10_000),
  STREAM_MAX_PER_ADDRESS: wholeNumber(DEFAULT_STREAM_LIMITS.maxPerAddress, 1, 1_000_000),
  STREAM_RECHECK_MS: milliseconds(DEFAULT_STREAM_LIMITS.recheckMs),
  // What one customer can hold of the stock, and for how long (services/holds.ts).
  CART_LINE_MAX_UNITS: wholeNumber(DEFAULT_HOLDS.cartLineMaxUnits, 1, 100_000),
  ORDER_MAX_UNITS: wholeNumber(DEFAULT_HOLDS.orderMaxUnits, 1, 100_000),
  HOLD_MINUTES: wholeNumber(DEFAULT_HOLDS.holdMinutes, 1, 24 * 60),
  NEW_CUSTOMER_HOLD_SECONDS: wholeNumber(DEFAULT_HOLDS.newCustomerHoldSeconds, 1, 24 * 60 * 60),
  LAPSE_PRESSURE_PERCENT: wholeNumber(DEFAULT_HOLDS.lapsePressurePercent, 1, 100),
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
});
