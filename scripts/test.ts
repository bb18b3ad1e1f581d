// `npm test`: every check a submission must pass, ending with one plain summary line for CI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Counts {
  passed: number;
  failed: number;
}
const total: Counts = { passed: 0, failed: 0 };

function run(label: string, command: string, args: string[]): boolean {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  return result.status === 0;
}

/** A gate that is not a test runner counts as one check. */
function gate(label: string, command: string, args: string[]) {
  if (run(label, command, args)) total.passed++;
  else total.failed++;
}

function readJson<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

rmSync('.reports', { recursive: true, force: true });
mkdirSync('.reports', { recursive: true });

gate('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
gate('lint', 'npx', ['biome', 'check', '.']);

const vitestOk = run('unit, machine and server tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.reports/vitest.json',
]);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>('.reports/vitest.json');
total.passed += vitest?.numPassedTests ?? 0;
total.failed += vitest?.numFailedTests ?? 0;
if (!vitestOk && !vitest?.numFailedTests) total.failed++;

const e2eOk = run('browser tests (Chromium)', 'npx', ['playwright', 'test']);
const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>('.reports/e2e.json');
total.passed += (e2e?.stats.expected ?? 0) + (e2e?.stats.flaky ?? 0);
total.failed += e2e?.stats.unexpected ?? 0;
if (!e2eOk && !e2e?.stats.unexpected) total.failed++;

console.log(`\n${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
