import { expect } from 'vitest';
import { type MachineModel, walkModel } from './model.ts';

/** Walks the model and fails on any state or transition not reached, or an actor off the model. */
export function expectFullCoverage(model: MachineModel): void {
  const coverage = walkModel(model);
  expect(coverage.mismatches).toEqual([]);
  expect(coverage.states.missing).toEqual([]);
  expect(coverage.transitions.missing).toEqual([]);
  expect(coverage.edges).toBeGreaterThan(0);
}
