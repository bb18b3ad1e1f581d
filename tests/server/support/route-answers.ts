import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as v from 'valibot';
import { ErrorBodySchema } from '../../../contract/http.ts';
import { routeKey } from '../../../contract/route-entry.ts';
import { type ApiRoute, ROUTE_LIST } from '../../../contract/routes.ts';

const MATCHERS = ROUTE_LIST.map((entry) => ({
  entry,
  pattern: new RegExp(`^${entry.path.replace(/:\w+/g, '[^/]+')}$`),
}));

/** The table's entry a call to `path` (a path with its query, or a whole URL) by `method` is answered by. */
export function routeOf(method: string, path: string): ApiRoute | undefined {
  const { pathname } = new URL(path, 'http://api.invalid');
  const asked = method === 'HEAD' ? 'GET' : method;
  return MATCHERS.find(({ entry, pattern }) => entry.method === asked && pattern.test(pathname))?.entry;
}

/**
 * Throws when a JSON answer is not what the route table says: a success its entry's answer schema
 * refuses, or a refusal that is not `{ message }`. Every request of the server tests' app passes
 * through it (support/test-app.ts), so each answer any test provokes is checked.
 */
export async function checkAnswer(method: string, path: string, response: Response): Promise<void> {
  if (method === 'HEAD' || method === 'OPTIONS' || response.status === 304) return;
  if (!/^application\/json/i.test(response.headers.get('Content-Type') ?? '')) return;
  const entry = routeOf(method, path);
  // A route a test mounts for itself is not the app's; route-table.test.ts holds the app to the table.
  if (!entry && response.status < 400) return;
  const schema =
    response.status >= 400 ? ErrorBodySchema : entry && 'answer' in entry ? entry.answer : undefined;
  const name = entry ? routeKey(entry) : `${method} ${path}`;
  if (!schema)
    throw new Error(`${name} answered ${response.status} JSON, which its table entry does not declare`);
  const result = v.safeParse(schema, await jsonOf(response));
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(
      `${name} answered ${response.status} against its schema: ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`,
    );
  }
}

/** The answer's JSON, unpacked when it came compressed (no fetch in between to do it). */
async function jsonOf(response: Response): Promise<unknown> {
  const body = Buffer.from(await response.clone().arrayBuffer());
  const coding = response.headers.get('Content-Encoding');
  const text = coding === 'gzip' ? gunzipSync(body) : coding === 'br' ? brotliDecompressSync(body) : body;
  return JSON.parse(text.toString('utf8'));
}
