import { describe, expect, it } from 'vitest';
import { type Config, readConfig } from '../../server/api/config.ts';
import { EnvError, type EnvSource, type Problem } from '../../server/env.ts';

const DATABASE_URL = 'postgres://pizzon:pw@db.example.com:5432/pizzon';
const SECRET_A = 'a-production-api-token-secret-0123456789';
const SECRET_B = 'a-production-sandbox-payment-secret-0123456789';

/** What a real deployment sets: real identity provider, real gateway, fixed secrets. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL,
  API_TOKEN_SECRET: SECRET_A,
  PAYMENT_GATEWAY: 'sslcommerz',
  SSLCOMMERZ_STORE_ID: 'pizzon0123',
  SSLCOMMERZ_STORE_PASSWORD: 'pizzon0123@ssl',
  SSLCOMMERZ_LIVE: 'true',
  FIREBASE_PROJECT_ID: 'pizzon-shop',
  API_PUBLIC_URL: 'https://api.shop.example.com/',
  SITE_ORIGIN: 'https://shop.example.com',
  SMTP_URL: 'smtps://orders%40shop.example.com:mail-password@smtp.example.com:465',
};

type ConfigResult =
  | { ok: true; config: Config; warnings: string[] }
  | { ok: false; problems: readonly Problem[] };

/** readConfig's settings, or the problems of the EnvError it threw. */
function attempt(env: EnvSource): ConfigResult {
  try {
    return { ok: true, ...readConfig(env) };
  } catch (error) {
    if (error instanceof EnvError) return { ok: false, problems: error.problems };
    throw error;
  }
}

function configOf(result: ConfigResult): Config {
  if (!result.ok) throw new Error(`expected a config, got ${JSON.stringify(result.problems)}`);
  return result.config;
}

/** The variables named by the problems, in the order reported. */
function refused(result: ConfigResult): string[] {
  if (result.ok) throw new Error('expected problems, got a config');
  for (const problem of result.problems) expect(problem.message.startsWith(problem.variable)).toBe(true);
  return result.problems.map((problem) => problem.variable);
}

const messageOf = (result: ConfigResult, variable: string): string =>
  (result.ok ? [] : result.problems).find((problem) => problem.variable === variable)?.message ?? '';

