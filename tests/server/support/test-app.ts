import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppDeps, createApp } from '../../../server/api/app.ts';
import type { Identity } from '../../../server/api/identity.ts';
import { listenOrderEvents, type OrderEventFeed } from '../../../server/api/live/order-events.ts';
import type { Quota, RateLimits } from '../../../server/api/middleware/rate-limit.ts';
import type { PaymentGateway } from '../../../server/api/payments/gateway.ts';
import { notifyApp, SandboxGateway } from '../../../server/api/payments/sandbox.ts';
import { type ApiTokens, createApiTokens } from '../../../server/api/tokens.ts';
import { connectDatabase, type Database } from '../../../server/db/client.ts';
import { listenMenuVersion, type MenuVersion } from '../../../server/db/menu-version.ts';
import { checkAnswer } from './route-answers.ts';

export const SITE_ORIGIN = 'http://localhost:5173';
/** The storefront answers at both addresses `npm start` prints and listens on. */
export const SITE_ORIGINS = [SITE_ORIGIN, 'http://127.0.0.1:5173'] as const;
/** The Auth emulator's project for the test run (see global-setup.ts). */
const TEST_PROJECT_ID = 'demo-pizzon-test';
export const TEST_API_TOKEN_SECRET = 'pizzon-test-api-token-secret-0123456789';
export const TEST_SANDBOX_SECRET = 'pizzon-test-sandbox-payment-secret-0123456789';
/** Where the test app says browsers and gateways reach it; requests to it go to the app in-process. */
export const API_PUBLIC_URL = 'http://api.pizzon.test';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** firebase-admin talks to the emulator only when FIREBASE_AUTH_EMULATOR_HOST is set before it starts. */
export async function createEmulatorIdentity(): Promise<Identity> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost');
  const { createIdentity } = await import('../../../server/api/identity.ts');
  return createIdentity(TEST_PROJECT_ID);
}

export interface TestContext {
  db: Database;
  /** The database the app runs on (for a second connection or process of the test's own). */
  databaseUrl: string;
  /** The app's view of the menu's version (listening on the test database). */
  menuVersion: MenuVersion;
  /** The app's LISTEN on order events (the order streams' feed). */
  orderEvents: OrderEventFeed;
  app: ReturnType<typeof createApp>;
  /** The app's identity provider: the run's Auth emulator. */
  identity: Identity;
  /** The app's API tokens, signed with TEST_API_TOKEN_SECRET. */
  tokens: ApiTokens;
  /** A sandbox gateway whose notifications go to this app's IPN endpoint, in-process. */
  sandbox: SandboxGateway;
  /** The app's gateway: the sandbox unless the test chose another. */
  gateway: PaymentGateway;
  /**
   * Sends a request to the app the way a browser on the storefront would; a JSON answer that is not what
   * the route table says fails the test (support/route-answers.ts).
   */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
}

/** The same quota on every limited endpoint, for every key it counts by. */
export const everyLimit = (quota: Quota): RateLimits => ({
  jwt: { perAddress: quota, perAccount: quota },
  users: { perAddress: quota, perAccount: quota },
  createPaymentIntent: { perAddress: quota, perAccount: quota },
  applyCartPromo: { perAddress: quota, perAccount: quota },
  reservations: { perAddress: quota, perEmail: quota },
  paymentReturn: { perAddress: quota },
  paymentNotification: { perAddress: quota },
});

/**
 * In-process requests share one unknown address, and some tests make hundreds of calls at once: the test
 * app limits nothing unless a test asks (tests/server/rate-limit.test.ts).
 */
export const NO_RATE_LIMITS = everyLimit({ limit: Number.POSITIVE_INFINITY, windowMs: 60_000 });

/** Nor does it refuse calls for overload: a test that races calls means each to run (admission.test.ts). */
export const NO_ADMISSION_LIMIT = { maxInFlight: Number.MAX_SAFE_INTEGER };

export interface TestContextOptions {
  /** The app's payment gateway, given the context's sandbox (default: the sandbox itself). */
  gateway?: (sandbox: SandboxGateway) => PaymentGateway;
  /** How long checkout waits for the gateway (the app's default is 10 s). */
  paymentTimeoutMs?: number;
  /** The identity provider as the app sees it, given the emulator's (default: the emulator's). */
  appIdentity?: (identity: Identity) => AppDeps['identity'];
  /** The app's rate limits (default NO_RATE_LIMITS). */
  rateLimits?: RateLimits;
  /** Read the caller's address from X-Forwarded-For (default false). */
  trustProxy?: number;
  /** The app's clock in epoch ms (default Date.now): tests move it past the provider check's interval. */
  now?: () => number;
  /**
   * The caps on what one customer may hold, and for how long (the app's defaults unless given).
   */
  holds?: AppDeps['holds'];
  /** How often an order stream pings (the app's default is 15 s). */
  orderStreamHeartbeatMs?: number;
  /** The caps on open order streams and how often they re-check (the app's defaults unless given). */
  streams?: AppDeps['streams'];
  /** The menu version as the app sees it, given the listening one (default: that one). */
  appMenuVersion?: (listening: MenuVersion) => MenuVersion;
  /** Where the app logs (default: nowhere, pino at level silent). */
  logger?: AppDeps['logger'];
  /** The bearer token GET /metrics takes from callers off this machine (default: none). */
  metricsToken?: string;
  /** How much work the app admits at once (default NO_ADMISSION_LIMIT). */
  admission?: AppDeps['admission'];
}

