import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { RouterContext } from '../router-context.ts';

interface GuardArgs {
  context: RouterContext;
  location: ParsedLocation;
}

// Guards wait until the session is settled (role known, or signed out), showing the route's Loading
// screen meanwhile, so a hard reload of a guarded page never bounces to /auth.

const toAuth = (location: ParsedLocation) => redirect({ to: '/auth', search: { redirect: location.href } });

/** /user-dashboard: any signed-in user. */
export async function requireSignedIn({ context, location }: GuardArgs): Promise<void> {
  const visitor = await context.visitor();
  if (!visitor.signedIn) throw toAuth(location);
}

/** Customer pages: a signed-out visitor goes to /auth (and comes back), anyone else to /. */
export async function requireCustomer({ context, location }: GuardArgs): Promise<void> {
  const visitor = await context.visitor();
  if (!visitor.signedIn) throw toAuth(location);
  if (!visitor.customer) throw redirect({ to: '/' });
}

/** Admin pages: a customer goes to /, a signed-out visitor to /auth (and comes back). */
export async function requireAdmin({ context, location }: GuardArgs): Promise<void> {
  const visitor = await context.visitor();
  if (!visitor.signedIn) throw toAuth(location);
  if (!visitor.admin) throw redirect({ to: '/' });
}
