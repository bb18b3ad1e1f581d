// `npm run machines:export`: writes docs/machines/<name>.md for every machine in machines/ (a Mermaid
// diagram drawn from the definition and the coverage of its model-based test), <name>.json (its plain
// config, for the Stately editor) and docs/machines/README.md.
// tests/machines/diagrams.test.ts regenerates the same files in memory and fails when these are stale.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_DIR, machineDocs, machineReports } from '../tests/machines/support/machine-docs.ts';
import { isFullCoverage } from '../tests/machines/support/model.ts';

const reports = machineReports();
const docs = machineDocs(reports);

mkdirSync(DOCS_DIR, { recursive: true });
// A page of a machine that no longer exists would otherwise linger.
for (const file of readdirSync(DOCS_DIR)) {
  if (!docs.has(join(DOCS_DIR, file))) rmSync(join(DOCS_DIR, file));
}
for (const [path, text] of docs) writeFileSync(path, text);

for (const { name, coverage } of reports) {
  const { states, transitions, edges } = coverage;
  console.log(
    `${name.padEnd(16)} states ${states.reached}/${states.total}  transitions ${transitions.reached}/${transitions.total}  edges ${edges}`,
  );
}
console.log(`Wrote ${docs.size} files to ${DOCS_DIR}/`);

const short = reports.filter(({ coverage }) => !isFullCoverage(coverage));
if (short.length > 0) {
  for (const { name, coverage } of short) {
    console.error(`${name}: not fully covered`, {
      states: coverage.states.missing,
      transitions: coverage.transitions.missing,
      mismatches: coverage.mismatches,
    });
  }
  process.exit(1);
}
