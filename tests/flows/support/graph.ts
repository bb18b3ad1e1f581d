import { type AdjacencyValue, getAdjacencyMap, getShortestPaths, getStateNodes } from '@xstate/graph';
import {
  type ActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createEmptyActor,
  type EventObject,
  fromCallback,
} from 'xstate';

/**
 * What a flow explores: the machine itself, and beside it what the server holds (`server`), because an
 * effect's answer (the cart the server lists, whether a save changed anything) depends on what earlier
 * steps did there, and the browser replays each path against the real server.
 */
export interface FlowModel<S> {
  machine: AnyStateMachine;
  input?: unknown;
  /**
   * Other inputs to start paths from as well (a machine whose input decides what it can reach: a
   * pickup's end, a sound left on): paths are planned over all the starts together.
   */
  otherInputs?: readonly unknown[];
  /** What the server holds when a path starts. */
  server: S;
  /** The events the UI (or a server-side step) can make happen now, answers of effects included. */
  events: (snapshot: AnyMachineSnapshot, server: S) => readonly EventObject[];
  /** What an event leaves on the server (a save stored, a line added); unchanged when left out. */
  serverAfter?: (server: S, event: EventObject, snapshot: AnyMachineSnapshot) => S;
  /**
   * An effect the page answers by itself at once, without a call (an answer it has cached): applied in
   * the same step, so no screen is expected to show the state it passes through.
   */
  answeredAtOnce?: (snapshot: AnyMachineSnapshot, server: S) => EventObject | undefined;
}

export interface WorldSnapshot<S> {
  machine: AnyMachineSnapshot;
  server: S;
}

export interface PlannedStep<S> {
  event: EventObject;
  /** Where the step starts and where the machine says it ends. */
  from: WorldSnapshot<S>;
  to: WorldSnapshot<S>;
  /** The machine's transitions the event takes (ids from transitionId), and any answered at once. */
  transitions: string[];
}

export interface PlannedPath<S> {
  start: WorldSnapshot<S>;
  steps: PlannedStep<S>[];
}

/**
 * The flows run the machine as it is, only its effects replaced by actors that never start answering:
 * the planner sends their done and error events itself, as the browser's server-side steps make them.
 */
export function withSilentEffects(machine: AnyStateMachine): AnyStateMachine {
  const silent = fromCallback(() => {});
  const names = Object.keys(machine.implementations.actors);
  return machine.provide({ actors: Object.fromEntries(names.map((name) => [name, silent])) });
}

const describeGuard = (guard: AnyTransitionDefinition['guard']): string => {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  const { type, params } = guard as { type: string; params?: unknown };
  return params && typeof params !== 'function' ? `${type} ${JSON.stringify(params)}` : type;
};

/**
 * A transition of the definition: one candidate of one event on one state node, so each guarded branch
 * (the order table's rows, a valid or an invalid form) counts on its own. Eventless (`always`) ones are
 * the machine's own bookkeeping, never a user's, and are not counted.
 */
export function transitionId(definition: AnyTransitionDefinition): string {
  const candidates = definition.source.transitions.get(definition.eventType) ?? [];
  const target = definition.target?.map((node: AnyStateNode) => node.id).join(',') ?? '(stays)';
  const guard = describeGuard(definition.guard);
  const branch = guard ? ` if ${guard}` : candidates.length > 1 ? ' otherwise' : '';
  return `${definition.source.id} --${definition.eventType}--> ${target}${branch}`;
}

export function allTransitions(machine: AnyStateMachine): string[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) =>
    [...node.transitions.values()].flat().map(transitionId),
  );
}

/** State nodes a snapshot can rest in: transient ones (only `always`) are passed through. */
export function allStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => !(node.always?.length && node.transitions.size === 0))
    .map((node) => node.id);
}

/** The state nodes a snapshot is in, the root left out. */
export const activeStates = (snapshot: AnyMachineSnapshot): string[] =>
  snapshot._nodes.filter((node) => node.parent !== undefined).map((node) => node.id);

const taken = (snapshot: AnyMachineSnapshot, event: EventObject): string[] =>
  snapshot.machine.getTransitionData(snapshot, event).map(transitionId);

/** One step: the event, then whatever the page answers at once. */
function advance<S>(
  model: FlowModel<S>,
  from: WorldSnapshot<S>,
  event: EventObject,
  scope: ActorScope<never, never>,
) {
  const transitions: string[] = [];
  let world = from;
  for (
    let next: EventObject | undefined = event;
    next;
    next = model.answeredAtOnce?.(world.machine, world.server)
  ) {
    transitions.push(...taken(world.machine, next));
    world = {
      machine: model.machine.transition(world.machine, next, scope as never),
      server: model.serverAfter ? model.serverAfter(world.server, next, world.machine) : world.server,
    };
  }
  return { to: world, transitions };
}

