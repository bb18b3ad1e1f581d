import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Metrics } from '../metrics.ts';

/** What a request counts under when no route of its method matched (a 404, a CORS preflight). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The pattern the request matched ('/my-orders/:id/events'), never its path: a label per id would be a
 * new series per order. The last route of the request's method (middleware is registered for ALL).
 */
function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i]!;
    if (route.method !== 'ALL') return route.path;
  }
  return UNMATCHED_ROUTE;
}

/** Counts and times every request the app's middleware sees, by its final status (errors included). */
export function requestMetrics(metrics: Pick<Metrics, 'recordRequest'>): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    metrics.recordRequest(c.req.method, routePattern(c), c.res.status, (performance.now() - started) / 1000);
  };
}
