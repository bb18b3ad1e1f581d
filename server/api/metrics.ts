import type { Logger } from 'pino';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ORDER_STATES, type OrderState } from '../../contract/order-lifecycle.ts';
import type { Database } from '../db/client.ts';
import type { OrderEventFeed } from './live/order-events.ts';
import { countOrdersByState, readMailBacklog } from './services/shop-figures.ts';

/** The menu's reads, answered outside the app's middleware (server/api/app.ts): counted by these patterns. */
export type MenuReadRoute = '/all-items' | '/item-detail/:id';

/** How long one count of orders by state serves the scrapes of this process (docs/decisions/027-metrics.md). */
export const ORDERS_BY_STATE_TTL_MS = 5_000;

/**
 * Seconds. Around the targets of issue 28: a step's p99 under 0.3 s, a refusal within 0.1 s, no wait
 * past 2 s.
 */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10];

/** Node's parser takes a few dozen methods; a label per method the API serves, the rest as one. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

export interface MetricsDeps {
  db: Database;
  feed: Pick<OrderEventFeed, 'subscriberCount'>;
  logger: Logger;
  /** The clock in epoch ms: when a count of orders by state is stale. */
  now: () => number;
}

export interface Metrics {
  /** One request the app's middleware saw, by its route pattern (never its raw path). */
  recordRequest(method: string, route: string, status: number, seconds: number): void;
  /** One menu read answered outside the middleware: a number moved, nothing made (the rush's hottest path). */
  countMenuRead(route: MenuReadRoute, status: number): void;
  /** One request refused for overload (the admission control's onShed), by its route. */
  recordShed(route: string): void;
  /** Every family in Prometheus' text format, the gauges read now. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/**
 * The API's metrics on a registry of this app's own (tests make many apps in one process; prom-client's
 * global registry would mix them). Counters move as requests pass; the gauges are read when scraped.
 */
export function createMetrics({ db, feed, logger, now }: MetricsDeps): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'pizzon_http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'pizzon_http_request_duration_seconds',
    help: 'Time to answer (to the first byte for a stream), by method, route pattern and status class; the menu reads answered from memory are counted, not timed',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const shed = new Counter({
    name: 'pizzon_http_requests_shed_total',
    help: 'Requests refused with 503 because this process was at capacity, by route',
    labelNames: ['route'] as const,
    registers,
  });
  const openStreams = new Gauge({
    name: 'pizzon_order_streams_open',
    help: 'Live order streams (My order, the payment tracker, the kitchen board) open on this process',
    registers,
  });
  const pool = {
    total: new Gauge({
      name: 'pizzon_db_pool_connections',
      help: 'Database connections this process holds open',
      registers,
    }),
    idle: new Gauge({
      name: 'pizzon_db_pool_idle_connections',
      help: 'Open database connections not in use',
      registers,
    }),
    inUse: new Gauge({
      name: 'pizzon_db_pool_in_use_connections',
      help: 'Database connections running a query or a transaction',
      registers,
    }),
    waiting: new Gauge({
      name: 'pizzon_db_pool_waiting_requests',
      help: 'Queries waiting for a free database connection',
      registers,
    }),
    max: new Gauge({
      name: 'pizzon_db_pool_max_connections',
      help: 'The most database connections this process may hold (DATABASE_POOL_MAX)',
      registers,
    }),
  };
  const mailBacklog = new Gauge({
    name: 'pizzon_mail_outbox_backlog',
    help: 'Mails in the outbox not sent yet (NaN: the database could not be read)',
    registers,
  });
  const mailOldestAge = new Gauge({
    name: 'pizzon_mail_outbox_oldest_age_seconds',
    help: 'How long the oldest unsent mail has waited; 0 when none waits (NaN: the database could not be read)',
    registers,
  });
  const orders = new Gauge({
    name: 'pizzon_orders',
    help: `Orders in each state, counted at most every ${ORDERS_BY_STATE_TTL_MS / 1000} s per process (NaN: the database could not be read)`,
    labelNames: ['state'] as const,
    registers,
  });

  /** Per route, per status: plain numbers, folded into the requests counter when scraped. */
  const menuReads: Record<MenuReadRoute, Map<number, number>> = {
    '/all-items': new Map(),
    '/item-detail/:id': new Map(),
  };
  const menuReported: Record<MenuReadRoute, Map<number, number>> = {
    '/all-items': new Map(),
    '/item-detail/:id': new Map(),
  };
  function foldMenuReads() {
    for (const route of Object.keys(menuReads) as MenuReadRoute[]) {
      for (const [status, count] of menuReads[route]) {
        const delta = count - (menuReported[route].get(status) ?? 0);
        if (delta === 0) continue;
        requests.inc({ method: 'GET', route, status }, delta);
        menuReported[route].set(status, count);
      }
    }
  }

  let ordersCounted: { at: number; counts: Record<OrderState, number> } | undefined;
  let ordersCounting: Promise<Record<OrderState, number>> | undefined;
  /** The cached count while fresh; one count at a time however many scrapes ask. */
  function ordersByState(): Promise<Record<OrderState, number>> {
    if (ordersCounted && now() - ordersCounted.at < ORDERS_BY_STATE_TTL_MS) {
      return Promise.resolve(ordersCounted.counts);
    }
    ordersCounting ??= countOrdersByState(db)
      .then((counts) => {
        ordersCounted = { at: now(), counts };
        return counts;
      })
      .finally(() => {
        ordersCounting = undefined;
      });
    return ordersCounting;
  }

  /** A figure the database could not give is NaN, never a 0 that looks like an idle shop. */
  function unreadable(what: string, error: unknown) {
    logger.warn({ err: error }, `metrics: could not read ${what}`);
  }

  async function readGauges() {
    const { totalCount, idleCount, waitingCount, options } = db.$client;
    pool.total.set(totalCount);
    pool.idle.set(idleCount);
    pool.inUse.set(totalCount - idleCount);
    pool.waiting.set(waitingCount);
    pool.max.set(options.max ?? Number.NaN);
    openStreams.set(feed.subscriberCount());
    await Promise.all([
      readMailBacklog(db).then(
        ({ unsent, oldestAgeSeconds }) => {
          mailBacklog.set(unsent);
          mailOldestAge.set(oldestAgeSeconds);
        },
        (error: unknown) => {
          unreadable('the mail outbox', error);
          mailBacklog.set(Number.NaN);
          mailOldestAge.set(Number.NaN);
        },
      ),
      ordersByState().then(
        (counts) => {
          for (const state of ORDER_STATES) orders.set({ state }, counts[state]);
        },
        (error: unknown) => {
          unreadable('the orders by state', error);
          for (const state of ORDER_STATES) orders.set({ state }, Number.NaN);
        },
      ),
    ]);
  }

  return {
    recordRequest(method, route, status, seconds) {
      const known = METHODS.has(method) ? method : 'other';
      requests.inc({ method: known, route, status });
      const statusClass = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
      duration.observe({ method: known, route, status_class: statusClass }, seconds);
    },
    countMenuRead(route, status) {
      const counts = menuReads[route];
      counts.set(status, (counts.get(status) ?? 0) + 1);
    },
    recordShed(route) {
      shed.inc({ route });
    },
    async scrape() {
      foldMenuReads();
      await readGauges();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
