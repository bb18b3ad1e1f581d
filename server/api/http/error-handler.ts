import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { DomainError, type DomainErrorKind } from '../domain-errors.ts';

/** The one place a refusal becomes a status: every kind has one (the type makes a new kind name it). */
export const STATUS_OF: Readonly<Record<DomainErrorKind, ContentfulStatusCode>> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  upstream_failed: 502,
  unavailable: 503,
};

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  'EPIPE',
  '08001',
  '08006',
]);

/** True when PostgreSQL cancelled a statement that ran past its statement_timeout (or was cancelled). */
export function isStatementCancelled(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

/** True when an error (or one it wraps) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, syscall } = e as { code?: unknown; syscall?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    // A server on a Unix socket that is not running has no socket file to connect to.
    if (code === 'ENOENT' && syscall === 'connect') return true;
    if (/Connection terminated|timeout exceeded when trying to connect|is not queryable/i.test(e.message))
      return true;
  }
  return false;
}

/**
 * The app's onError: a refusal of ours answers its status and `{ message }`; the database away or too
 * slow answers 503 (the caller may try again); anything else is our bug, logged, and answers 500 without
 * saying what it was.
 */
export function errorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof DomainError) return c.json({ message: error.message }, STATUS_OF[error.kind]);
    // Hono's own refusals (a body it can not re-read, a request it can not route safely).
    if (error instanceof HTTPException) {
      return c.json({ message: error.message }, error.status as ContentfulStatusCode);
    }
    // A query past DATABASE_STATEMENT_TIMEOUT_MS (a lock held too long, an overloaded database): the
    // caller may try again, as when the database is away.
    if (isStatementCancelled(error)) {
      logger.warn({ err: error }, 'database statement cancelled (DATABASE_STATEMENT_TIMEOUT_MS)');
      return c.json({ message: 'The kitchen is too busy right now. Please try again in a moment.' }, 503);
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error }, 'database unavailable');
      return c.json({ message: 'The kitchen is briefly offline. Please try again in a moment.' }, 503);
    }
    logger.error({ err: error }, 'unhandled error');
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  };
}
