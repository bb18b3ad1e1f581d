import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { TSX } from '../../../scripts/lib/processes.ts';
import { createApiTokens } from '../../../server/api/tokens.ts';
import { connectDatabase, type Database } from '../../../server/db/client.ts';
import { users } from '../../../server/db/schema.ts';
import {
  API_PUBLIC_URL,
  copyTemplateDatabase,
  fixture,
  TEST_API_TOKEN_SECRET,
  TEST_SANDBOX_SECRET,
} from './test-app.ts';

/** A database of the caller's own on the run's server (a copy of the migrated template). */
export async function createScratchDatabase(): Promise<{
  url: string;
  db: Database;
  drop: () => Promise<void>;
}> {
  const database = await copyTemplateDatabase();
  const handle = connectDatabase(database.url, () => {});
  return {
    url: database.url,
    db: handle.db,
    drop: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

export type ScratchDatabase = Awaited<ReturnType<typeof createScratchDatabase>>;

/** A scratch database made before the file's (or describe block's) tests and dropped after them. */
export const sharedScratchDatabase = (): ScratchDatabase =>
  fixture(createScratchDatabase, (scratch) => scratch.drop());

/**
 * Two API processes on `scratch`'s database (as N instances run), started before the block's tests and
 * stopped after them; `env` as startApiProcess's.
 */
export const twoApiProcesses = (
  scratch: ScratchDatabase,
  env: NodeJS.ProcessEnv = {},
): { a: ApiProcess; b: ApiProcess } =>
  fixture(
    async () => {
      const [a, b] = await Promise.all([
        startApiProcess(scratch.url, env),
        startApiProcess(scratch.url, env),
      ]);
      return { a, b };
    },
    async ({ a, b }) => {
      for (const api of [a, b]) await stopApi(api);
    },
  );

const tokens = createApiTokens(TEST_API_TOKEN_SECRET);

/** `count` accounts of `role` in `db` (uids `${tag}-0`, …), each with an API token as POST /jwt gives it. */
export async function registeredAccounts(db: Database, count: number, tag: string, role: 'user' | 'admin') {
  const uids = Array.from({ length: count }, (_, i) => `${tag}-${i}`);
  await db.insert(users).values(uids.map((uid) => ({ uid, email: `${uid}@example.com`, role })));
  return Promise.all(uids.map(async (uid) => ({ uid, token: (await tokens.issue(uid)).token })));
}

/** Ends the process unless it already ended: a test that failed half-way leaves its server running. */
export async function stopApi(
  api: SpawnedApi | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (api?.child.exitCode !== null) return;
  api.child.kill(signal);
  await api.exited;
}

/** The API as `npm start` runs it, in a process of its own, listening. */
export interface ApiProcess extends SpawnedApi {
  /** Where it listens (it takes any free port). */
  url: string;
  port: number;
}

/** An API process, from the moment it is spawned (it may refuse to start). */
export interface SpawnedApi {
  child: ChildProcess;
  /** Its exit code (null if a signal ended it). */
  exited: Promise<number | null>;
  /** Resolves with the first log line (pino JSON) whose msg contains `text`. */
  logged: (text: string) => Promise<string>;
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string;
}

/**
 * Starts `node --import tsx server/api/index.ts` (as `npm start` does) on `databaseUrl`, with the test secrets and the
 * sandbox gateway (and `extraEnv`), on a free port; resolves once it listens. No identity emulator: nothing it is
 * asked here needs one.
 */
export async function startApiProcess(
  databaseUrl: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ApiProcess> {
  const api = spawnApiProcess(databaseUrl, extraEnv);
  const listening = await api.logged('API listening on ');
  const port = Number(/localhost:(\d+)/.exec(messageOf(listening))?.[1]);
  return { ...api, url: `http://127.0.0.1:${port}`, port };
}

/** As startApiProcess, without waiting: for a start that is meant to fail. */
export function spawnApiProcess(databaseUrl: string, extraEnv: NodeJS.ProcessEnv = {}): SpawnedApi {
  const child = spawn(process.execPath, [...TSX, 'server/api/index.ts'], {
    env: {
      ...process.env,
      // Left out (spawn passes no undefined value): the emulator this process set up for firebase-admin
      // is not the API's unless the test says so.
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      DATABASE_URL: databaseUrl,
      API_HOST: '127.0.0.1',
      API_PORT: '0',
      API_PUBLIC_URL,
      API_TOKEN_SECRET: TEST_API_TOKEN_SECRET,
      SANDBOX_PAYMENT_SECRET: TEST_SANDBOX_SECRET,
      PAYMENT_GATEWAY: 'sandbox',
      FIREBASE_PROJECT_ID: 'demo-pizzon-test',
      // Nothing listens on port 1: a test's mail stays in the outbox, never in a developer's catcher.
      SMTP_URL: 'smtp://127.0.0.1:1',
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // 'close' rather than 'exit': by then its last lines have been read too.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const lines: string[] = [];
  const waiting: Array<{ text: string; resolve: (line: string) => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of [...waiting]) {
      if (messageOf(line).includes(waiter.text)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const logged = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const line = lines.find((l) => messageOf(l).includes(text));
      if (line) return resolve(line);
      waiting.push({ text, resolve });
      void exited.then((code) =>
        reject(new Error(`The API exited (${code}) before logging '${text}': ${stderr.join('')}`)),
      );
    });
  return { child, exited, logged, output: () => [...lines, ...stderr].join('\n') };
}

function messageOf(line: string): string {
  try {
    return String((JSON.parse(line) as { msg?: unknown }).msg ?? '');
  } catch {
    return line;
  }
}
