import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Logger } from 'pino';
import { LIFECYCLE_PATHS } from '../contract/order-lifecycle.ts';
import { ORDER_STREAM_EVENT } from '../contract/order-stream.ts';
import type { Database } from '../db/client.ts';
import { followOrderEvents } from '../live/follow-events.ts';
import type { EventScope } from '../live/order-event-rows.ts';
import type { OrderEventFeed } from '../live/order-events.ts';
import { requireAdmin, requireUser, type UserEnv } from '../middleware/auth.ts';
import type { ApiTokens } from '../tokens.ts';

/** A comment line this often keeps proxies (and the reader's idle check) from taking the stream for dead. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

export interface OrderStreamRouteDeps {
  db: Database;
  tokens: ApiTokens;
  feed: OrderEventFeed;
  logger: Logger;
  heartbeatMs?: number;
}

/** Last-Event-ID as the client sent it; anything but a plain event id means "from now". */
function lastEventId(c: Context): number | undefined {
  const header = c.req.header('Last-Event-ID')?.trim();
  if (!header || !/^\d{1,15}$/.test(header)) return undefined;
  return Number(header);
}

/**
 * The live order streams (Server-Sent Events, read by the SPA with fetch so the API token stays in the
 * Authorization header): a customer's own orders' events, and staff's every order's. Each event is
 * `id: <order_events.id>`, `event: order`, `data: <OrderEvent JSON>`; Last-Event-ID resumes after that
 * id. Refusals (401/403) are plain JSON answers, before any stream opens.
 */
export function orderStreamRoutes({
  db,
  tokens,
  feed,
  logger,
  heartbeatMs = DEFAULT_HEARTBEAT_MS,
}: OrderStreamRouteDeps) {
  const stream = (c: Context<UserEnv>, scope: EventScope) => {
    const after = lastEventId(c);
    // Proxies that buffer answers (nginx) would hold the events back.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (sse) => {
      const following = followOrderEvents({
        db,
        feed,
        scope,
        after,
        send: (event) =>
          sse.writeSSE({ id: String(event.id), event: ORDER_STREAM_EVENT, data: JSON.stringify(event) }),
      });
      sse.onAbort(() => following.stop());
      const heartbeat = setInterval(() => void sse.write(': ping\n\n'), heartbeatMs);
      try {
        // The headers go out now, not with the first event, so the client knows it is live.
        await sse.write(': live\n\n');
        const { reason, error } = await following.ended;
        if (reason === 'failed') logger.warn({ err: error }, 'order stream failed; the client resumes');
        if (reason === 'overflow') logger.info('order stream reader too slow: cut, it resumes');
      } finally {
        clearInterval(heartbeat);
      }
    });
  };

  const signedIn = requireUser(db, tokens);
  return new Hono<UserEnv>()
    .get(`/${LIFECYCLE_PATHS.customerStream}`, signedIn, (c) => stream(c, { uid: c.var.user.uid }))
    .get(`/${LIFECYCLE_PATHS.staffStream}`, signedIn, requireAdmin, (c) => stream(c, 'all'));
}
