// The storefront the benchmarks measure: started by scripts/start.ts, exactly as `npm start` starts it,
// on ports and a data folder of its own that begin empty on every run.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { localhostUrl } from '../../server/env.ts';
import { type StackPorts, stackEnv } from './env.ts';
import { assertPortFree, TSX, waitForHttp } from './processes.ts';

export const BENCH_PORTS: StackPorts = {
  web: 5631,
  api: 5632,
  auth: 9831,
  pg: 55831,
  mail: 2831,
  mailWeb: 1831,
};
const DATA_DIR = '.data/bench';
const BENCH_ENV = stackEnv(BENCH_PORTS, DATA_DIR);

export const BENCH_WEB_URL = localhostUrl(BENCH_PORTS.web);
export const BENCH_API_URL = localhostUrl(BENCH_PORTS.api);
export const BENCH_AUTH_HOST = `127.0.0.1:${BENCH_PORTS.auth}`;

export interface RunningStorefront {
  /** Where start.ts's output went (it is kept out of the benchmark's console). */
  log: string;
  stop: () => Promise<void>;
}

/** Starts the whole storefront (database, Auth emulator, API, built SPA) and waits until it answers. */
export async function startBenchStorefront(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningStorefront> {
  // The folder goes first: a fresh database and emulator, so every run measures the same seeded data.
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  await assertPortFree(BENCH_PORTS.api, 'API_PORT');
  const log = `${DATA_DIR}/start.log`;
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
