import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import pino, { type Logger } from 'pino';

/**
 * The longest X-Request-Id taken from a caller (a UUID is 36 characters, a W3C traceparent 55); a
 * longer one, or one with anything but letters, digits, `_`, `-` and `=`, is replaced by a new UUID.
 */
export const REQUEST_ID_MAX_LENGTH = 64;

/** The id of the request whose work is running, wherever it logs from (routes, services, onError). */
const current = new AsyncLocalStorage<string>();

/**
 * Names every request: the caller's well-formed X-Request-Id (a reverse proxy's, so that its access log
 * and ours meet) or a new one, answered in X-Request-Id and carried by every log line written while the
 * request is served (withRequestId).
 */
export function requestIdScope(): MiddlewareHandler {
  const take = requestId({ limitLength: REQUEST_ID_MAX_LENGTH });
  return (c, next) => take(c, () => current.run(c.var.requestId, next));
}

type LogFormatter = (object: object) => object;

/**
 * `logger`, whose lines carry `requestId` when written during a request: one logger for the app, made
 * once, rather than a child per request handed through every route and service. The parent's own log
 * formatter, if it has one, still applies.
 */
export function withRequestId(logger: Logger): Logger {
  const parent = (Reflect.get(logger, pino.symbols.formattersSym) as { log?: LogFormatter } | undefined)?.log;
  return logger.child(
    {},
    {
      formatters: {
        log: (object) => {
          const fields = parent ? parent(object) : object;
          const id = current.getStore();
          return id === undefined ? fields : { ...fields, requestId: id };
        },
      },
    },
  );
}
