import { isDeepStrictEqual } from 'node:util';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from '@xstate/graph';
import {
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  fromPromise,
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

/**
 * A machine with its effects replaced by actors that never answer (the walk sends their done and error
 * events itself), and the runs that explore it. The model-based tests and `npm run machines:export`
 * walk the same models, so the coverage the docs show is the coverage the tests assert.
 */
export interface MachineModel {
  machine: AnyStateMachine;
  runs: ReadonlyArray<ModelRun<AnyStateMachine>>;
}

/** An effect that never answers: the walk sends its done and error events itself. */
export const neverAnswers = <TOutput, TInput = void>() =>
  fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

/** Keeps the runs checked against their machine's events and input, then forgets the machine's type. */
export const defineModel = <M extends AnyStateMachine>(
  machine: M,
  runs: ReadonlyArray<ModelRun<M>>,
): MachineModel => ({ machine, runs: runs as unknown as MachineModel['runs'] });

export interface Coverage {
  states: { reached: number; total: number; missing: string[] };
  /** Pairs (state node id, event type) of the definition; eventless `always` transitions are not counted. */
  transitions: { reached: number; total: number; missing: string[] };
  edges: number;
  /** Edges where the real actor did not end where the model said. */
  mismatches: string[];
}

const view = (snapshot: { value: unknown; context: unknown; status: string }) => ({
  value: snapshot.value,
  context: JSON.parse(JSON.stringify(snapshot.context ?? null)),
  status: snapshot.status,
});

/**
 * Model-based walk: for every edge (snapshot, event) the machine allows, replays the shortest path to
 * the snapshot and then the event on a real actor, and records where the actor does not end exactly
 * where the model says. Returns which state nodes and (state, event) transitions the walk reached.
 */
export function walkModel({ machine, runs }: MachineModel): Coverage {
  const reachedStates = new Set<string>();
  const reachedTransitions = new Set<string>();
  const mismatches: string[] = [];
  let edges = 0;

  for (const run of runs) {
    const options = { input: run.input, events: run.events } as never;
    const shortest = getShortestPaths(machine, options);
    const pathTo = new Map(shortest.map((path) => [JSON.stringify(view(path.state)), path]));
    const adjacency = getAdjacencyMap(machine, options);

    for (const { state, transitions } of Object.values(adjacency)) {
      for (const node of state._nodes) reachedStates.add(node.id);
      const prefix = pathTo.get(JSON.stringify(view(state)));
      if (!prefix) {
        mismatches.push(`${JSON.stringify(state.value)} has no shortest path in the adjacency map`);
        continue;
      }
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
        for (const step of prefix.steps) {
          if (step.event.type !== 'xstate.init') actor.send(step.event);
        }
        actor.send(event);
        const actual = view(actor.getSnapshot());
        if (!isDeepStrictEqual(actual, view(next))) {
          mismatches.push(
            `${JSON.stringify(state.value)} --${event.type}--> expected ${JSON.stringify(view(next))}, ` +
              `got ${JSON.stringify(actual)}`,
          );
        }
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
    mismatches,
  };
}

/** Every state and transition reached, at least one edge walked, and the actor always where the model said. */
export const isFullCoverage = (coverage: Coverage): boolean =>
  coverage.states.missing.length === 0 &&
  coverage.transitions.missing.length === 0 &&
  coverage.edges > 0 &&
  coverage.mismatches.length === 0;
