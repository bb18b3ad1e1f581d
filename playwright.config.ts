import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/chromium.ts';

// The browser suite runs against the storefront started exactly as `npm start` starts it,
// on its own ports and data folder so it never collides with a running dev copy.
const ports = { web: 5273, api: 5100, auth: 9399, pg: 54349 };
export const E2E = { baseURL: `http://localhost:${ports.web}`, apiURL: `http://localhost:${ports.api}` };

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
    command: 'rm -rf .data/e2e && npm start',
    url: `${E2E.apiURL}/health`,
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
      PIZZON_DATA_DIR: '.data/e2e',
      LOG_LEVEL: 'warn',
    },
  },
});
