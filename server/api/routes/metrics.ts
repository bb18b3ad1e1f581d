import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { timingSafeEqual } from 'hono/utils/buffer';
import { ROUTES } from '../../../contract/routes.ts';
import { isLoopback } from '../http/loopback.ts';
import type { Metrics } from '../metrics.ts';
import type { RegisterRoute } from './table.ts';

/**
 * Headers a proxy adds to say whom it speaks for. The site server's /api adds X-Forwarded-For from its
 * loopback socket, and so does a reverse proxy of ours (TRUST_PROXY): a request carrying any of them
 * came from elsewhere, whatever the socket says.
 */
const FORWARDING = /^(forwarded|via|x-forwarded-.+|x-real-ip|x-client-ip|true-client-ip|cf-connecting-ip)$/;

export const METRICS_REFUSED =
  'Metrics are for the shop’s monitoring: ask from the API’s own host, or send Authorization: Bearer <METRICS_TOKEN>';

/** A caller on this machine that spoke to the API directly, not through any proxy. */
function isDirectLoopback(c: Context): boolean {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // No Node socket (app.request in-process): nobody to vouch for.
    return false;
  }
  if (peer === undefined || !isLoopback(peer)) return false;
  for (const name of c.req.raw.headers.keys()) if (FORWARDING.test(name)) return false;
  return true;
}

/**
 * GET /metrics in Prometheus' text format, not public: it tells how busy the shop is and how its
 * database holds. Answered to a direct loopback caller without credentials, or to anyone with the
 * bearer token (compared in constant time); a token that is sent must be right, even from loopback.
 * Refused with 403 and a message: the path is no secret (every exporter has one), and a scraper that
 * is set up wrong is better told why than sent looking for a missing route (docs/decisions/027).
 */
export function metricsRoutes(
  on: RegisterRoute,
  { metrics, token }: { metrics: Metrics; token: string | undefined },
) {
  const expected = token === undefined ? undefined : `Bearer ${token}`;
  async function allowed(c: Context): Promise<boolean> {
    const authorization = c.req.header('Authorization');
    if (authorization === undefined) return isDirectLoopback(c);
    return expected !== undefined && (await timingSafeEqual(authorization, expected));
  }
  on(ROUTES.metrics, async (c) => {
    if (!(await allowed(c))) return c.json({ message: METRICS_REFUSED }, 403);
    const { contentType, body } = await metrics.scrape();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
}
