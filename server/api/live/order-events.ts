import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { readEventsById, type StoredEvent } from './order-event-rows.ts';

/** The channel migration 0004's trigger announces each new order event on (payload `{ id, uid }`). */
export const ORDER_EVENTS_CHANNEL = 'order_events';
/** How the listening connection names itself in pg_stat_activity. */
export const ORDER_EVENTS_LISTENER_NAME = 'pizzon order events';

/** One open stream of this process, as the feed sees it. */
export interface FeedSubscriber {
  /**
   * Whose announcements are worth reading for it: a customer's uid, or 'all' (staff). Only a hint to
   * skip reads; what is delivered is checked against the table's own owner.
   */
  wants: string | 'all';
  /** New events, read from the table, in the order they were announced. */
  onEvents(events: readonly StoredEvent[]): void;
  /**
   * Announcements may have been missed (the listening connection was lost and is back, or a read
   * failed): catch up from the table after the last event sent.
   */
  onResync(): void;
  /** The process is shutting down: end the stream. */
  onClose(): void;
}

/**
 * This process's one ear on the database's order events, shared by every open stream: one LISTEN
 * connection and one read per announcement, whatever the number of streams.
 */
export interface OrderEventFeed {
  /** Starts delivering to `subscriber`; answers the function that stops it. */
  subscribe(subscriber: FeedSubscriber): () => void;
  /** The streams it delivers to now (the metrics' open streams). */
  subscriberCount(): number;
  /** Ends every stream (each subscriber's onClose) and the listening connection. */
  close(): Promise<void>;
}

export interface OrderEventFeedOptions {
  /** Where the listening connection goes (the database `db` reads). */
  url: string;
  db: Database;
  onError?: (error: Error) => void;
  /** First wait before reconnecting; it doubles up to 5 s. */
  retryMs?: number;
}

/** An announced event and its order's owner (null: a phone order with no account, for staff only). */
type Notice = { id: number; uid: string | null };

function parseNotice(payload: string | undefined): Notice | undefined {
  try {
    const { id, uid } = JSON.parse(payload ?? '') as { id?: unknown; uid?: unknown };
    if (Number.isSafeInteger(id) && (typeof uid === 'string' || uid === null))
      return { id: id as number, uid };
  } catch {}
  return undefined;
}

/**
 * Listens on a connection of its own (as cache/menu-version.ts does), reconnecting with backoff; after
 * a reconnect every subscriber catches up from the table, as announcements made meanwhile are gone.
 * Announcements arriving together are read in one query, after the ones before them (one read at a
 * time), so subscribers see them in announcement order.
 */
export async function listenOrderEvents({
  url,
  db,
  onError = () => {},
  retryMs = 100,
}: OrderEventFeedOptions): Promise<OrderEventFeed> {
  const subscribers = new Set<FeedSubscriber>();
  let client: pg.Client | undefined;
  let closed = false;
  let wait = retryMs;
  let retry: NodeJS.Timeout | undefined;
  /** Whether a connection was lost since the last LISTEN (the next one then resyncs everyone). */
  let lost = false;
  let pending: Notice[] = [];
  let reading: Promise<void> = Promise.resolve();
  let scheduled = false;

  const wanted = (uid: string | null) => {
    for (const subscriber of subscribers)
      if (subscriber.wants === 'all' || subscriber.wants === uid) return true;
    return false;
  };

  const resyncAll = () => {
    for (const subscriber of [...subscribers]) subscriber.onResync();
  };

  async function deliver(notices: Notice[]) {
    const ids = notices.filter((notice) => wanted(notice.uid)).map((notice) => notice.id);
    if (ids.length === 0) return;
    try {
      const events = await readEventsById(db, ids);
      for (const subscriber of [...subscribers]) subscriber.onEvents(events);
    } catch (error) {
      // The events are in the table: every stream reads them there once it can.
      onError(error as Error);
      resyncAll();
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // Announcements of one burst (a transaction of several events, many orders moving at once) arrive
    // together: read them with one query.
    setImmediate(() => {
      scheduled = false;
      const batch = pending;
      pending = [];
      reading = reading.then(() => deliver(batch));
    });
  }

  function lose(gone: pg.Client, error?: Error) {
    if (client !== gone) return;
    client = undefined;
    lost = true;
    gone.end().catch(() => {});
    if (error) onError(error);
    if (!closed) retry = setTimeout(() => void connect(), wait);
    wait = Math.min(wait * 2, 5_000);
  }

  async function connect(): Promise<void> {
    retry = undefined;
    const next = new pg.Client({ connectionString: url, application_name: ORDER_EVENTS_LISTENER_NAME });
    next.on('notification', ({ channel, payload }) => {
      if (channel !== ORDER_EVENTS_CHANNEL || client !== next) return;
      const notice = parseNotice(payload);
      if (!notice) return;
      pending.push(notice);
      schedule();
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
      if (client !== next || closed) return;
      wait = retryMs;
      if (lost) {
        lost = false;
        // After the reads of what was heard before the loss, so a stream's catch-up starts after them.
        reading = reading.then(resyncAll);
      }
    } catch (error) {
      lose(next, error as Error);
    }
  }

  await connect();
  return {
    subscribe(subscriber) {
      if (closed) {
        queueMicrotask(() => subscriber.onClose());
        return () => {};
      }
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    subscriberCount: () => subscribers.size,
    async close() {
      closed = true;
      clearTimeout(retry);
      const ending = [...subscribers];
      subscribers.clear();
      for (const subscriber of ending) subscriber.onClose();
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
