import type { Context, Hono, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type * as v from 'valibot';
import type { Access, ParamsOf, RouteSpec } from '../../../contract/route-entry.ts';
import type { Database } from '../../db/client.ts';
import type { MenuVersion } from '../../db/menu-version.ts';
import type { Identity } from '../identity.ts';
import type { Admission } from '../middleware/admission.ts';
import {
  type IdentityEnv,
  requireAdmin,
  requireIdToken,
  requireUser,
  type UserEnv,
} from '../middleware/auth.ts';
import { jsonBody, parseOr400 } from '../middleware/validate.ts';
import type { ApiTokens } from '../tokens.ts';

type Parsed<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

/** A call's input as its entry's schemas read it (a 400 with the first issue's message when they refuse it). */
export interface Input<E extends RouteSpec> {
  params: E['params'] extends v.GenericSchema ? v.InferOutput<E['params']> : ParamsOf<E>;
  query: Parsed<E['query']>;
  /** A JSON body; a gateway's form is the route's own to read (`bodyKind: 'form'`). */
  body: E['bodyKind'] extends 'form' ? undefined : Parsed<E['body']>;
}

/** What the access middleware puts in the context: the account (our API token) or the verified identity. */
type AccessVariables<A extends Access> = A extends 'signedIn' | 'admin'
  ? UserEnv['Variables']
  : A extends 'idToken'
    ? IdentityEnv['Variables']
    : object;

export type RouteEnv<E extends RouteSpec> = {
  Variables: AccessVariables<E['access']> & { input: Input<E> };
};

/** The successful answer: the entry's JSON (sent with its status), or a Response the handler made itself. */
type Answer<E extends RouteSpec> = E['answer'] extends v.GenericSchema
  ? v.InferInput<E['answer']> | Response
  : Response;

export type RouteHandler<E extends RouteSpec> = (
  c: Context<RouteEnv<E>>,
  input: Input<E>,
) => Answer<E> | Promise<Answer<E>>;

/**
 * A route's own middleware, by where it goes: `before` the access check (an address's quota), `guard`
 * after it but before the input is read (an account's quota, which counts refused attempts too), and
 * `after` the input is read (a quota keyed by what the body names).
 */
export interface RouteChain {
  // biome-ignore lint/suspicious/noExplicitAny: each route's middleware reads the context its own way
  before?: MiddlewareHandler<any>[];
  // biome-ignore lint/suspicious/noExplicitAny: as above
  guard?: MiddlewareHandler<any>[];
  // biome-ignore lint/suspicious/noExplicitAny: as above
  after?: MiddlewareHandler<any>[];
}

export type RegisterRoute = <E extends RouteSpec>(
  entry: E,
  handler: RouteHandler<E>,
  chain?: RouteChain,
) => void;

export interface RouteTableDeps {
  db: Database;
  tokens: ApiTokens;
  identity: Pick<Identity, 'verifyIdToken'>;
  /** This process's turns: an entry's `admission` rank takes one before anything else runs. */
  admission: Pick<Admission, 'admit'>;
  /** After an entry that `writesMenu`, this process's menu catches up at once. */
  menuVersion: Pick<MenuVersion, 'catchUp'>;
}

/** Reads the call's input by its entry's schemas, as every route did with parseOr400 and jsonBody. */
function readInput(entry: RouteSpec): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    const params = entry.params ? parseOr400(entry.params, c.req.param()) : c.req.param();
    const query = entry.query ? parseOr400(entry.query, c.req.query()) : undefined;
    const body =
      entry.body && entry.bodyKind !== 'form' ? parseOr400(entry.body, await jsonBody(c.req.raw)) : undefined;
    c.set('input', { params, query, body });
    await next();
  });
}

/**
 * Registers each handler on `app` against its entry in the route table (contract/routes.ts): a turn
 * of the admission when the entry is admitted, the menu's catch-up when it writes the menu, the access
 * the entry names, then its input read by its schemas, then the handler, whose returned answer is sent
 * as JSON with the entry's status. So a route's path, its guard, its checks, its rank under load and
 * its effect on the menu are the table's, never listed again here (docs/decisions/030-one-route-table.md).
 */
export function routeTable(
  app: Hono,
  { db, tokens, identity, admission, menuVersion }: RouteTableDeps,
): RegisterRoute {
  const signedIn = requireUser(db, tokens);
  const ACCESS: Record<Access, MiddlewareHandler[]> = {
    public: [],
    gateway: [],
    scraper: [],
    idToken: [requireIdToken(identity)],
    signedIn: [signedIn],
    admin: [signedIn, requireAdmin],
  };
  // A write of this process that may change the menu (an item edited, stock reserved or given back) is
  // seen by its own next read at once, not only when the database's announcement arrives. Only those:
  // the others would pay a query each for nothing.
  const catchUp: MiddlewareHandler = async (_, next) => {
    await next();
    await menuVersion.catchUp().catch(() => {});
  };
  return (entry, handler, chain = {}) => {
    const answer: MiddlewareHandler = async (c) => {
      const routed = c as unknown as Context<RouteEnv<typeof entry>>;
      const answered = await handler(routed, routed.var.input);
      // biome-ignore lint/suspicious/noExplicitAny: the entry's status is one of Hono's content statuses
      return answered instanceof Response ? answered : c.json(answered, (entry.status ?? 200) as any);
    };
    const handlers: MiddlewareHandler[] = [
      // First: a call refused for overload has done no work.
      ...(entry.admission ? [admission.admit(entry.path, { [entry.method]: entry.admission })] : []),
      ...(entry.writesMenu ? [catchUp] : []),
      ...(chain.before ?? []),
      ...ACCESS[entry.access],
      ...(chain.guard ?? []),
      readInput(entry),
      ...(chain.after ?? []),
      answer,
    ];
    app.on(entry.method, entry.path, ...(handlers as [MiddlewareHandler]));
  };
}
