// After the flows: how much of each machine the browser followed, as one table (.reports/flows/*.json
// are written by each machine's last test, which is also the one that fails below 100 %).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type MachineCoverage, REPORT_DIR } from './support/flow.ts';

const percent = (part: number, whole: number) => `${whole === 0 ? 100 : Math.floor((part / whole) * 100)} %`;

test('model-based UI coverage', () => {
  const files = existsSync(REPORT_DIR)
    ? readdirSync(REPORT_DIR).filter((file) => file.endsWith('.json') && file !== 'summary.json')
    : [];
  // The flows ran before this (it is their teardown): no report means none reached its coverage check.
  expect(files, `no machine's coverage report in ${REPORT_DIR}`).not.toEqual([]);
  const reports = files.map(
    (file) => JSON.parse(readFileSync(`${REPORT_DIR}/${file}`, 'utf8')) as MachineCoverage,
  );
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
  const short = reports
    .filter(({ states, transitions }) => states.missing.length + transitions.missing.length > 0)
    .map(({ machine }) => machine);
  expect(short, 'machines the browser did not follow wholly').toEqual([]);
});
