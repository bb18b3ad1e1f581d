import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header (`name` in lower case) as Node parsed it, when the app runs on @hono/node-server:
 * asking the web Request instead builds a whole Headers object, a cost the hottest reads (the menu, the
 * site's files) feel. In-process requests (tests) have no Node request and ask the web one.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
