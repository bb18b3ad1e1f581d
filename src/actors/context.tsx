// How components and routes reach the app's actors: through React context, from the registry the app
// was given (src/actors/registry.ts), never from a module's own instance. This module is in the
// first page's JavaScript: it imports React only, the registry's code arriving in a chunk of its own.
import { createContext, type ReactNode, useContext, useState } from 'react';
import type { Actors } from './registry.ts';

/**
 * What a page runs (machines and actor logic, with their effects), made once per registry: from the
 * registry's session and cart (`fromActors`), or from nothing (`standalone`: the menu, a booking), so
 * that a public page need not wait for the registry's chunk to render.
 */
export type Logic<T> =
  | { readonly needsActors: true; readonly make: (actors: Actors) => T }
  | { readonly needsActors: false; readonly make: () => T };

export const fromActors = <T,>(make: (actors: Actors) => T): Logic<T> => ({ needsActors: true, make });
export const standalone = <T,>(make: () => T): Logic<T> => ({ needsActors: false, make });

/** Parts of an area's logic given in place of its own (the UI tests' stand-ins). */
export interface GivenLogic {
  readonly logic: Logic<object>;
  readonly parts: object;
}
export const giveLogic = <T extends object>(logic: Logic<T>, parts: Partial<T>): GivenLogic => ({
  logic: logic as Logic<object>,
  parts,
});

interface Scope {
  /**
   * The registry: given at once (the server's, the tests'), never waited for; or on its way (the
   * browser's), saying once settled what it holds.
   */
  registry: Actors | Promise<Actors>;
  givenLogic: ReadonlyMap<Logic<object>, object>;
  made: Map<Logic<object>, object>;
}

/**
 * What became of the registry on its way (no status while it is still coming): set as soon as it
 * arrives, so that a component rendered after that reads it without suspending.
 */
type Settling<T> = Promise<T> & {
  status?: 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

// One settling promise per registry promise, kept outside React: a render that suspends before the
// provider has ever committed is thrown away with its state, and the one React tries next must find the
// promise it waited for (settled by then), not make a new one to wait for again.
const settlings = new WeakMap<Promise<Actors>, Settling<Actors>>();

function settling(actors: Promise<Actors>): Promise<Actors> {
  const known = settlings.get(actors);
  if (known) return known;
  const ready: Settling<Actors> = actors.then((resolved) => resolved);
  ready.then(
    (value) => Object.assign(ready, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(ready, { status: 'rejected', reason }),
  );
  settlings.set(actors, ready);
  return ready;
}

const ActorsContext = createContext<Scope | null>(null);

/**
 * Gives the tree its registry: the browser's arrives with its chunk (a promise, which what needs it
 * waits for in a Suspense boundary), the server render's and the tests' are there at once.
 */
export function ActorsProvider({
  actors,
  given = [],
  children,
}: {
  actors: Actors | Promise<Actors>;
  given?: readonly GivenLogic[];
  children: ReactNode;
}) {
  const [scope] = useState(
    (): Scope => ({
      registry: actors instanceof Promise ? settling(actors) : actors,
      givenLogic: new Map(given.map(({ logic, parts }) => [logic, parts])),
      made: new Map(),
    }),
  );
  return <ActorsContext.Provider value={scope}>{children}</ActorsContext.Provider>;
}

function useScope(): Scope {
  const scope = useContext(ActorsContext);
  if (!scope) throw new Error('No registry of actors here: render inside <ActorsProvider> (src/app.tsx)');
  return scope;
}

/**
 * The registry, or a wait for it: the promise thrown to the nearest Suspense boundary, which renders
 * again once it settles (its status is set first: `settling` subscribed before any render could throw).
 */
function registryOf({ registry }: Scope): Actors {
  if (!(registry instanceof Promise)) return registry;
  const settled: Settling<Actors> = registry;
  if (settled.status === 'fulfilled') return settled.value!;
  if (settled.status === 'rejected') throw settled.reason;
  throw registry;
}

/** The registry's session and cart; suspends until the registry is there. */
export function useActors(): Actors {
  return registryOf(useScope());
}

/** This registry's instance of `logic` (made on first use, then shared by every component). */
export function useLogic<T extends object>(logic: Logic<T>): T {
  const scope = useScope();
  const actors = logic.needsActors ? registryOf(scope) : undefined;
  const key = logic as Logic<object>;
  let made = scope.made.get(key);
  if (!made) {
    made = { ...(logic.needsActors ? logic.make(actors!) : logic.make()), ...scope.givenLogic.get(key) };
    scope.made.set(key, made);
  }
  return made as T;
}
