import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { machineTransitions, stateNodes } from './support/diagram.ts';
import { machineConfig } from './support/machine-config.ts';
import { DOCS_DIR, machineDocs, machineNames, machineReports } from './support/machine-docs.ts';
import { MACHINE_MODELS } from './support/models/index.ts';

const reports = machineReports();

describe('docs/machines (npm run machines:export)', () => {
  it('has a model for exactly the machines in machines/', () => {
    expect(Object.keys(MACHINE_MODELS).sort()).toEqual(machineNames());
  });

  it.each(reports)('$name: the model-based walk reaches 100% of states and transitions', ({ coverage }) => {
    expect(coverage.mismatches).toEqual([]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.edges).toBeGreaterThan(0);
  });

  it.each(reports)('$name: its plain config makes the same machine in the visualizer', ({ machine }) => {
    // What the Stately editor does with docs/machines/<name>.json: createMachine from plain data.
    const imported = createMachine(machineConfig(machine) as Parameters<typeof createMachine>[0]);
    const shape = (m: typeof machine) => ({
      states: stateNodes(m).map((node) => `${node.id} ${node.type}`),
      transitions: machineTransitions(m).map(
        (t) => `${t.source.id} ${t.label} [${t.guard}] → ${t.targets.map((x) => x.id).join(',')}`,
      ),
    });
    expect(shape(imported)).toEqual(shape(machine));
  });

  it('holds exactly the pages the machines and their walks give today', () => {
    const expected = machineDocs(reports);
    const stale = (path: string) => `${path} is stale: run npm run machines:export`;
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
