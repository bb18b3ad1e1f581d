// Writes a benchmark's section of docs/benchmarks.md, leaving the other benchmark's section as it was.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

const REPORT = 'docs/benchmarks.md';

const HEADER = `# Benchmarks

Measured with \`npm run bench:web\`, \`npm run bench:api\` and \`npm run bench:rush\`; each command
rewrites its own section below. Each starts the storefront exactly as \`npm start\` does (built SPA,
API on the embedded PostgreSQL, Firebase Auth emulator) on ports of its own, from an empty data folder
(\`.data/bench\`). Figures depend on the machine and on what else it is doing (the load average is
noted): compare runs made on the same, otherwise idle, machine. Why the app is built the way these
figures reward: [decisions/008-performance.md](decisions/008-performance.md) and
[decisions/011-scale.md](decisions/011-scale.md).

<!-- bench:web:start -->
Not measured yet: run \`npm run bench:web\`.
<!-- bench:web:end -->

<!-- bench:api:start -->
Not measured yet: run \`npm run bench:api\`.
<!-- bench:api:end -->

<!-- bench:rush:start -->
Not measured yet: run \`npm run bench:rush\`.
<!-- bench:rush:end -->

<!-- bench:rush-capacity:start -->
Not measured yet: run \`BENCH_RUSH_FIND=1 npm run bench:rush\`.
<!-- bench:rush-capacity:end -->
`;

/** The 1-minute load average when the benchmark began: other work on the machine skews every figure. */
const loadAtStart = loadavg()[0] ?? 0;

/** The machine a run was made on: CPU model, cores, memory, Node version and date. */
export function machineLine(): string {
  const cpu = cpus();
  const model = cpu[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const ram = (totalmem() / 1024 ** 3).toFixed(1);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return (
    `${model}, ${cpu.length} cores, ${ram} GiB RAM, Node ${process.version}, ${process.platform}; ` +
    `${date} UTC; load average ${loadAtStart.toFixed(2)} when the run began`
  );
}

/** A Markdown table; cells are written as given. */
export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

export const verdict = (ok: boolean): string => (ok ? 'pass' : '**FAIL**');

/** Replaces (or appends) the section between `<!-- name:start -->` and `<!-- name:end -->`. */
export function writeSection(
  name:
    | 'bench:web'
    | 'bench:api'
    | 'bench:rush'
    | 'bench:rush-capacity'
    | 'bench:site-libraries'
    | 'bench:fairness'
    | 'bench:kitchen',
  body: string,
): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : HEADER;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + section + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(REPORT, next);
  console.log(`\nWrote the ${name} section of ${REPORT}`);
}
