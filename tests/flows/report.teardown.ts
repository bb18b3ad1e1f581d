// After the flows: how much of each machine the browser followed, as one table (.reports/flows/*.json
// are written by each machine's last test, which is also the one that fails below 100 %).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { type MachineCoverage, REPORT_DIR } from './support/flow.ts';

const percent = (part: number, whole: number) => `${whole === 0 ? 100 : Math.floor((part / whole) * 100)} %`;

test('model-based UI coverage', () => {
  if (!existsSync(REPORT_DIR)) return;
  const reports = readdirSync(REPORT_DIR)
    .filter((file) => file.endsWith('.json') && file !== 'summary.json')
    .map((file) => JSON.parse(readFileSync(`${REPORT_DIR}/${file}`, 'utf8')) as MachineCoverage);
  const rows = reports.map(({ machine, paths, states, transitions }) => [
    machine,
    String(paths),
    `${states.covered.length}/${states.total} (${percent(states.covered.length, states.total)})`,
    `${transitions.covered.length}/${transitions.total} (${percent(transitions.covered.length, transitions.total)})`,
  ]);
  const header = ['machine', 'paths', 'states in the browser', 'transitions in the browser'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  console.log(['', line(header), ...rows.map(line), ''].join('\n'));
  writeFileSync(`${REPORT_DIR}/summary.json`, JSON.stringify(reports, null, 2));
});
