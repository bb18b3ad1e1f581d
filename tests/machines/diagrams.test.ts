import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, machineDocs, machineNames, machineReports } from './support/machine-docs.ts';
import { MACHINE_MODELS } from './support/models/index.ts';

const reports = machineReports();

describe('docs/machines (npm run machines:diagrams)', () => {
  it('has a model for exactly the machines in machines/', () => {
    expect(Object.keys(MACHINE_MODELS).sort()).toEqual(machineNames());
  });

  it.each(reports)('$name: the model-based walk reaches 100% of states and transitions', ({ coverage }) => {
    expect(coverage.mismatches).toEqual([]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.edges).toBeGreaterThan(0);
  });

  it('holds exactly the pages the machines and their walks give today', () => {
    const expected = machineDocs(reports);
    const stale = (path: string) => `${path} is stale: run npm run machines:diagrams`;
    for (const [path, text] of expected) {
      expect(existsSync(path), stale(path)).toBe(true);
      // Line by line, so a failure shows which lines changed.
      expect(readFileSync(path, 'utf8').split('\n'), stale(path)).toEqual(text.split('\n'));
    }
    expect(
      readdirSync(DOCS_DIR)
        .map((file) => join(DOCS_DIR, file))
        .sort(),
    ).toEqual([...expected.keys()].sort());
  });
});
