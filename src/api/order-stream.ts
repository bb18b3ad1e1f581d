import { createParser } from 'eventsource-parser';
import * as v from 'valibot';
import { type OrderEvent, OrderEventSchema } from '../../contract/order-lifecycle.ts';
import {
  ORDER_STREAM_END_EVENT,
  ORDER_STREAM_EVENT,
  type OrderStreamEnd,
  OrderStreamEndSchema,
  type OrderStreamScope,
  type OrderStreamStatus,
} from '../../contract/order-stream.ts';
import { pathOf } from '../../contract/route-entry.ts';
import { ROUTES } from '../../contract/routes.ts';
import { API_BASE, reportUnauthorized, storedApiToken } from './http.ts';

export interface OrderStreamOptions {
  /** 'mine': the signed-in customer's orders (GET /my-orders-stream); 'all': staff (GET /admin-order-stream). */
  scope: OrderStreamScope;
  /** Each event once, checked against the contract; an event the contract refuses is skipped. */
  onEvent: (event: OrderEvent) => void;
  /**
   * 'connecting' at first, 'live' once the server answers, 'reconnecting' after every cut, 'waiting'
   * while the server refuses another stream (429), with its message.
   */
  onStatus?: (status: OrderStreamStatus, message?: string) => void;
  /** Start after this event (a view that already holds the events up to it); otherwise from now. */
  lastEventId?: number;
}

/** What the reader uses of the world: the real ones by default, fakes in tests. */
export interface OrderStreamDeps {
  fetch: typeof fetch;
  /** The stored API token (null when signed out). */
  token: () => string | null;
  /** Told of a 401/403, a stream ended for the same reasons, or no token at all: the session signs out. */
  unauthorized: () => void;
  /** The API's absolute address, no trailing slash. */
  baseUrl: string;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Nothing heard for this long (the server pings every 15 s) means a dead connection: reconnect. */
  idleMs: number;
}

const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/** The longest a refusal's Retry-After is followed: a wrong header must not stop the page for good. */
const WAIT_MAX_MS = 5 * 60_000;
/** Should a 429 come without the server's words. */
const FULL_FALLBACK = 'Too many live views are open. This one connects by itself in a moment.';
/** Ids remembered as received, to drop a second copy (a resume that overlaps what came live). */
const SEEN_MEMORY = 5_000;

/** The wait before reconnect attempt `failures` (1, 2, …): 1 s doubling up to 30 s. */
export const reconnectDelay = (failures: number): number =>
  Math.min(RECONNECT_FIRST_MS * 2 ** Math.max(0, failures - 1), RECONNECT_MAX_MS);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

const defaults = (): OrderStreamDeps => ({
  fetch: (...args) => fetch(...args),
  token: storedApiToken,
  unauthorized: reportUnauthorized,
  baseUrl: API_BASE,
  sleep,
  idleMs: 45_000,
});

/**
 * Why one connection ended: refused (sign out), cut (back off, then resume), full (a 429: wait as long
 * as the server asked), or renewed (its token expired and the session holds a newer one: resume now).
 */
type Outcome =
  | { kind: 'refused' | 'cut' | 'renewed' }
  | { kind: 'full'; message: string; retryAfterMs: number };
const REFUSED: Outcome = { kind: 'refused' };
const CUT: Outcome = { kind: 'cut' };

/** What an end event means for the reader (its reasons: contract/order-stream.ts). */
function afterEnd(end: OrderStreamEnd, token: string, stored: string | null): Outcome {
  if (end.reason === 'unauthenticated' || end.reason === 'forbidden') return REFUSED;
  if (end.reason === 'expired' && stored !== null && stored !== token) return { kind: 'renewed' };
  // Unavailable, or expired with no newer token: the reconnect's own answer decides.
  return CUT;
}

async function refusal(response: Response): Promise<Outcome> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  const seconds = response.headers.get('Retry-After')?.trim() ?? '';
  return {
    kind: 'full',
    message: typeof body?.message === 'string' ? body.message : FULL_FALLBACK,
    retryAfterMs: /^\d{1,6}$/.test(seconds) ? Number(seconds) * 1000 : 0,
  };
}