/** A fresh, migrated database of the caller's own on the run's server (a copy of the template). */
export async function copyTemplateDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template pizzon_template`);
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database of this file's own and an app on it. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const database = await copyTemplateDatabase();
  return createContextOn(database.url, options, database.drop);
}

/**
 * The app wired for tests (the run's Auth emulator, the in-process sandbox) on a database the caller
 * chose; close() lets go of it, then runs `release`.
 */
export async function createContextOn(
  databaseUrl: string,
  options: TestContextOptions = {},
  release: () => Promise<void> = async () => {},
): Promise<TestContext> {
  const handle = connectDatabase(databaseUrl, () => {});
  const menuVersion = await listenMenuVersion({ url: databaseUrl, db: handle.db });
  const orderEvents = await listenOrderEvents({ url: databaseUrl, db: handle.db });
  const identity = await createEmulatorIdentity();
  const tokens = createApiTokens(TEST_API_TOKEN_SECRET);
  const sandbox = new SandboxGateway({
    secret: TEST_SANDBOX_SECRET,
    apiPublicUrl: API_PUBLIC_URL,
    // The sandbox's server-to-server call to our IPN, made to the app in-process as the API makes it.
    notify: notifyApp((path, init) => app.request(path, init)),
  });
  const gateway = options.gateway?.(sandbox) ?? sandbox;
  const app = createApp({
    db: handle.db,
    menuVersion: options.appMenuVersion?.(menuVersion) ?? menuVersion,
    logger: options.logger ?? pino({ level: 'silent' }),
    siteOrigins: SITE_ORIGINS,
    identity: options.appIdentity?.(identity) ?? identity,
    tokens,
    gateway,
    paymentTimeoutMs: options.paymentTimeoutMs,
    rateLimits: options.rateLimits ?? NO_RATE_LIMITS,
    trustProxy: options.trustProxy,
    now: options.now,
    metricsToken: options.metricsToken,
    holds: options.holds,
    orderEvents,
    orderStreamHeartbeatMs: options.orderStreamHeartbeatMs,
    streams: options.streams,
    admission: options.admission ?? NO_ADMISSION_LIMIT,
  });
  return {
    db: handle.db,
    databaseUrl,
    menuVersion,
    orderEvents,
    app,
    identity,
    tokens,
    sandbox,
    gateway,
    request: async (path, init) => {
      const response = await app.request(path, init);
      await checkAnswer(init?.method ?? 'GET', path, response);
      return response;
    },
    close: async () => {
      await menuVersion.close();
      await orderEvents.close();
      await identity.close();
      await handle.close();
      await release();
    },
  };
}

/**
 * A value a file (or describe block) shares between its tests: made before them (beforeAll), let go of
 * after them (afterAll). It can be named at the top of the file although it does not exist yet, since every
 * use is passed on to the value once made: read it inside tests and the hooks registered after this call.
 */
export function fixture<T extends object>(
  make: () => Promise<T>,
  release: (value: T) => unknown = () => {},
): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  afterAll(async () => {
    if (value) await release(value);
  });
  const made = (): T => {
    if (!value) throw new Error('A fixture was used outside the tests and hooks that follow its beforeAll');
    return value;
  };
  return new Proxy({} as T, {
    // Awaiting it (or returning it from an async function) before it is made asks for `then`.
    get: (_, key) => (key === 'then' && !value ? undefined : Reflect.get(made(), key)),
    set: (_, key, newValue) => Reflect.set(made(), key, newValue),
    has: (_, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    // The stand-in has none of the value's properties, so it may only call them configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(made(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(made(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(made()),
  });
}

/**
 * The file's test context (a fresh database of its own and an app on it), made before its tests and
 * closed after them. Options that need what an earlier fixture made can be given as a function.
 */
export const sharedTestContext = (
  options: TestContextOptions | (() => TestContextOptions | Promise<TestContextOptions>) = {},
): TestContext =>
  fixture(
    async () => createTestContext(typeof options === 'function' ? await options() : options),
    (ctx) => ctx.close(),
  );
