import type { OrderEvent } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';
import {
  CATCH_UP_PAGE,
  type EventScope,
  inScope,
  readEventsAfter,
  readLatestEventId,
  type StoredEvent,
} from './order-event-rows.ts';
import type { OrderEventFeed } from './order-events.ts';

/** Events waiting for a slow reader before its stream is cut (it resumes with Last-Event-ID). */
const MAX_WAITING = 2_000;
/** Ids remembered as sent, to drop the second copy of one (catch-up and live overlap). */
const SENT_MEMORY = 5_000;

export interface FollowOptions {
  db: Database;
  feed: OrderEventFeed;
  scope: EventScope;
  /** The client's Last-Event-ID: it has every event of the scope up to this one. */
  after: number | undefined;
  /** Writes one event to the client (resolves once the stream took it). */
  send: (event: OrderEvent) => Promise<void>;
}

export interface Following {
  /** Resolves when the stream should end: stopped, shutdown, a reader too slow, or a failed read. */
  ended: Promise<{ reason: 'stopped' | 'shutdown' | 'overflow' | 'failed'; error?: unknown }>;
  stop(): void;
}

/**
 * Sends a client the scope's events: after `after` from the table first (when given), then live ones,
 * none twice. It subscribes before reading the table, and everything (the catch-up, each live batch,
 * a resync) runs in one queue, so live events heard during the catch-up wait behind it and the ones
 * it already sent are dropped. Ids commit in the order they are drawn (migration 0009), so a catch-up
 * after the last id sent misses none.
 */
export function followOrderEvents({ db, feed, scope, after, send }: FollowOptions): Following {
  /** Never resend at or below this: the client said it has them, or they are long gone from `sent`. */
  let floor = after ?? 0;
  /** The highest id sent: where a catch-up reads from. */
  let last = floor;
  const sent = new Set<number>();
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;
  let finish!: (result: Awaited<Following['ended']>) => void;
  let done = false;
  const ended = new Promise<Awaited<Following['ended']>>((resolve) => {
    finish = resolve;
  });

  const end = (result: Awaited<Following['ended']>) => {
    if (done) return;
    done = true;
    unsubscribe();
    finish(result);
  };

  async function deliver(stored: StoredEvent) {
    const { id } = stored.event;
    if (done || !inScope(scope, stored) || id <= floor || sent.has(id)) return;
    await send(stored.event);
    sent.add(id);
    last = Math.max(last, id);
    if (sent.size > SENT_MEMORY) {
      const oldest = sent.values().next().value as number;
      sent.delete(oldest);
      floor = Math.max(floor, oldest);
    }
  }

  async function catchUp() {
    for (;;) {
      const page = await readEventsAfter(db, scope, last);
      for (const stored of page) await deliver(stored);
      if (done || page.length < CATCH_UP_PAGE) return;
    }
  }

  /** Runs `task` after everything queued before it; a failure ends the stream (the client resumes). */
  function enqueue(count: number, task: () => Promise<void>) {
    waiting += count;
    if (waiting > MAX_WAITING) return end({ reason: 'overflow' });
    queue = queue.then(async () => {
      try {
        if (!done) await task();
      } catch (error) {
        end({ reason: 'failed', error });
      } finally {
        waiting -= count;
      }
    });
  }

  const unsubscribe = feed.subscribe({
    wants: scope === 'all' ? 'all' : scope.uid,
    onEvents: (events) => {
      const mine = events.filter((stored) => inScope(scope, stored));
      if (mine.length > 0)
        enqueue(mine.length, async () => {
          for (const stored of mine) await deliver(stored);
        });
    },
    onResync: () => enqueue(1, catchUp),
    onClose: () => end({ reason: 'shutdown' }),
  });
  // A new client starts from now: a later resync must not replay the whole history to it.
  enqueue(1, async () => {
    if (after === undefined) last = Math.max(last, await readLatestEventId(db));
    else await catchUp();
  });

  return { ended, stop: () => end({ reason: 'stopped' }) };
}
