// The UI tests' registry of actors, given to components through the provider the app gives them
// (src/actors/context.tsx): a page under test reads the session, cart and logic the test chose.
import type { ReactNode } from 'react';
import type { CartActor } from '../../../src/actors/cart.ts';
import { ActorsProvider, type GivenLogic } from '../../../src/actors/context.tsx';
import { type Actors, createActors } from '../../../src/actors/registry.ts';
import type { SessionActor } from '../../../src/actors/session.ts';
import type { RouterContext } from '../../../src/router-context.ts';

/**
 * A registry with the test's session and cart: a real actor, or a stand-in as the selectors read it
 * (`sessionOf` in fixtures.ts); whichever is not given is the app's own, never started.
 */
export function testActors({ session, cart }: { session?: unknown; cart?: unknown } = {}): Actors {
  return createActors({ session: session as SessionActor | undefined, cart: cart as CartActor | undefined });
}

/** `page` inside the provider, with `actors` and the logic the test gives in place of the app's. */
export function withActors(Page: () => ReactNode, actors: Actors = testActors(), given: GivenLogic[] = []) {
  return function WithActors() {
    return (
      <ActorsProvider actors={actors} given={given}>
        <Page />
      </ActorsProvider>
    );
  };
}

/** The router context of a visitor nobody has signed in as (the guards send them to /auth). */
export const guestContext: RouterContext = {
  visitor: async () => ({ signedIn: false, customer: false, admin: false }),
};
