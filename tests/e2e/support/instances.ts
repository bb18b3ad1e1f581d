import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { E2E } from '../../../playwright.config.ts';
import { TSX, waitForHttp } from '../../../scripts/lib/processes.ts';
import { embeddedPostgresUrl } from '../../../server/db/embedded.ts';
import { DEMO_PROJECT_ID, localhostUrl } from '../../../server/env.ts';

/** A process of a second instance, and how to stop it. */
export interface Instance {
  url: string;
  stop: () => Promise<void>;
}

function spawnInstance(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [...TSX, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function running(child: ChildProcess, url: string, health: string): Promise<Instance> {
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHttp(`${url}${health}`, url, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Beside the stack `npm start` runs for the suite: the same database, the same secrets. */
const shared = () => ({
  DATABASE_URL: embeddedPostgresUrl(E2E.ports.pg, 'pizzon'),
  FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${E2E.ports.auth}`,
  // The suite's mail catcher, never a dev copy's on the default port.
  SMTP_URL: `smtp://127.0.0.1:${E2E.ports.mail}`,
  LOG_LEVEL: 'warn',
});

/** A second API process, as `npm start` runs one, on `port`. */
export function startSecondApi(port: number): Promise<Instance> {
  const secret = (name: string) => readFileSync(`${E2E.dataDir}/${name}`, 'utf8').trim();
  const child = spawnInstance('server/api/index.ts', {
    ...shared(),
    API_PORT: String(port),
    SITE_ORIGIN: E2E.baseURL,
    API_PUBLIC_URL: localhostUrl(port),
    API_TOKEN_SECRET: secret('api-token-secret'),
    SANDBOX_PAYMENT_SECRET: secret('sandbox-payment-secret'),
  });
  return running(child, localhostUrl(port), '/health');
}

/** A second site server on the suite's build, on `port`, rendering from and passing /api to `api`. */
export function startSecondSite(port: number, api: string): Promise<Instance> {
  const child = spawnInstance('server/site/index.ts', {
    ...shared(),
    WEB_PORT: String(port),
    API_INTERNAL_URL: api,
  });
  return running(child, localhostUrl(port), '/blog');
}
