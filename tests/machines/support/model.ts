import { getAdjacencyMap, getShortestPaths, getStateNodes } from '@xstate/graph';
import { expect } from 'vitest';
import {
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';

export interface ModelRun<M extends AnyStateMachine> {
  input?: InputFrom<M>;
  /** The events to try in each state (done/error events of invoked actors included). */
  events:
    | ReadonlyArray<EventFromLogic<M>>
    | ((snapshot: SnapshotFrom<M>) => ReadonlyArray<EventFromLogic<M>>);
}

export interface Coverage {
  states: { reached: number; total: number; missing: string[] };
  transitions: { reached: number; total: number; missing: string[] };
  edges: number;
}

const view = (snapshot: { value: unknown; context: unknown; status: string }) => ({
  value: snapshot.value,
  context: JSON.parse(JSON.stringify(snapshot.context ?? null)),
  status: snapshot.status,
});

/**
 * Model-based walk: for every edge (snapshot, event) the machine allows, replays the shortest path to
 * the snapshot and then the event on a real actor, and asserts the actor ends exactly where the model
 * says. Returns which state nodes and (state, event) transitions the walk reached.
 */
export function walkModel<M extends AnyStateMachine>(machine: M, runs: ReadonlyArray<ModelRun<M>>): Coverage {
  const reachedStates = new Set<string>();
  const reachedTransitions = new Set<string>();
  let edges = 0;

  for (const run of runs) {
    const options = { input: run.input, events: run.events } as never;
    const shortest = getShortestPaths(machine, options);
    const pathTo = new Map(shortest.map((path) => [JSON.stringify(view(path.state)), path]));
    const adjacency = getAdjacencyMap(machine, options);

    for (const { state, transitions } of Object.values(adjacency)) {
      for (const node of state._nodes) reachedStates.add(node.id);
      const prefix = pathTo.get(JSON.stringify(view(state)));
      expect(prefix, 'every snapshot in the adjacency map has a shortest path').toBeDefined();
      for (const { event, state: next } of Object.values(transitions) as Array<{
        event: { type: string };
        state: typeof state;
      }>) {
        const changed = JSON.stringify(view(next)) !== JSON.stringify(view(state));
        if (!changed) continue;
        edges++;
        for (const node of state._nodes) {
          if (node.transitions.has(event.type)) reachedTransitions.add(`${node.id} ${event.type}`);
        }
        const actor = createActor(machine, { input: run.input } as never).start();
        for (const step of prefix!.steps) {
          if (step.event.type !== 'xstate.init') actor.send(step.event);
        }
        actor.send(event as EventFromLogic<M>);
        expect(view(actor.getSnapshot()), `${JSON.stringify(state.value)} --${event.type}-->`).toEqual(
          view(next),
        );
        actor.stop();
      }
    }
  }

  // Transient states (only `always` transitions) are passed through, never rested in.
  const allStates = getStateNodes(machine.root)
    .filter((node) => node !== machine.root && !(node.always?.length && node.transitions.size === 0))
    .map((node) => node.id);
  const allTransitions = getStateNodes(machine.root).flatMap((node) =>
    [...node.transitions.keys()].map((type) => `${node.id} ${type}`),
  );
  return {
    states: {
      reached: allStates.filter((id) => reachedStates.has(id)).length,
      total: allStates.length,
      missing: allStates.filter((id) => !reachedStates.has(id)),
    },
    transitions: {
      reached: allTransitions.filter((t) => reachedTransitions.has(t)).length,
      total: allTransitions.length,
      missing: allTransitions.filter((t) => !reachedTransitions.has(t)),
    },
    edges,
  };
}

export function expectFullCoverage(coverage: Coverage): void {
  expect(coverage.states.missing).toEqual([]);
  expect(coverage.transitions.missing).toEqual([]);
  expect(coverage.edges).toBeGreaterThan(0);
}
