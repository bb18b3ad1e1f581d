import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

/** A read taking longer than this is worth a line even when it succeeded. */
const SLOW_READ_MS = 500;

/**
 * One line per write, refusal, failure or slow read. Successful reads are logged at debug only: at a
 * dinner rush they come by the thousand a second, and an access log of each is the reverse proxy's job
 * (docs/decisions/011-scale.md); writing them here would cost more than serving them.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    const status = c.res.status;
    const level = read && status < 400 && durationMs < SLOW_READ_MS ? 'debug' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    logger[level]({ method: c.req.method, path: c.req.path, status, durationMs });
  };
}
