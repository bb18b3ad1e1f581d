import type { Options, ResponsePromise } from 'ky';
import * as v from 'valibot';
import {
  type AnswerOf,
  type BodyOf,
  type ParamsOf,
  pathOf,
  type QueryOf,
  type RouteSpec,
} from '../../contract/route-entry.ts';
import { apiClient, directClient } from './http.ts';

// The SPA's one way to call the API: by the route's entry in the table (contract/routes.ts), so no API
// path is written in src/ (docs/decisions/030-one-route-table.md).

/** What a call sends, as its entry names it: the path's parameters, the query, the JSON body. */
export type CallInput<E extends RouteSpec> = (keyof ParamsOf<E> extends never
  ? { params?: undefined }
  : { params: ParamsOf<E> }) & { query?: QueryOf<E> } & (E['body'] extends v.GenericSchema
    ? { body: BodyOf<E> }
    : { body?: undefined });

/** What a caller may add: its own Authorization (an ID token), an abort signal, its retries, the cache. */
export type CallOptions = Pick<Options, 'headers' | 'signal' | 'retry' | 'cache'>;

/**
 * Calls with our API token go through the shared client (its token and sign-out hooks); public calls
 * and those that carry the provider's ID token through the direct one.
 */
const clientFor = (entry: RouteSpec) =>
  entry.access === 'signedIn' || entry.access === 'admin' ? apiClient : directClient;

/** The query's values as text; undefined and null ones are left out, so the server applies its defaults. */
function searchParamsOf(query: Record<string, unknown> | undefined): Record<string, string> | undefined {
  const entries = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => [name, String(value)]);
  // No query at all rather than an empty one: a GET's address is its page-data key (http.ts).
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/** Sends a call of the route table; the answer as it came (a list reads its Link header). */
export function send<E extends RouteSpec>(
  entry: E,
  input: CallInput<E>,
  options: CallOptions = {},
): ResponsePromise {
  const searchParams = searchParamsOf(input.query);
  // ky takes the address after its prefix without a leading slash.
  return clientFor(entry)(pathOf(entry, input.params).slice(1), {
    method: entry.method,
    ...options,
    ...(searchParams ? { searchParams } : {}),
    ...(input.body === undefined ? {} : { json: input.body }),
  });
}

/** Calls a route of the table and answers what it answered, checked against the entry's answer schema. */
export async function call<E extends RouteSpec & { answer: v.GenericSchema }>(
  entry: E,
  input: CallInput<E>,
  options?: CallOptions,
): Promise<AnswerOf<E>> {
  return v.parse(entry.answer, await send(entry, input, options).json()) as AnswerOf<E>;
}
