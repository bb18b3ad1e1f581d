// The storefront the benchmarks measure: started by scripts/start.ts, exactly as `npm start` starts it,
// on ports and a data folder of its own that begin empty on every run.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { assertPortFree, TSX, waitForHttp } from './processes.ts';

export const BENCH_ENV = {
  PIZZON_DATA_DIR: '.data/bench',
  WEB_PORT: '5631',
  API_PORT: '5632',
  AUTH_EMULATOR_PORT: '9831',
  PG_PORT: '55831',
  MAIL_PORT: '2831',
  MAIL_WEB_PORT: '1831',
} as const;

export const BENCH_WEB_URL = `http://localhost:${BENCH_ENV.WEB_PORT}`;
export const BENCH_API_URL = `http://localhost:${BENCH_ENV.API_PORT}`;
export const BENCH_AUTH_HOST = `127.0.0.1:${BENCH_ENV.AUTH_EMULATOR_PORT}`;

export interface RunningStorefront {
  /** Where start.ts's output went (it is kept out of the benchmark's console). */
  log: string;
  stop: () => Promise<void>;
}

/** Starts the whole storefront (database, Auth emulator, API, built SPA) and waits until it answers. */
export async function startBenchStorefront(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningStorefront> {
  // The folder goes first: a fresh database and emulator, so every run measures the same seeded data.
  rmSync(BENCH_ENV.PIZZON_DATA_DIR, { recursive: true, force: true });
  mkdirSync(BENCH_ENV.PIZZON_DATA_DIR, { recursive: true });
  await assertPortFree(Number(BENCH_ENV.API_PORT), 'API_PORT');
  const log = `${BENCH_ENV.PIZZON_DATA_DIR}/start.log`;
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, [...TSX, 'scripts/start.ts'], {
    env: { ...process.env, ...BENCH_ENV, ...extraEnv },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // start.ts stops its children (API, site, emulator, PostgreSQL) on SIGTERM.
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await Promise.race([
      Promise.all([
        waitForHttp(`${BENCH_API_URL}/health`, 'API', 180_000),
        waitForHttp(`${BENCH_WEB_URL}/`, 'storefront', 180_000),
      ]),
      exited.then(() => {
        throw new Error(`The storefront stopped while starting; see ${log}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { log, stop };
}
