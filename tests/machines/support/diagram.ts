import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** One transition of the machine definition, as drawn and as listed. */
export interface DrawnTransition {
  /** The state that handles the event; the machine's root for 'from any state'. */
  source: AnyStateNode;
  /** The event as XState names it (empty for an eventless `always` transition). */
  eventType: string;
  /** What a reader sees: the event, `fetchCart.onDone`, `after renewToken`, `always`. */
  label: string;
  guard: string | null;
  /** Empty for a targetless transition (it only runs actions, e.g. an assign). */
  targets: readonly AnyStateNode[];
}

type GuardConfig = string | { type: string } | ((...args: never[]) => unknown) | undefined;

/** A guard's name: 'isPaid', or not(isPaid) / and(a, b) for XState's higher-order guards. */
function guardName(guard: GuardConfig): string | null {
  if (guard === undefined) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: GuardConfig[] }).guards;
    return inner ? `${guard.name}(${inner.map(guardName).join(', ')})` : guard.name || 'inline guard';
  }
  return guard.type;
}

function eventLabel(node: AnyStateNode, eventType: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[2]}.${actor[1] === 'done' ? 'onDone' : 'onError'}`;
  if (eventType.startsWith('xstate.done.state.')) return 'onDone';
  const delayed = node.after.find((after) => after.eventType === eventType);
  if (delayed) return `after ${typeof delayed.delay === 'number' ? `${delayed.delay} ms` : delayed.delay}`;
  return eventType;
}

/** Every state node of the machine below its root, in definition order. */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const below = (node: AnyStateNode): AnyStateNode[] =>
    Object.values(node.states).flatMap((child) => [child, ...below(child)]);
  return below(machine.root);
}

/** Every transition of the definition, root ('from any state') first, then state by state. */
export function machineTransitions(machine: AnyStateMachine): DrawnTransition[] {
  return [machine.root, ...stateNodes(machine)].flatMap((node) => [
    ...[...node.transitions.entries()].flatMap(([eventType, transitions]) =>
      transitions.map((transition) => ({
        source: node,
        eventType,
        label: eventLabel(node, eventType),
        guard: guardName(transition.guard as GuardConfig),
        targets: transition.target ?? [],
      })),
    ),
    ...(node.always ?? []).map((transition) => ({
      source: node,
      eventType: '',
      label: 'always',
      guard: guardName(transition.guard as GuardConfig),
      targets: transition.target ?? [],
    })),
  ]);
}

/** A state's name as the machine file spells it: 'authorizing.requestingToken'. */
export const statePath = (node: AnyStateNode): string => node.path.join('.');

// Mermaid ids are global to a diagram, so nested states take their whole path.
const diagramId = (node: AnyStateNode): string => node.path.join('_');

/** The closest state containing both (the root when none does), where Mermaid wants the edge written. */
function commonParent(a: AnyStateNode, b: AnyStateNode): AnyStateNode | undefined {
  const ancestors = new Set<AnyStateNode>();
  for (let node = a.parent; node; node = node.parent) ancestors.add(node);
  for (let node = b.parent; node; node = node.parent) if (ancestors.has(node)) return node;
  return undefined;
}

/**
 * The machine as a Mermaid stateDiagram-v2: nested states as composite states, final states ending in
 * [*], each transition labelled with its event and [guard]; invoked actors show as `id.onDone` and
 * `id.onError`. Transitions of the root (handled in any state) are left to the caller to list.
 */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const transitions = machineTransitions(machine).filter((t) => t.source !== machine.root);
  // Transitions between the same two states share one arrow, a label line each (Mermaid draws only one
  // of several loops on a composite state).
  const edgesIn = new Map<AnyStateNode, Map<string, string[]>>();
  for (const transition of transitions) {
    const label = transition.guard ? `${transition.label} [${transition.guard}]` : transition.label;
    // A targetless transition stays in its state: drawn as a loop.
    for (const target of transition.targets.length ? transition.targets : [transition.source]) {
      const block = commonParent(transition.source, target) ?? machine.root;
      const edges = edgesIn.get(block) ?? new Map<string, string[]>();
      const arrow = `${diagramId(transition.source)} --> ${diagramId(target)}`;
      edges.set(arrow, [...(edges.get(arrow) ?? []), label]);
      edgesIn.set(block, edges);
    }
  }

  const block = (node: AnyStateNode, indent: string): string[] => {
    if (node.type === 'history') {
      throw new Error(`${node.id}: ${node.type} states are not drawn yet; teach mermaidDiagram them`);
    }
    const lines: string[] = [];
    // A parallel state's regions are all active at once: each is drawn with its own start, none is one.
    for (const initial of node.type === 'parallel' ? [] : (node.initial?.target ?? []))
      lines.push(`${indent}[*] --> ${diagramId(initial)}`);
    for (const child of Object.values(node.states)) {
      const declaration = `${indent}state "${child.key}" as ${diagramId(child)}`;
      if (Object.keys(child.states).length > 0) {
        lines.push(`${declaration} {`, ...block(child, `${indent}  `), `${indent}}`);
      } else {
        lines.push(declaration);
      }
      if (child.type === 'final') lines.push(`${indent}${diagramId(child)} --> [*]`);
    }
    for (const [arrow, labels] of edgesIn.get(node) ?? [])
      lines.push(`${indent}${arrow} : ${labels.join('<br/>')}`);
    return lines;
  };

  return ['stateDiagram-v2', ...block(machine.root, '  ')].join('\n');
}
