import { defineConfig } from '@playwright/test';
import { type StackPorts, stackEnv } from './scripts/lib/env.ts';
import { localhostUrl, readEnv } from './server/env.ts';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/chromium.ts';
import { BROWSER_TESTS_ENV } from './tests/e2e/support/env.ts';
import { zoneAtMidMorning } from './tests/e2e/support/shop-zone.ts';

// The browser suite runs against the storefront started exactly as `npm start` starts it,
// on its own ports and data folder so it never collides with a running dev copy (E2E_*_PORT move it).
const env = readEnv(BROWSER_TESTS_ENV, {
  read: [
    'E2E_WEB_PORT',
    'E2E_API_PORT',
    'E2E_AUTH_PORT',
    'E2E_PG_PORT',
    'E2E_MAIL_PORT',
    'E2E_MAIL_WEB_PORT',
    'E2E_SHOP_TIME_ZONE',
  ],
});
// The shop's clock reads mid-morning as the suite starts, whatever the hour here: its hours, as soon as
// possible and its day then hold for the whole run. Chosen once, by the runner: its workers, which load
// this file again later, inherit the choice, and their browsers keep the shop's time.
const shopTimeZone = env.E2E_SHOP_TIME_ZONE ?? zoneAtMidMorning(new Date());
process.env.E2E_SHOP_TIME_ZONE = shopTimeZone;
const ports: StackPorts = {
  web: env.E2E_WEB_PORT,
  api: env.E2E_API_PORT,
  auth: env.E2E_AUTH_PORT,
  pg: env.E2E_PG_PORT,
  mail: env.E2E_MAIL_PORT,
  mailWeb: env.E2E_MAIL_WEB_PORT,
};
const dataDir = `.data/e2e-${ports.web}`;
export const E2E = {
  baseURL: localhostUrl(ports.web),
  apiURL: localhostUrl(ports.api),
  /** What a second instance beside the stack needs (tests/e2e/instances.spec.ts). */
  ports,
  dataDir,
  /** The shop's time zone, which the specs' browsers take as theirs where a time is read as the shop's. */
  shopTimeZone,
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.reports/e2e.json' }]],
  // The model-based flows (tests/flows, `npm run test:flows`) run after the specs, then their report.
  projects: [
    { name: 'e2e' },
    { name: 'flows', testDir: 'tests/flows', testMatch: '*.flow.ts', teardown: 'flows report' },
    { name: 'flows report', testDir: 'tests/flows', testMatch: 'report.teardown.ts' },
  ],
  use: {
    baseURL: E2E.baseURL,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: `rm -rf ${dataDir} && npm start`,
    // The storefront answers last (start.ts builds it after the API is up).
    url: `${E2E.baseURL}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    // The product's default limits: every customer of the suite shares this machine's one address, as
    // customers behind carrier NAT or office Wi-Fi do (docs/decisions/042-holds-by-behaviour.md).
    env: {
      ...stackEnv(ports, dataDir),
      SHOP_TIME_ZONE: shopTimeZone,
      LOG_LEVEL: 'warn',
    },
  },
});
