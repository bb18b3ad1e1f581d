// The app's long-lived actors, created in one place and handed to React (src/actors/context.tsx) and to
// the router (its context's `visitor`): boot.tsx makes the browser tab's registry once its chunk has
// arrived, the site server one per render (src/render-page.tsx). Nothing here runs on import.
import { createActor, waitFor } from 'xstate';
import { isAdmin, isCustomer, isSessionSettled } from '../../machines/session.machine.ts';
import { handleUnauthorized } from '../api/http.ts';
import type { SessionDrivenRouter, Visitor } from '../router-context.ts';
import { type CartActor, liveCartMachine, startCart } from './cart.ts';
import { inspect } from './inspector.ts';
import { liveSessionMachine, type SessionActor, startSession } from './session.ts';

export interface Actors {
  /** Who is signed in: guards, the navbar and the other actors read it. */
  readonly session: SessionActor;
  /** The customer's cart, shared by the navbar, item pages, My cart and checkout. */
  readonly cart: CartActor;
  /** The signed-in user's uid, which every call of theirs names; a call made signed out fails with why. */
  signedInUid(): string;
  /** Runs the session (restoring a sign-in) and the cart that follows it: the browser's registry only. */
  start(): void;
  /** The visitor once the session has settled (role known, or signed out), however long that takes. */
  settledVisitor(): Promise<Visitor>;
  /** Ties the session to the router: forced sign-outs go to /auth, and guards rerun when the visitor changes. */
  connectRouter(router: SessionDrivenRouter): void;
}

/**
 * A registry of the app's actors, not yet started. `given` stands in for the live session or cart
 * (the UI tests' stand-ins); whatever is not given is created here, talking to the API and the
 * identity provider.
 */
export function createActors(given: { session?: SessionActor; cart?: CartActor } = {}): Actors {
  const session = given.session ?? createActor(liveSessionMachine, { inspect });
  const signedInUid = () => {
    const uid = session.getSnapshot().context.user?.uid;
    if (!uid) throw new Error('You are not signed in');
    return uid;
  };
  const cart = given.cart ?? createActor(liveCartMachine(signedInUid), { inspect });

  return {
    session,
    cart,
    signedInUid,
    start() {
      startSession(session);
      startCart(cart, session);
    },
    async settledVisitor() {
      const snapshot = await waitFor(session, isSessionSettled, { timeout: Number.POSITIVE_INFINITY });
      return {
        signedIn: snapshot.matches('signedIn'),
        customer: isCustomer(snapshot),
        admin: isAdmin(snapshot),
      };
    },
    connectRouter(router) {
      // Our server said "who are you?" or "you may not": sign out and go to /auth, remembering the page.
      handleUnauthorized(() => {
        session.send({ type: 'session.signOut' });
        const here = router.state.location;
        if (here.pathname !== '/auth') void router.navigate({ to: '/auth', search: { redirect: here.href } });
      });

      // Guards run again whenever the session settles differently (signed in, signed out, another role);
      // the first settling needs no rerun, as the guards wait for it.
      let settledAs: string | undefined;
      session.subscribe((snapshot) => {
        if (!isSessionSettled(snapshot)) return;
        const now = `${snapshot.context.user?.uid ?? ''}:${snapshot.context.role ?? ''}`;
        if (settledAs !== undefined && now !== settledAs) void router.invalidate();
        settledAs = now;
      });
    },
  };
}
