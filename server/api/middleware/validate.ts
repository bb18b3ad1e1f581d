import * as v from 'valibot';
import { InvalidInput } from '../domain-errors.ts';

/** Parses untrusted input; the first issue's message becomes a 400 the UI can show. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.');
  // Valibot's own messages ("Invalid type: …") do not name the field; ours do.
  const message =
    /^Invalid (type|key)/.test(issue.message) && path ? `${path}: ${issue.message}` : issue.message;
  throw new InvalidInput(message);
}

/** PostgreSQL text can not hold NUL ('\u0000'): refused here, it never reaches a query as a 500. */
function refuseNul(key: string, value: unknown): unknown {
  if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) {
    const message = 'Text can not contain a NUL character';
    throw new InvalidInput(key ? `${key}: ${message}` : message);
  }
  return value;
}

/** Reads a JSON body, answering 400 when it is not JSON or holds a NUL character. */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text(), refuseNul);
  } catch (error) {
    if (error instanceof InvalidInput) throw error;
    throw new InvalidInput('The request body must be JSON');
  }
}

/**
 * PostgreSQL text can not hold NUL: a URL carrying one (in a path id or a query) is refused before any
 * route reads it (JSON bodies: jsonBody).
 */
export function refuseNulInUrl(url: string): void {
  if (url.includes('%00')) throw new InvalidInput('The address can not contain a NUL character');
}
