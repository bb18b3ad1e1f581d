import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header (`name` in lower case) as Node parsed it, when the app runs on @hono/node-server:
 * asking the web Request instead builds a whole Headers object, a cost the hottest reads (the menu, the
 * site's files) feel. Requests without Node's parsed headers (in-process tests) ask the web one.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const headers = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
