import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isAdmin, isCustomer, isSessionSettled } from '../../machines/session.machine.ts';
import type { SessionActor } from '../actors/session.ts';

interface GuardArgs {
  context: { session: SessionActor };
  location: ParsedLocation;
}

// Guards wait until the session is settled (role known, or signed out), showing the route's Loading
// screen meanwhile, so a hard reload of a guarded page never bounces to /auth.
const settled = (session: SessionActor) =>
  waitFor(session, isSessionSettled, { timeout: Number.POSITIVE_INFINITY });

const toAuth = (location: ParsedLocation) => redirect({ to: '/auth', search: { redirect: location.href } });

/** /user-dashboard: any signed-in user. */
export async function requireSignedIn({ context, location }: GuardArgs): Promise<void> {
  const snapshot = await settled(context.session);
  if (!snapshot.matches('signedIn')) throw toAuth(location);
}

/** Customer pages: a signed-out visitor goes to /auth (and comes back), anyone else to /. */
export async function requireCustomer({ context, location }: GuardArgs): Promise<void> {
  const snapshot = await settled(context.session);
  if (!snapshot.matches('signedIn')) throw toAuth(location);
  if (!isCustomer(snapshot)) throw redirect({ to: '/' });
}

/** Admin pages: a customer goes to /, a signed-out visitor to /auth (and comes back). */
export async function requireAdmin({ context, location }: GuardArgs): Promise<void> {
  const snapshot = await settled(context.session);
  if (!snapshot.matches('signedIn')) throw toAuth(location);
  if (!isAdmin(snapshot)) throw redirect({ to: '/' });
}
