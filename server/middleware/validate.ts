import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';

/** Parses untrusted input; the first issue's message becomes a 400 the UI can show. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.');
  // Valibot's own messages ("Invalid type: …") do not name the field; ours do.
  const message =
    /^Invalid (type|key)/.test(issue.message) && path ? `${path}: ${issue.message}` : issue.message;
  throw new HTTPException(400, { message });
}

/** Reads a JSON body, answering 400 when it is not JSON. */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new HTTPException(400, { message: 'The request body must be JSON' });
  }
}
