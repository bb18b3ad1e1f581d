import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Logger } from 'pino';
import {
  ORDER_STREAM_END_EVENT,
  ORDER_STREAM_END_REASONS,
  ORDER_STREAM_EVENT,
  type OrderStreamEnd,
  type OrderStreamEndReason,
} from '../../../contract/order-stream.ts';
import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import { DomainError } from '../domain-errors.ts';
import { followOrderEvents } from '../live/follow-events.ts';
import type { EventScope } from '../live/order-event-rows.ts';
import type { OrderEventFeed } from '../live/order-events.ts';
import type { StreamLimits } from '../live/stream-limits.ts';
import { assertAdmin, SIGN_IN_AGAIN, type UserEnv, usableAccount } from '../middleware/auth.ts';
import { asCustomerSees } from '../services/order-history.ts';
import {
  PROVIDER_CHECK_INTERVAL_MS,
  PROVIDER_CHECK_TIMEOUT_MS,
  type ProviderCheck,
} from '../services/provider-check.ts';
import { claimStreamSlot, keepStreamSlots } from '../services/stream-slots.ts';
import type { RegisterRoute } from './table.ts';

/** A comment line this often keeps proxies (and the reader's idle check) from taking the stream for dead. */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/** What a refused stream's Retry-After asks: a place frees the moment another stream closes. */
export const STREAM_RETRY_AFTER_S = 30;
/** Node's timers take at most this many ms; a token living longer is simply re-checked sooner. */
const MAX_TIMER_MS = 2_147_483_647;

export interface OrderStreamRouteDeps {
  db: Database;
  feed: OrderEventFeed;
  logger: Logger;
  limits: StreamLimits;
  /** The caller's address, as the rate limits key it (TRUST_PROXY aware). */
  addressOf: (c: Context) => string;
  /** The app's clock in epoch ms, the provider check's. */
  now: () => number;
  heartbeatMs?: number;
}

/** The refusals of a stream over a cap, as the feed shows them. */
const FULL = {
  account: (max: number) =>
    `You have ${max} live order views open already, the most one account may have. Close one (another tab or device) and this one connects by itself.`,
  address: (max: number) =>
    `${max} live order views are open from your network already, the most one address may have. This one connects by itself once one closes.`,
};

/** Last-Event-ID as the client sent it; anything but a plain event id means "from now". */
function lastEventId(c: Context): number | undefined {
  const header = c.req.header('Last-Event-ID')?.trim();
  if (!header || !/^\d{1,15}$/.test(header)) return undefined;
  return Number(header);
}

const isEndReason = (kind: string): kind is OrderStreamEndReason =>
  (ORDER_STREAM_END_REASONS as readonly string[]).includes(kind);

interface WatchOptions {
  db: Database;
  check: ProviderCheck;
  uid: string;
  staff: boolean;
  /** When the provider's word on the account that requireUser went by was asked (epoch ms, app clock). */
  checkedAt: number;
  /** When the stream's API token expires (epoch ms, real time). */
  expiresAt: number;
  recheckMs: number;
  now: () => number;
  /** The account no longer qualifies (or the token expired): say why and end. */
  onEnd: (end: OrderStreamEnd) => void;
  /** The check itself failed (the database): end without a word; the client's reconnect is checked anew. */
  onFailure: (error: unknown) => void;
}

/**
 * How long an open stream waits for its next look at its account, the provider's word on which was
 * asked for `since` ms ago: until that word is stale, at most `recheckMs`, at least a second.
 */
export function nextCheckIn(since: number, recheckMs: number): number {
  // A stale word was just asked for again, by this check or another process's; and one asked for
  // moments ago may not be recorded yet: either way, look again once the provider's answer is in.
  const recorded = PROVIDER_CHECK_TIMEOUT_MS + 1_000;
  const due =
    since >= PROVIDER_CHECK_INTERVAL_MS
      ? recorded
      : since < recorded
        ? recorded - since
        : PROVIDER_CHECK_INTERVAL_MS - since;
  return Math.min(recheckMs, Math.max(Math.min(1_000, recheckMs), due));
}

/**
 * Checks an open stream's account as requireUser checks a call's (and, for the staff stream, its role),
 * again and again while it is open, and ends it at its token's expiry. A check comes at most recheckMs
 * after the last, and as soon as the provider's word on the account is stale (PROVIDER_CHECK_INTERVAL_MS):
 * that check asks the provider, or finds another process asking and looks again once the answer is
 * recorded. So a disabled account's stream ends within that interval and the provider's answer
 * recorded, under 60 s, like its calls (nextCheckIn); a role taken away, within recheckMs.
 */
