// `npm test`: every check a submission must pass, ending with one plain summary line for CI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

interface Counts {
  passed: number;
  failed: number;
}
const total: Counts = { passed: 0, failed: 0 };
const failedGates: string[] = [];

function run(label: string, command: string, args: string[]): boolean {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  return result.status === 0;
}

/** A gate that is not a test runner counts as one check. */
function gate(label: string, command: string, args: string[]) {
  if (run(label, command, args)) total.passed++;
  else {
    total.failed++;
    failedGates.push(label);
  }
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
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}
const vitest = readJson<VitestReport>('.reports/vitest.json');
total.passed += vitest?.numPassedTests ?? 0;
total.failed += vitest?.numFailedTests ?? 0;
if (!vitestOk && !vitest?.numFailedTests) total.failed++;

const e2eOk = run('browser tests (Chromium)', 'npx', ['playwright', 'test']);
interface PlaywrightResult {
  error?: { message?: string };
  attachments: { name: string; path?: string }[];
}
interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    ok: boolean;
    tests: { results: PlaywrightResult[] }[];
  }[];
  suites?: PlaywrightSuite[];
}
const e2e = readJson<{
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
}>('.reports/e2e.json');
total.passed += (e2e?.stats.expected ?? 0) + (e2e?.stats.flaky ?? 0);
total.failed += e2e?.stats.unexpected ?? 0;
if (!e2eOk && !e2e?.stats.unexpected) total.failed++;

const firstLine = (text = '') =>
  stripVTControlCharacters(text)
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

const SNAPSHOT_LINES = 50;
/**
 * What the page showed when a browser test failed: the `main` landmark of the accessibility snapshot
 * Playwright keeps beside the error (all of it when there is no `main`), so a failure seen only in CI's
 * tail still says what the customer saw.
 */
function pageAtFailure(result: PlaywrightResult | undefined): string[] {
  const path = result?.attachments.find((attachment) => attachment.name === 'error-context')?.path;
  if (!path || !existsSync(path)) return [];
  const snapshot = /```yaml\n([\s\S]*?)\n```/.exec(readFileSync(path, 'utf8'))?.[1]?.split('\n') ?? [];
  const main = snapshot.findIndex((line) => /^\s*- main\b/.test(line));
  const indent = (line = '') => line.length - line.trimStart().length;
  const end = snapshot.findIndex(
    (line, i) => main >= 0 && i > main && indent(line) <= indent(snapshot[main]),
  );
  const shown = main < 0 ? snapshot : snapshot.slice(main, end < 0 ? undefined : end);
  const cut = shown.length > SNAPSHOT_LINES ? [`… ${shown.length - SNAPSHOT_LINES} more lines`] : [];
  return ['  The page then:', ...shown.slice(0, SNAPSHOT_LINES).map((line) => `    ${line}`), ...cut];
}

/** CI shows only the tail of the output, so what failed is named again beside the count. */
function failures(): string[] {
  const named = [...failedGates];
  for (const file of vitest?.testResults ?? []) {
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests)
      named.push(`${relative('.', file.name)} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    if (file.status === 'failed' && failedTests.length === 0)
      named.push(`${relative('.', file.name)}: ${firstLine(file.message)}`);
  }
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const result = spec.tests.flatMap((test) => test.results).find((result) => result.error);
      const title = `${[...titles, spec.title].join(' › ')}: ${firstLine(result?.error?.message)}`;
      named.push([title, ...pageAtFailure(result)].join('\n'));
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of e2e?.suites ?? []) walk(suite, [suite.title]);
  return named;
}

const failed = failures();
if (failed.length > 0) console.log(`\nFailed:\n${failed.map((line) => `- ${line}`).join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