function worldLogic<S>(model: FlowModel<S>, input: unknown = model.input) {
  return {
    getInitialSnapshot: (scope: ActorScope<never, never>): WorldSnapshot<S> => ({
      machine: model.machine.getInitialSnapshot(scope as never, input),
      server: model.server,
    }),
    transition: (world: WorldSnapshot<S>, event: EventObject, scope: ActorScope<never, never>) =>
      advance(model, world, event, scope).to,
  };
}

const serialize = (world: WorldSnapshot<unknown>): string =>
  JSON.stringify({ value: world.machine.value, context: world.machine.context, server: world.server });

/**
 * Paths that together take every transition the model can reach and pass every state: for each edge
 * the shortest path to its start and the edge, then greedily the path that adds the most not yet
 * covered, shortest first on a tie. Every simple path would be far too many to replay in a browser.
 */
export function planPaths<S>(model: FlowModel<S>): PlannedPath<S>[] {
  const scope = silentScope();
  const takenBy = (from: WorldSnapshot<S>, event: EventObject) =>
    advance(model, from, event, scope).transitions;
  const stateItems = (world: WorldSnapshot<S>) => activeStates(world.machine).map((id) => `state ${id}`);
  const candidates: Array<{ input: unknown; events: EventObject[]; items: Set<string> }> = [];
  for (const input of [model.input, ...(model.otherInputs ?? [])]) {
    // One at a time: a large model has more edges than a call may take arguments.
    for (const candidate of candidatesFrom(model, input, takenBy, stateItems)) candidates.push(candidate);
  }

  const uncovered = new Set(candidates.flatMap((candidate) => [...candidate.items]));
  const chosen: Array<{ input: unknown; events: EventObject[] }> = [];
  while (uncovered.size > 0) {
    let best = candidates[0]!;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = [...candidate.items].filter((item) => uncovered.has(item)).length;
      if (gain > bestGain || (gain === bestGain && candidate.events.length < best.events.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    chosen.push(best);
    for (const item of best.items) uncovered.delete(item);
  }

  // Replayed from the start, so each step's snapshots follow from the one before (the effects a step
  // starts are told by the machine's children, which must be the same objects when nothing restarted).
  return chosen.map(({ input, events }) => {
    const start = worldLogic(model, input).getInitialSnapshot(scope);
    let from = start;
    const steps = events.map((event) => {
      const { to, transitions } = advance(model, from, event, scope);
      const step = { event, from, to, transitions };
      from = to;
      return step;
    });
    return { start, steps };
  });
}

/**
 * Every path worth taking from the start `input` gives: for each edge the model can reach, the shortest
 * path to its start and the edge, with what the path passes (states and transitions).
 */
function candidatesFrom<S>(
  model: FlowModel<S>,
  input: unknown,
  takenBy: (from: WorldSnapshot<S>, event: EventObject) => string[],
  stateItems: (world: WorldSnapshot<S>) => string[],
): Array<{ input: unknown; events: EventObject[]; items: Set<string> }> {
  const logic = worldLogic(model, input) as never;
  const options = {
    events: (world: WorldSnapshot<S>) => model.events(world.machine, world.server),
    serializeState: serialize as never,
  };
  const adjacency = getAdjacencyMap(logic, options as never) as unknown as Record<
    string,
    AdjacencyValue<WorldSnapshot<S>, EventObject>
  >;
  const paths = getShortestPaths(logic, options as never) as unknown as Array<{
    state: WorldSnapshot<S>;
    steps: Array<{ state: WorldSnapshot<S>; event: EventObject }>;
  }>;
  const shortest = new Map(paths.map((path) => [serialize(path.state), path]));
  const candidates: Array<{ input: unknown; events: EventObject[]; items: Set<string> }> = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const prefix = shortest.get(serialize(state))!;
    // getShortestPaths' steps pair each state with the event that led into it, from 'xstate.init'.
    const events = prefix.steps.slice(1).map((step) => step.event);
    const reached = prefix.steps.flatMap((step, n) => [
      ...(n === 0 ? [] : takenBy(prefix.steps[n - 1]!.state, step.event)),
      ...stateItems(step.state),
    ]);
    for (const { event, state: to } of Object.values(transitions)) {
      const edge = takenBy(state, event);
      if (edge.length === 0) continue;
      candidates.push({
        input,
        events: [...events, event],
        items: new Set([...reached, ...edge, ...stateItems(to)]),
      });
    }
  }
  return candidates;
}

/** What @xstate/graph gives a machine to step it without running it: effects are never started. */
function silentScope(): ActorScope<never, never> {
  const self = createEmptyActor();
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'flows',
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as ActorScope<never, never>;
}

/** 'fetchCart done', 'saveItem fails', or the event's type. */
export function eventLabel(event: EventObject): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (error) return `${error[1]} fails`;
  return event.type;
}

/** A state value as one line: 'awaiting_payment.deleting'. */
export function stateLabel(snapshot: AnyMachineSnapshot): string {
  const flat = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([key, child]) => `${key}.${flat(child)}`)
          .join(',');
  return flat(snapshot.value);
}
