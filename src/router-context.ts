/**
 * What the router and the session's actors say to each other, in a module of its own: the router
 * (router.tsx), its guards (routes/guards.ts) and the actors (actors/registry.ts) all import it, and it
 * imports none of them, so none of them imports another only for a type.
 */

/** What the guards need to know about the visitor. */
export interface Visitor {
  signedIn: boolean;
  customer: boolean;
  admin: boolean;
}

export interface RouterContext {
  /** Who is visiting, once the session has settled: what the guards decide on. */
  visitor: () => Promise<Visitor>;
}

/** The little of the app's router the session drives: where it is, going to /auth, rerunning guards. */
export interface SessionDrivenRouter {
  state: { location: { pathname: string; href: string } };
  navigate(options: { to: '/auth'; search: { redirect: string } }): Promise<void>;
  invalidate(): Promise<void>;
}