/** An event's `data:` as the contract's schema reads it; undefined for anything else. */
function readData<S extends v.GenericSchema>(schema: S, data: string): v.InferOutput<S> | undefined {
  try {
    const parsed = v.safeParse(schema, JSON.parse(data));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Follows the order events of `scope` until the returned function is called: read with fetch (the API
 * token stays in the Authorization header), resumed after every cut with Last-Event-ID, so nothing is
 * missed or received twice. A 401 or 403 stops it and signs out, as any other call's would, and so does
 * the server's end event for those reasons; a 429 waits as the server asks, its message reported.
 */
export function openOrderStream(
  options: OrderStreamOptions,
  deps: Partial<OrderStreamDeps> = {},
): () => void {
  const d = { ...defaults(), ...deps };
  const stopped = new AbortController();
  const url = `${d.baseUrl}${pathOf(options.scope === 'all' ? ROUTES.staffStream : ROUTES.myOrdersStream)}`;
  let lastId = options.lastEventId;
  const seen = new Set<number>();
  let failures = 0;
  let status: OrderStreamStatus | undefined;
  let said: string | undefined;

  const report = (next: OrderStreamStatus, message?: string) => {
    if ((next === status && message === said) || stopped.signal.aborted) return;
    status = next;
    said = message;
    options.onStatus?.(next, message);
  };

  function take(data: string) {
    const event = readData(OrderEventSchema, data);
    if (!event || seen.has(event.id) || stopped.signal.aborted) return;
    seen.add(event.id);
    if (seen.size > SEEN_MEMORY) seen.delete(seen.values().next().value as number);
    // The highest id, not the latest: an event committed late may come after a larger id.
    lastId = Math.max(lastId ?? 0, event.id);
    try {
      options.onEvent(event);
    } catch (error) {
      // The consumer's bug must not cut the stream (and replay it): report it as uncaught.
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  async function connect(): Promise<Outcome> {
    const token = d.token();
    if (!token) return REFUSED;
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    stopped.signal.addEventListener('abort', abort);
    let idle: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(idle);
      idle = setTimeout(abort, d.idleMs);
    };
    try {
      heard();
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
      };
      if (lastId !== undefined) headers['Last-Event-ID'] = String(lastId);
      const response = await d.fetch(url, { headers, signal: attempt.signal, cache: 'no-store' });
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel().catch(() => {});
        return REFUSED;
      }
      if (response.status === 429) return await refusal(response);
      if (
        !response.ok ||
        !response.body ||
        !/^text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')
      ) {
        await response.body?.cancel().catch(() => {});
        return CUT;
      }
      failures = 0;
      report('live');
      let end: OrderStreamEnd | undefined;
      // The text/event-stream format read with fetch, not EventSource: EventSource cannot send an
      // Authorization header, and the token must not go into a URL (it would land in logs).
      const parser = createParser({
        onEvent: (message) => {
          if (message.event === ORDER_STREAM_EVENT) take(message.data);
          if (message.event === ORDER_STREAM_END_EVENT)
            end = readData(OrderStreamEndSchema, message.data) ?? end;
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      return end ? afterEnd(end, token, d.token()) : CUT;
    } finally {
      clearTimeout(idle);
      stopped.signal.removeEventListener('abort', abort);
    }
  }

  void (async () => {
    report('connecting');
    while (!stopped.signal.aborted) {
      // A network error, a dead connection's abort, the server's restart: all mean "try again".
      const outcome = await connect().catch(() => CUT);
      if (stopped.signal.aborted) return;
      if (outcome.kind === 'refused') {
        stopped.abort();
        d.unauthorized();
        return;
      }
      if (outcome.kind === 'renewed') continue;
      failures += 1;
      if (outcome.kind === 'full') {
        report('waiting', outcome.message);
        const wait = Math.max(outcome.retryAfterMs, reconnectDelay(failures));
        await d.sleep(Math.min(wait, WAIT_MAX_MS), stopped.signal);
        continue;
      }
      report('reconnecting');
      await d.sleep(reconnectDelay(failures), stopped.signal);
    }
  })();
  return () => stopped.abort();
}
