import type { AnyStateMachine } from 'xstate';

/**
 * What stands in a machine's config for a function: a higher-order guard by its shape (`not(isPaid)`),
 * XState's built-in actions by their type (`xstate.assign`), anything else by its name. The visualizer
 * shows effects by name only, so a name is all it needs.
 */
function effectName(value: { name: string; type?: unknown; guards?: unknown }): string {
  if (Array.isArray(value.guards)) {
    const inner = value.guards.map((guard) =>
      typeof guard === 'function' ? effectName(guard) : typeof guard === 'string' ? guard : guard.type,
    );
    return `${value.name}(${inner.join(', ')})`;
  }
  if (typeof value.type === 'string') return value.type;
  return value.name || 'inline';
}

/**
 * The machine's definition as plain JSON, as the Stately editor imports it (`createMachine(<this>)`):
 * the config the machine was made from, after factories and computed states have run, with every
 * function given by its name. A context made by a function (from the actor's input) is left out.
 */
export function machineConfig(machine: AnyStateMachine): unknown {
  const { context, ...config } = machine.config;
  const plain = typeof context === 'function' ? config : { ...config, context };
  return JSON.parse(
    JSON.stringify(plain, (_, value: unknown) => (typeof value === 'function' ? effectName(value) : value)),
  );
}
