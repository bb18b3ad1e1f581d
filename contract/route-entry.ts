import type * as v from 'valibot';

// What one entry of the API's route table (contract/routes.ts) says: the server registers its handler
// by it, the SPA calls it by it, the OpenAPI document describes it (docs/decisions/030-one-route-table.md).

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `idToken`: the identity provider's ID token (sign-in and sign-up);
 * - `signedIn`: our API token, any account (a customer or staff);
 * - `admin`: our API token, an account of any role but the customer's;
 * - `gateway`: the payment gateway and the browser it sends back, vouched for by the gateway's
 *   signature or verdict, not by who calls;
 * - `scraper`: the shop's metrics scraper, from the API's own host or with METRICS_TOKEN.
 */
export type Access = 'public' | 'idToken' | 'signedIn' | 'admin' | 'gateway' | 'scraper';

/** Which admitted call goes first under load (server/api/middleware/admission.ts): paying, then checkout. */
export type Priority = 'paying' | 'checkout' | 'shopping';

/**
 * What a successful answer is: JSON (`answer` its schema), a Server-Sent Events stream (`answer` each
 * event's data), an HTML page, a 303 redirect, plain text, or a static file.
 */
export type AnswerKind = 'json' | 'events' | 'html' | 'redirect' | 'text' | 'file';

type ObjectSchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;

export interface RouteSpec {
  method: Method;
  /** Hono's form: `/item-detail/:id`. */
  path: string;
  /** One line for the reference page. */
  summary: string;
  /** The rule the route keeps, for integrators (the reference page shows it under the summary). */
  description?: string;
  /** The area it belongs to (a section of the reference page). */
  tag: string;
  access: Access;
  /** The path's parameters; without it each is any text the route itself checks. */
  params?: ObjectSchema;
  /** The query string's parameters, each by its first value (`uid` is implied: see `namesCaller`). */
  query?: ObjectSchema;
  /** A JSON body's schema; for `form`, the fields a gateway posts (read by the route itself). */
  body?: v.GenericSchema;
  /** `form`: the body is a gateway's form (or JSON) the route reads itself; default `json`. */
  bodyKind?: 'json' | 'form';
  /** The successful answer's JSON (or, for `events`, each event's data). */
  answer?: v.GenericSchema;
  /** Default `json`. */
  kind?: AnswerKind;
  /** The successful status, default 200 (a redirect's 303; a creation's 201). */
  status?: number;
  /** A JSON array read a page at a time: the next page's address in a `Link` header. */
  paged?: true;
  /** May change the menu (stock reserved or given back, an item edited): the menu version catches up after it. */
  writesMenu?: true;
  /** Expensive: admitted a bounded number at a time, with this rank (docs/decisions/028-shedding-overload.md). */
  admission?: Priority;
}

/** Keeps an entry's literal types (its path, its schemas) for the types derived from it. */
export const route = <const S extends RouteSpec>(spec: S): S => spec;

/** 'GET /item-detail/:id': how tests, metrics and the security matrix name a route. */
export const routeKey = (entry: Pick<RouteSpec, 'method' | 'path'>): string =>
  `${entry.method} ${entry.path}`;

/** Signed-in calls name the caller in `?uid=` (spec section 6); the server checks it against the token. */
export const namesCaller = (entry: Pick<RouteSpec, 'access'>): boolean =>
  entry.access === 'signedIn' || entry.access === 'admin';

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path's parameters as the caller gives them. */
export type ParamsOf<E extends RouteSpec> = E['params'] extends ObjectSchema
  ? v.InferInput<E['params']>
  : { [K in ParamNames<E['path']>]: string };

/** The query string as the caller gives it: each value as text or a number; undefined ones are left out. */
export type QueryOf<E extends RouteSpec> = {
  [K in
    | (E['query'] extends ObjectSchema ? keyof v.InferInput<E['query']> : never)
    | (E['access'] extends 'signedIn' | 'admin' ? 'uid' : never)]?: string | number | null | undefined;
};

/** The body as the caller sends it (fields the schema does not name are accepted and dropped). */
export type BodyOf<E extends RouteSpec> = E['body'] extends v.GenericSchema
  ? v.InferInput<E['body']> & Record<string, unknown>
  : never;

/** The successful answer, as its schema reads it. */
export type AnswerOf<E extends RouteSpec> = E['answer'] extends v.GenericSchema
  ? v.InferOutput<E['answer']>
  : never;

/** The address of a call after the API's own: `/item-detail/3f1b…`, each parameter escaped. */
export function pathOf<E extends RouteSpec>(entry: E, params?: ParamsOf<E>): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return entry.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${routeKey(entry)} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
}
