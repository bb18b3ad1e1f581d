import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BENCH_ENV } from '../../scripts/lib/bench-env.ts';
import { COMMANDS_ENV } from '../../scripts/lib/env.ts';
import { TSX } from '../../scripts/lib/processes.ts';
import { API_ENV } from '../../server/api/env.ts';
import { EnvError, readEnv, SERVERS_ENV } from '../../server/env.ts';
import { readBrowserEnv, SITE_ENV } from '../../server/site/env.ts';
import { BROWSER_TESTS_ENV } from '../e2e/support/env.ts';

/** The problems of the EnvError `read` throws. */
function problemsOf(read: () => unknown): EnvError {
  try {
    read();
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error('expected an EnvError');
}

describe('readEnv', () => {
  it('gives each variable its rule’s value, its default when unset or empty', () => {
    expect(
      readEnv(
        { ...API_ENV, ...SITE_ENV, ...COMMANDS_ENV },
        { read: ['WEB_PORT', 'API_PORT', 'PIZZON_DATA_DIR', 'SITE_ORIGIN', 'ALLOW_DEMO'] },
        {
          WEB_PORT: '6000',
          API_PORT: '',
          SITE_ORIGIN: 'https://shop.example.com/',
          ALLOW_DEMO: 'true',
        },
      ),
    ).toEqual({
      WEB_PORT: 6000,
      API_PORT: 5000,
      PIZZON_DATA_DIR: '.data',
      SITE_ORIGIN: ['https://shop.example.com'],
      ALLOW_DEMO: true,
    });
  });

  it('reads only what it is asked for: another slice’s bad value is not its problem', () => {
    expect(
      readEnv(
        { ...API_ENV, ...COMMANDS_ENV },
        { read: ['PG_PORT'] },
        { PG_PORT: '6543', API_TOKEN_SECRET: 'short' },
      ),
    ).toEqual({
      PG_PORT: 6543,
    });
  });

  it('names every bad variable at once, in the order of the schemas it reads (.env.example’s), one a line', () => {
    const error = problemsOf(() =>
      readEnv(
        { ...SITE_ENV, ...COMMANDS_ENV, ...BENCH_ENV, ...BROWSER_TESTS_ENV },
        { read: ['BENCH_RUNS', 'WEB_PORT', 'E2E_API_PORT', 'BASE_URL'] },
        { BENCH_RUNS: '0', WEB_PORT: 'abc', E2E_API_PORT: '70000', BASE_URL: 'localhost' },
      ),
    );
    expect(error.problems.map((problem) => problem.variable)).toEqual([
      'WEB_PORT',
      'BASE_URL',
      'BENCH_RUNS',
      'E2E_API_PORT',
    ]);
    expect(error.message.split('\n')).toEqual([
      '4 problem(s) with the environment (.env.example documents every variable):',
      '  WEB_PORT must be a port number from 1 to 65535',
      '  BASE_URL must be a URL such as http://localhost:5173',
      '  BENCH_RUNS must be a whole number from 1 to 1000000',
      '  E2E_API_PORT must be a port number from 1 to 65535',
    ]);
  });

  it('reads a variable as given, without its default, for a caller that decides when it is unset', () => {
    expect(readEnv(API_ENV, { given: ['SITE_ORIGIN', 'TRUST_PROXY'] }, { TRUST_PROXY: 'true' })).toEqual({
      SITE_ORIGIN: undefined,
      TRUST_PROXY: 1,
    });
    expect(
      problemsOf(() => readEnv(API_ENV, { given: ['TRUST_PROXY'] }, { TRUST_PROXY: 'yes' })).problems,
    ).toEqual([{ variable: 'TRUST_PROXY', message: expect.stringMatching(/^TRUST_PROXY must be 0/) }]);
  });

  it('refuses a required variable that is unset, saying how to set it', () => {
    const error = problemsOf(() =>
      readEnv(SERVERS_ENV, { required: ['DATABASE_URL'] }, { DATABASE_URL: '' }),
    );
    expect(error.problems[0]?.message).toMatch(/^DATABASE_URL is not set: start everything with `npm start`/);
  });
});

describe('readBrowserEnv', () => {
  it('applies the build’s defaults: the demo project, its auth domain and the emulator’s stand-in key', () => {
    expect(readBrowserEnv({})).toEqual({
      VITE_API_URL: undefined,
      VITE_FIREBASE_API_KEY: 'demo-api-key',
      VITE_FIREBASE_AUTH_DOMAIN: 'demo-pizzon.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'demo-pizzon',
      VITE_FIREBASE_AUTH_EMULATOR_URL: undefined,
    });
  });

  it('reads an empty value as unset, as the site server always did and the browser did not', () => {
    expect(readBrowserEnv({ VITE_FIREBASE_PROJECT_ID: '' }).VITE_FIREBASE_PROJECT_ID).toBe('demo-pizzon');
  });
});

it('npm start names every bad variable and starts nothing', () => {
  const started = spawnSync(process.execPath, [...TSX, 'scripts/start.ts'], {
    env: { ...process.env, WEB_PORT: 'http', API_TOKEN_SECRET: 'short', TRUST_PROXY: 'yes' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(started.status).toBe(1);
  expect(started.stderr).toContain('3 problem(s) with the environment');
  for (const variable of ['WEB_PORT', 'TRUST_PROXY', 'API_TOKEN_SECRET']) {
    expect(started.stderr).toContain(`  ${variable} must`);
  }
  expect(started.stdout).not.toContain('PostgreSQL');
});
