import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/chromium.ts';

// The browser suite runs against the storefront started exactly as `npm start` starts it,
// on its own ports and data folder so it never collides with a running dev copy (E2E_*_PORT move it).
const port = (name: string, fallback: number) => Number(process.env[`E2E_${name}_PORT`] ?? fallback);
const ports = {
  web: port('WEB', 5273),
  api: port('API', 5100),
  auth: port('AUTH', 9399),
  pg: port('PG', 54349),
  mail: port('MAIL', 2725),
  mailWeb: port('MAIL_WEB', 1280),
};
const dataDir = `.data/e2e-${ports.web}`;
export const E2E = {
  baseURL: `http://localhost:${ports.web}`,
  apiURL: `http://localhost:${ports.api}`,
  /** What a second instance beside the stack needs (tests/e2e/instances.spec.ts). */
  ports,
  dataDir,
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.reports/e2e.json' }]],
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
    env: {
      WEB_PORT: String(ports.web),
      API_PORT: String(ports.api),
      AUTH_EMULATOR_PORT: String(ports.auth),
      PG_PORT: String(ports.pg),
      MAIL_PORT: String(ports.mail),
      MAIL_WEB_PORT: String(ports.mailWeb),
      PIZZON_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  },
});