function watchAccount(options: WatchOptions): () => void {
  const { db, check, uid, staff, recheckMs, now, onEnd, onFailure } = options;
  let stopped = false;
  let next: NodeJS.Timeout | undefined;
  const schedule = (checkedAt: number) => {
    next = setTimeout(() => void recheck(), nextCheckIn(now() - checkedAt, recheckMs));
  };
  async function recheck() {
    let checkedAt: number;
    try {
      const user = await usableAccount(db, check, uid);
      if (staff) assertAdmin(user);
      checkedAt = user.providerCheckedAt.getTime();
    } catch (error) {
      if (error instanceof DomainError && isEndReason(error.kind))
        onEnd({ reason: error.kind, message: error.message });
      else onFailure(error);
      return;
    }
    if (!stopped) schedule(checkedAt);
  }
  // requireUser has just checked, by the word `checkedAt` dates.
  schedule(options.checkedAt);
  const expiry = setTimeout(
    () => onEnd({ reason: 'expired', message: SIGN_IN_AGAIN }),
    Math.min(MAX_TIMER_MS, Math.max(0, options.expiresAt - Date.now())),
  );
  return () => {
    stopped = true;
    clearTimeout(next);
    clearTimeout(expiry);
  };
}

/**
 * The live order streams (Server-Sent Events, read by the SPA with fetch so the API token stays in the
 * Authorization header): a customer's own orders' events, and staff's every order's. Each event is
 * `id: <order_events.id>`, `event: order`, `data: <OrderEvent JSON>`; Last-Event-ID resumes after that
 * id. Refusals (401/403, and 429 over a cap of open streams) are plain JSON answers, before any stream
 * opens. An open stream whose account stops qualifying gets `event: end` (an OrderStreamEnd) and is closed.
 */
export function orderStreamRoutes(
  on: RegisterRoute,
  { db, feed, logger, limits, addressOf, now, heartbeatMs = DEFAULT_HEARTBEAT_MS }: OrderStreamRouteDeps,
) {
  const slots = keepStreamSlots(db, (error) =>
    logger.warn({ err: error }, 'could not renew or free an order stream’s place'),
  );

  // Either stream's context: both carry requireUser's variables (the table's access signedIn or admin).
  const stream = async (c: Context, scope: EventScope) => {
    const { user, providerCheck, tokenExpiresAt } = (c as Context<UserEnv>).var;
    const { uid } = user;
    const claim = await claimStreamSlot(db, {
      uid,
      address: addressOf(c),
      maxPerAccount: limits.maxPerAccount,
      maxPerAddress: limits.maxPerAddress,
    });
    if ('full' in claim) {
      const max = claim.full === 'account' ? limits.maxPerAccount : limits.maxPerAddress;
      return c.json({ message: FULL[claim.full](max) }, 429, { 'Retry-After': String(STREAM_RETRY_AFTER_S) });
    }
    slots.keep(claim.id);
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
          sse.writeSSE({
            id: String(event.id),
            event: ORDER_STREAM_EVENT,
            data: JSON.stringify(scope === 'all' ? event : asCustomerSees(event, uid)),
          }),
      });
      let ending: OrderStreamEnd | undefined;
      const stopWatching = watchAccount({
        db,
        check: providerCheck,
        uid,
        staff: scope === 'all',
        checkedAt: user.providerCheckedAt.getTime(),
        expiresAt: tokenExpiresAt,
        recheckMs: limits.recheckMs,
        now,
        onEnd: (end) => {
          ending ??= end;
          following.stop();
        },
        onFailure: (error) => {
          logger.warn({ err: error }, 'could not re-check an order stream’s account: cut, it resumes');
          following.stop();
        },
      });
      sse.onAbort(() => following.stop());
      const heartbeat = setInterval(() => void sse.write(': ping\n\n'), heartbeatMs);
      try {
        // The headers go out now, not with the first event, so the client knows it is live.
        await sse.write(': live\n\n');
        const { reason, error } = await following.ended;
        if (ending) await sse.writeSSE({ event: ORDER_STREAM_END_EVENT, data: JSON.stringify(ending) });
        if (reason === 'failed') logger.warn({ err: error }, 'order stream failed; the client resumes');
        if (reason === 'overflow') logger.info('order stream reader too slow: cut, it resumes');
      } finally {
        clearInterval(heartbeat);
        stopWatching();
        await slots.release(claim.id);
      }
    });
  };

  on(ROUTES.myOrdersStream, (c) => stream(c, { uid: c.var.user.uid }));
  on(ROUTES.staffStream, (c) => stream(c, 'all'));
}
