// Loaded through lazy.ts: importing this module starts the app's long-lived actors.
import { waitFor } from 'xstate';
import { isAdmin, isCustomer, isSessionSettled } from '../../machines/session.machine.ts';
import { handleUnauthorized } from '../api/http.ts';
import type { SessionDrivenRouter, Visitor } from '../router-context.ts';
import { cart, startCart } from './cart.ts';
import { session, startSession } from './session.ts';

startSession();
startCart();

export { cart, session };

/** The visitor once the session has settled (role known, or signed out), however long that takes. */
export async function settledVisitor(): Promise<Visitor> {
  const snapshot = await waitFor(session, isSessionSettled, { timeout: Number.POSITIVE_INFINITY });
  return { signedIn: snapshot.matches('signedIn'), customer: isCustomer(snapshot), admin: isAdmin(snapshot) };
}

/** Ties the session to the router: forced sign-outs go to /auth, and guards rerun when the visitor changes. */
export function connectRouter(router: SessionDrivenRouter): void {
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
}
