import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import {
  type SpawnedApi,
  sharedScratchDatabase,
  spawnApiProcess,
  startApiProcess,
  stopApi,
} from './support/api-process.ts';

/**
 * server/api/index.ts as a deployment runs it: development defaults refused where the API may face the world,
 * and the demo accounts seeded only when asked (the rules themselves: config.test.ts).
 */
const scratch = sharedScratchDatabase();
let api: SpawnedApi | undefined;
afterEach(() => stopApi(api));

/**
 * The emulator of the run, under a project of this file's own (its demo accounts touch no other test),
 * and the development mail default (SMTP_URL unset) that production refuses.
 */
const emulator = () => ({
  FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
  FIREBASE_PROJECT_ID: 'demo-pizzon-start',
  SMTP_URL: undefined,
});

const demoAdminRows = () => scratch.db.select().from(users).where(eq(users.uid, 'demo-admin'));

describe('starting the API', () => {
  it.each([
    'production',
    'Production',
    'prod',
  ])('with NODE_ENV=%s on the emulator and the sandbox exits 1, naming the variables to set', async (nodeEnv) => {
    api = spawnApiProcess(scratch.url, { NODE_ENV: nodeEnv, ...emulator(), SEED_DEMO_ACCOUNTS: '1' });
    expect(await api.exited).toBe(1);
    const output = api.output();
    for (const variable of [
      'FIREBASE_AUTH_EMULATOR_HOST',
      'PAYMENT_GATEWAY',
      'SEED_DEMO_ACCOUNTS',
      'SMTP_URL',
    ]) {
      expect(output).toContain(`"variable":"${variable}"`);
    }
    expect(output).toContain('The API did not start: 4 problem(s)');
    expect(output).not.toContain('API listening');
    expect(await demoAdminRows()).toEqual([]);
  });

  it('on the emulator does not seed the demo accounts unless asked', async () => {
    api = await startApiProcess(scratch.url, emulator());
    expect(await demoAdminRows()).toEqual([]);
  });

  it('in production with ALLOW_DEMO=1 starts, warns, and seeds the demo accounts it was asked for', async () => {
    const started = await startApiProcess(scratch.url, {
      NODE_ENV: 'production',
      ALLOW_DEMO: '1',
      ...emulator(),
      SEED_DEMO_ACCOUNTS: '1',
    });
    api = started;
    const warning = await started.logged('ALLOW_DEMO=1: starting with development defaults');
    expect(warning).toContain('FIREBASE_AUTH_EMULATOR_HOST, PAYMENT_GATEWAY, SEED_DEMO_ACCOUNTS, SMTP_URL');
    expect(await demoAdminRows()).toEqual([expect.objectContaining({ role: 'admin' })]);
    expect((await fetch(`${started.url}/health`)).status).toBe(200);
  });
});
