// The API's one logger. A failed query's error carries its SQL and parameters (a customer's e-mail,
// address, amounts) in its message and fields; a log line keeps what went wrong, never those.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino, { type Level, type Logger } from 'pino';

/** PostgreSQL's fields that may hold a row's values or a query's text. */
const QUERY_FIELDS = new Set(['query', 'params', 'parameters', 'detail', 'internalQuery', 'where']);

/**
 * A data exception's message (SQLSTATE class 22: 'invalid input syntax for type integer: "…"', 'value
 * "…" is out of range') quotes the value it refused: the quotes keep their place, not the value.
 */
function messageOf(error: Error): string {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && code.startsWith('22')
    ? error.message.replace(/"[^"]*"/g, '"…"')
    : error.message;
}

export interface LoggedError {
  type: string;
  message: string;
  stack?: string | undefined;
  code?: unknown;
  cause?: unknown;
  [field: string]: unknown;
}

/**
 * An error as a log line keeps it: its type, message, stack, code and other fields, and its cause in
 * the same form, with every failed query replaced by what the database said and its query fields left
 * out.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  let shown = error;
  while (shown instanceof DrizzleQueryError) shown = shown.cause ?? new Error('A database query failed');
  if (!(shown instanceof Error)) return shown;
  const message = messageOf(shown);
  const stack = shown.stack?.replace(shown.message, message);
  const logged: LoggedError = { type: shown.constructor.name, message, stack };
  for (const [field, value] of Object.entries(shown)) {
    if (!QUERY_FIELDS.has(field) && field !== 'cause' && typeof value !== 'object') logged[field] = value;
  }
  if (shown.cause !== undefined && depth < 5) logged.cause = errorForLog(shown.cause, depth + 1);
  return logged;
}

/** A pino logger whose `err` fields go through errorForLog. */
export const createLogger = (level?: Level | 'silent'): Logger =>
  pino({ ...(level && { level }), serializers: { err: errorForLog } });
