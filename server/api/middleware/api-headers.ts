import { createMiddleware } from 'hono/factory';
import { requestHeader } from '../http/request-header.ts';

/**
 * The API answers JSON: nothing in it may run, load or be framed, and only the storefront's origin may
 * read it from a browser (with a bearer token, never cookies). The same headers as hono's secureHeaders
 * and cors middleware, but made once: those two rewrite every finished answer, which cost the hot
 * public reads (the menu) most of their throughput (docs/benchmarks.md). A route may still replace one
 * afterwards (the sandbox payment page sets its own policy).
 */
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-site',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
  // What the storefront may read of an answer besides the basics: a 429's wait and a list's next page.
  'Access-Control-Expose-Headers': 'Retry-After,Link',
  Vary: 'Origin',
};

const PREFLIGHT_HEADERS: Record<string, string> = {
  'Access-Control-Max-Age': '600',
  'Access-Control-Allow-Methods': 'GET,HEAD,PUT,POST,DELETE,PATCH',
  'Access-Control-Allow-Headers': 'Authorization,Content-Type',
  Vary: 'Origin, Access-Control-Request-Headers',
};

/**
 * Every answer's headers, for one of the storefront's origins or for any other caller. The storefront
 * calls its own /api by default (no CORS at all); these matter when VITE_API_URL puts the API on
 * another host.
 */
export function apiHeaderSets(siteOrigins: readonly string[]) {
  const other = Object.freeze({ ...SECURITY_HEADERS });
  const sites = new Map(
    siteOrigins.map((origin) => [
      origin,
      Object.freeze({ ...SECURITY_HEADERS, 'Access-Control-Allow-Origin': origin }),
    ]),
  );
  /** By the request's Origin header. */
  return (origin: string | undefined): Readonly<Record<string, string>> =>
    (origin !== undefined && sites.get(origin)) || other;
}

/** Puts the API's headers on every answer; answers CORS preflights. */
export function apiHeaders(headersFor: ReturnType<typeof apiHeaderSets>) {
  return createMiddleware(async (c, next) => {
    const headers = headersFor(requestHeader(c, 'origin'));
    for (const name in headers) c.header(name, headers[name]);
    if (c.req.method === 'OPTIONS') {
      for (const name in PREFLIGHT_HEADERS) c.header(name, PREFLIGHT_HEADERS[name]);
      return c.body(null, 204);
    }
    await next();
  });
}