describe('readConfig: development', () => {
  it('needs only DATABASE_URL, and says how to get one', () => {
    const result = attempt({});
    expect(refused(result)).toEqual(['DATABASE_URL']);
    expect(messageOf(result, 'DATABASE_URL')).toContain('npm start');
  });

  it('fills every other setting with its documented default', () => {
    const result = attempt({ DATABASE_URL });
    const config = configOf(result);
    expect(config).toMatchObject({
      logLevel: 'info',
      databaseUrl: DATABASE_URL,
      pool: {
        maxConnections: 10,
        connectTimeoutMs: 5_000,
        idleTimeoutMs: 10_000,
        statementTimeoutMs: 10_000,
      },
      host: '127.0.0.1',
      port: 5000,
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 65_000,
        checkIntervalMs: 1_000,
      },
      apiPublicUrl: 'http://localhost:5000',
      siteOrigins: ['http://localhost:5173'],
      trustProxy: 0,
      expirySweepMs: 60_000,
      holds: {
        cartLineMaxUnits: 10,
        orderMaxUnits: 20,
        holdMinutes: 10,
        newCustomerHoldSeconds: 120,
        lapsePressurePercent: 20,
      },
      firebaseProjectId: 'demo-pizzon',
      authEmulatorHost: undefined,
      seedDemoAccounts: false,
      gateway: { kind: 'sandbox' },
      mail: { smtpUrl: 'smtp://127.0.0.1:2525', from: 'Pizzon <orders@pizzon.test>', pollMs: 1_000 },
    });
    // Made up per process, and said so.
    expect(config.apiTokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(result.ok && result.warnings.join('\n')).toMatch(/API_TOKEN_SECRET.*\n.*SANDBOX_PAYMENT_SECRET/);
  });

  it('reads an empty value as unset, as `NAME=` in an env file means', () => {
    const config = configOf(
      attempt({ DATABASE_URL, API_PORT: '', PAYMENT_GATEWAY: '', API_TOKEN_SECRET: '' }),
    );
    expect(config.port).toBe(5000);
    expect(config.gateway.kind).toBe('sandbox');
  });

  it('seeds the demo accounts only when SEED_DEMO_ACCOUNTS asks, not whenever the emulator runs', () => {
    const emulator = { DATABASE_URL, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(configOf(attempt(emulator)).seedDemoAccounts).toBe(false);
    expect(configOf(attempt({ ...emulator, SEED_DEMO_ACCOUNTS: '1' })).seedDemoAccounts).toBe(true);
    expect(configOf(attempt({ ...emulator, SEED_DEMO_ACCOUNTS: '0' })).seedDemoAccounts).toBe(false);
  });

  it('refuses the demo seed without the Auth emulator: no published password at a real provider', () => {
    const result = attempt({ DATABASE_URL, SEED_DEMO_ACCOUNTS: '1' });
    expect(refused(result)).toEqual(['SEED_DEMO_ACCOUNTS']);
    expect(messageOf(result, 'SEED_DEMO_ACCOUNTS')).toContain('FIREBASE_AUTH_EMULATOR_HOST');
  });

  it('reads the pool, the statement timeout and the server timeouts', () => {
    const config = configOf(
      attempt({
        DATABASE_URL,
        DATABASE_POOL_MAX: '25',
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        DATABASE_IDLE_TIMEOUT_MS: '30000',
        DATABASE_STATEMENT_TIMEOUT_MS: '750',
        API_HEADERS_TIMEOUT_MS: '400',
        API_REQUEST_TIMEOUT_MS: '900',
        API_KEEP_ALIVE_TIMEOUT_MS: '1000',
      }),
    );
    expect(config.pool).toEqual({
      maxConnections: 25,
      connectTimeoutMs: 2_000,
      idleTimeoutMs: 30_000,
      statementTimeoutMs: 750,
    });
    // Node looks for timed-out requests often enough to close them near their deadline.
    expect(config.http).toEqual({
      headersTimeoutMs: 400,
      requestTimeoutMs: 900,
      keepAliveTimeoutMs: 1_000,
      checkIntervalMs: 200,
    });
  });

  it('names every malformed variable at once', () => {
    const result = attempt({
      DATABASE_URL,
      LOG_LEVEL: 'verbose',
      DATABASE_POOL_MAX: '0',
      DATABASE_STATEMENT_TIMEOUT_MS: '5s',
      API_PORT: '70000',
      API_HEADERS_TIMEOUT_MS: '-1',
      API_REQUEST_TIMEOUT_MS: '1e4',
      API_KEEP_ALIVE_TIMEOUT_MS: '0',
      API_PUBLIC_URL: 'api.example.com',
      SITE_ORIGIN: 'https://shop.example.com/menu',
      TRUST_PROXY: 'yes',
      EXPIRY_SWEEP_MS: '99999999999',
      CART_LINE_MAX_UNITS: '0',
      ORDER_MAX_UNITS: '2.5',
      HOLD_MINUTES: '1441',
      API_TOKEN_SECRET: 'short',
      PAYMENT_GATEWAY: 'paypal',
      SANDBOX_PAYMENT_SECRET: 'short',
      SMTP_URL: 'http://mail.example.com',
      MAIL_FROM: 'orders',
      MAIL_POLL_MS: '0',
    });
    // In the order of .env.example.
    expect(refused(result)).toEqual([
      'API_HEADERS_TIMEOUT_MS',
      'API_REQUEST_TIMEOUT_MS',
      'API_PORT',
      'DATABASE_POOL_MAX',
      'DATABASE_STATEMENT_TIMEOUT_MS',
      'API_KEEP_ALIVE_TIMEOUT_MS',
      'SITE_ORIGIN',
      'TRUST_PROXY',
      'EXPIRY_SWEEP_MS',
      'CART_LINE_MAX_UNITS',
      'ORDER_MAX_UNITS',
      'HOLD_MINUTES',
      'LOG_LEVEL',
      'API_TOKEN_SECRET',
      'API_PUBLIC_URL',
      'PAYMENT_GATEWAY',
      'SANDBOX_PAYMENT_SECRET',
      'SMTP_URL',
      'MAIL_FROM',
      'MAIL_POLL_MS',
    ]);
    expect(messageOf(result, 'API_TOKEN_SECRET')).toContain('at least 32 characters');
    // A secret's value is never repeated in the log.
    expect(JSON.stringify(result)).not.toContain('"short"');
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    const result = attempt({
      DATABASE_URL,
      API_HEADERS_TIMEOUT_MS: '5000',
      API_REQUEST_TIMEOUT_MS: '1000',
    });
    expect(refused(result)).toEqual(['API_HEADERS_TIMEOUT_MS']);
  });

  it('reads SITE_ORIGIN as a comma-separated list of origins', () => {
    const config = configOf(
      attempt({ DATABASE_URL, SITE_ORIGIN: 'https://shop.example.com/, http://localhost:5173' }),
    );
    expect(config.siteOrigins).toEqual(['https://shop.example.com', 'http://localhost:5173']);
  });

  it('reads TRUST_PROXY as how many proxies of ours are in front', () => {
    const proxies = (TRUST_PROXY: string) => configOf(attempt({ DATABASE_URL, TRUST_PROXY })).trustProxy;
    expect([proxies('false'), proxies('0'), proxies('true'), proxies('1'), proxies('2')]).toEqual([
      0, 0, 1, 1, 2,
    ]);
  });

  it('reads where mail goes, from whom, and how often the outbox is looked at', () => {
    const config = configOf(
      attempt({
        DATABASE_URL,
        SMTP_URL: 'smtp://mailer:pw@smtp.example.com:587',
        MAIL_FROM: 'Pizzon Orders <orders@shop.example.com>',
        MAIL_POLL_MS: '250',
      }),
    );
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://mailer:pw@smtp.example.com:587',
      from: 'Pizzon Orders <orders@shop.example.com>',
      pollMs: 250,
    });
  });

  it('never repeats a malformed SMTP_URL, which may hold a password', () => {
    const result = attempt({ DATABASE_URL, SMTP_URL: 'mailto://user:hunter2@smtp.example.com' });
    expect(refused(result)).toEqual(['SMTP_URL']);
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  it('reads what one customer may hold and for how long, and when lapses take a new one’s hold', () => {
    const config = configOf(
      attempt({
        DATABASE_URL,
        CART_LINE_MAX_UNITS: '4',
        ORDER_MAX_UNITS: '12',
        HOLD_MINUTES: '15',
        NEW_CUSTOMER_HOLD_SECONDS: '300',
        LAPSE_PRESSURE_PERCENT: '40',
      }),
    );
    expect(config.holds).toEqual({
      cartLineMaxUnits: 4,
      orderMaxUnits: 12,
      holdMinutes: 15,
      newCustomerHoldSeconds: 300,
      lapsePressurePercent: 40,
    });
  });

  it('refuses a share that is not a whole percent from 1 to 100, and a hold that is not whole seconds', () => {
    const result = attempt({ DATABASE_URL, NEW_CUSTOMER_HOLD_SECONDS: '1.5', LAPSE_PRESSURE_PERCENT: '101' });
    expect(refused(result)).toEqual(['NEW_CUSTOMER_HOLD_SECONDS', 'LAPSE_PRESSURE_PERCENT']);
    expect(messageOf(result, 'LAPSE_PRESSURE_PERCENT')).toContain('from 1 to 100');
  });

  it('reads how many order streams may be open and how often an open one re-checks its account', () => {
    expect(configOf(attempt({ DATABASE_URL })).streams).toEqual({
      maxPerAccount: 5,
      maxPerAddress: 50,
      recheckMs: 60_000,
    });
    const env = { STREAM_MAX_PER_ACCOUNT: '2', STREAM_MAX_PER_ADDRESS: '9', STREAM_RECHECK_MS: '5000' };
    expect(configOf(attempt({ DATABASE_URL, ...env })).streams).toEqual({
      maxPerAccount: 2,
      maxPerAddress: 9,
      recheckMs: 5_000,
    });
    expect(refused(attempt({ DATABASE_URL, STREAM_MAX_PER_ACCOUNT: '0', STREAM_RECHECK_MS: '1e3' }))).toEqual(
      ['STREAM_MAX_PER_ACCOUNT', 'STREAM_RECHECK_MS'],
    );
  });

  it('needs the store id and password for SSLCommerz, and picks its address', () => {
    expect(refused(attempt({ DATABASE_URL, PAYMENT_GATEWAY: 'sslcommerz' }))).toEqual([
      'SSLCOMMERZ_STORE_ID',
      'SSLCOMMERZ_STORE_PASSWORD',
    ]);
    const store = {
      DATABASE_URL,
      PAYMENT_GATEWAY: 'sslcommerz',
      SSLCOMMERZ_STORE_ID: 'id',
      SSLCOMMERZ_STORE_PASSWORD: 'pw',
    };
    expect(configOf(attempt(store)).gateway).toEqual({
      kind: 'sslcommerz',
      storeId: 'id',
      storePassword: 'pw',
      baseUrl: 'https://sandbox.sslcommerz.com',
    });
    expect(configOf(attempt({ ...store, SSLCOMMERZ_LIVE: 'true' })).gateway).toMatchObject({
      baseUrl: 'https://securepay.sslcommerz.com',
    });
    expect(
      configOf(attempt({ ...store, SSLCOMMERZ_BASE_URL: 'http://127.0.0.1:7000' })).gateway,
    ).toMatchObject({
      baseUrl: 'http://127.0.0.1:7000',
    });
  });
});

describe('readConfig: where the API may face the world', () => {
  it('starts a real deployment without a warning', () => {
    const result = attempt(PRODUCTION);
    expect(result.ok && result.warnings).toEqual([]);
    expect(configOf(result)).toMatchObject({
      apiPublicUrl: 'https://api.shop.example.com',
      gateway: { kind: 'sslcommerz', baseUrl: 'https://securepay.sslcommerz.com' },
      apiTokenSecret: SECRET_A,
    });
  });

  const sandbox = { PAYMENT_GATEWAY: 'sandbox', SANDBOX_PAYMENT_SECRET: SECRET_B };
  const cases: Array<[string, Record<string, string | undefined>, string[]]> = [
    ['the Auth emulator', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, ['FIREBASE_AUTH_EMULATOR_HOST']],
    [
      'the sandbox gateway by default',
      { PAYMENT_GATEWAY: undefined, SANDBOX_PAYMENT_SECRET: SECRET_B },
      ['PAYMENT_GATEWAY'],
    ],
    ['the sandbox gateway by name', sandbox, ['PAYMENT_GATEWAY']],
    ['a generated API token secret', { API_TOKEN_SECRET: undefined }, ['API_TOKEN_SECRET']],
    [
      'a generated sandbox secret',
      { ...sandbox, SANDBOX_PAYMENT_SECRET: undefined },
      ['PAYMENT_GATEWAY', 'SANDBOX_PAYMENT_SECRET'],
    ],
    [
      'the demo-account seed',
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', SEED_DEMO_ACCOUNTS: '1' },
      ['FIREBASE_AUTH_EMULATOR_HOST', 'SEED_DEMO_ACCOUNTS'],
    ],
    ['the local mail catcher', { SMTP_URL: undefined }, ['SMTP_URL']],
  ];

  describe.each([
    ['NODE_ENV=production', {}, 'NODE_ENV=production'],
    // A deployment's own spelling is production too: only development and test are not.
    [
      'NODE_ENV=Production',
      { NODE_ENV: 'Production' },
      'NODE_ENV=Production (anything but development or test',
    ],
    ['NODE_ENV=prod', { NODE_ENV: 'prod' }, 'NODE_ENV=prod (anything but development or test'],
    ['NODE_ENV=staging', { NODE_ENV: 'staging' }, 'NODE_ENV=staging (anything but development or test'],
    ['API_HOST=0.0.0.0', { NODE_ENV: undefined, API_HOST: '0.0.0.0' }, 'API_HOST=0.0.0.0 is not a loopback'],
    ['API_HOST=::', { NODE_ENV: undefined, API_HOST: '::' }, 'API_HOST=:: is not a loopback'],
    ['API_HOST=10.0.0.5', { NODE_ENV: 'development', API_HOST: '10.0.0.5' }, 'API_HOST=10.0.0.5'],
  ])('with %s', (_name, exposure, reason) => {
    it.each(cases)('refuses %s, naming the variable to set', (_what, change, variables) => {
      const result = attempt({ ...PRODUCTION, ...exposure, ...change });
      expect(refused(result)).toEqual(variables);
      for (const variable of variables) {
        expect(messageOf(result, variable)).toContain(reason);
        expect(messageOf(result, variable)).toContain('ALLOW_DEMO=1');
      }
    });

    it.each(cases)('starts with %s under ALLOW_DEMO=1, and warns', (_what, change, variables) => {
      const result = attempt({ ...PRODUCTION, ...exposure, ...change, ALLOW_DEMO: '1' });
      configOf(result);
      const warning = result.ok ? result.warnings.find((line) => line.startsWith('ALLOW_DEMO=1')) : '';
      for (const variable of variables) expect(warning).toContain(variable);
    });
  });

  it.each([
    [undefined],
    ['development'],
    ['test'],
  ])('counts NODE_ENV=%s as development: the emulator and the sandbox start without ALLOW_DEMO', (nodeEnv) => {
    const result = attempt({
      DATABASE_URL,
      NODE_ENV: nodeEnv,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(configOf(result).gateway.kind).toBe('sandbox');
    expect(result.ok && result.warnings.filter((line) => line.startsWith('ALLOW_DEMO=1'))).toEqual([]);
  });

  it.each([
    '127.0.0.1',
    '127.0.1.1',
    'localhost',
    '::1',
  ])('counts API_HOST=%s as development: a loopback address is reachable from this machine only', (host) => {
    const result = attempt({
      DATABASE_URL,
      API_HOST: host,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(configOf(result).host).toBe(host);
  });

  it('names every refusal at once, with the malformed variables', () => {
    const result = attempt({
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      SEED_DEMO_ACCOUNTS: '1',
      API_PORT: 'http',
    });
    expect(refused(result)).toEqual([
      'DATABASE_URL',
      'API_PORT',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'SEED_DEMO_ACCOUNTS',
      'API_TOKEN_SECRET',
      'PAYMENT_GATEWAY',
      'SANDBOX_PAYMENT_SECRET',
      'SMTP_URL',
    ]);
  });
});
