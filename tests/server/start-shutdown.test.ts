import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { stackEnv } from '../../scripts/lib/env.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzon-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The command lines naming the data folder: the emulator and PostgreSQL of this start (read from /proc). */
function leftBehind(): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()];
      } catch {
        return []; // the process ended while we looked
      }
    })
    .filter((command) => command.includes(dataDir));
}

it('npm run dev stopped once it is ready stops everything, the emulator too', {
  timeout: 120_000,
}, async () => {
  const start = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--dev'], {
    env: {
      ...process.env,
      ...stackEnv(
        { web: 5793, api: 5794, auth: 9794, pg: 55794, mail: 2794, mailWeb: 1794 },
        `${dataDir}/ready`,
      ),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => start.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    start.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Pizzon is ready')) resolve();
    });
    start.once('exit', () => reject(new Error('npm run dev exited before it was ready')));
  });
  expect(leftBehind().some((line) => line.includes('emulators:start'))).toBe(true);

  start.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(leftBehind()).toEqual([]);
});

it('npm start stopped while it is still starting leaves nothing running', { timeout: 90_000 }, async () => {
  const start = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      ...stackEnv({ web: 5791, api: 5792, auth: 9791, pg: 55791, mail: 2791, mailWeb: 1791 }, dataDir),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => start.once('exit', resolve));
  // PostgreSQL is up and the emulator has just been spawned, not yet healthy.
  await new Promise<void>((resolve, reject) => {
    start.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('PostgreSQL (embedded) on port')) resolve();
    });
    start.once('exit', () => reject(new Error('npm start exited before PostgreSQL was up')));
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(leftBehind().some((line) => line.includes('emulators:start'))).toBe(true);

  start.kill('SIGTERM');
  await exited;
  expect(leftBehind()).toEqual([]);
});
