// The order streams as the tests write to them and read them. Events are written straight into
// order_events (the lifecycle service writes them in the app): the trigger announces them exactly as it
// does the service's.
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createParser } from 'eventsource-parser';
import * as v from 'valibot';
import { expect } from 'vitest';
import { ORDER_PATH, type OrderEvent, OrderEventSchema } from '../../../contract/order-lifecycle.ts';
import {
  ORDER_STREAM_END_EVENT,
  ORDER_STREAM_EVENT,
  type OrderStreamEnd,
  OrderStreamEndSchema,
} from '../../../contract/order-stream.ts';
import type { Database } from '../../../server/db/client.ts';
import { orderEvents, orders } from '../../../server/db/schema.ts';
import { ORDER_TIME, SHIPPING } from './commerce.ts';
import { until } from './until.ts';

export interface PlacedOrder {
  id: string;
  uid: string;
  next: number;
}

export async function placeOrder(db: Database, uid: string): Promise<PlacedOrder> {
  const [row] = await db
    .insert(orders)
    .values({
      userUid: uid,
      orderTime: ORDER_TIME,
      ...SHIPPING,
      transactionId: `PZSTREAM${String(randomInt(1e9)).padStart(9, '0')}${Date.now()}`,
      totalCents: 1_000,
    })
    .returning({ id: orders.id });
  return { id: row!.id, uid, next: 1 };
}

const STEPS = ORDER_PATH;

/**
 * Writes the order's next event (from its last state to the next step), made by staff after the first
 * (by `staffUid`, when given); answers its sequence.
 */
export async function writeEvent(db: Database, order: PlacedOrder, staffUid?: string): Promise<number> {
  const sequence = order.next++;
  await db.insert(orderEvents).values({
    orderId: order.id,
    userUid: order.uid,
    sequence,
    fromState: sequence === 1 ? null : STEPS[(sequence - 2) % STEPS.length]!,
    toState: STEPS[(sequence - 1) % STEPS.length]!,
    actor: sequence === 1 ? 'checkout' : 'staff',
    actorUid: sequence === 1 ? null : (staffUid ?? null),
    note: sequence === 1 ? null : `step ${sequence}\nsecond line`,
  });
  return sequence;
}

/** The id an event was given when its transaction committed (migration 0009). */
export async function committedId(db: Database, order: PlacedOrder, sequence: number): Promise<number> {
  const [row] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.sequence, sequence)));
  return row!.id;
}

/** The order's next event, committed; answers its id. */
export const addEvent = async (db: Database, order: PlacedOrder, staffUid?: string): Promise<number> =>
  committedId(db, order, await writeEvent(db, order, staffUid));

/** An open stream as a client reads it: every event (checked against the contract) and comment. */
export interface Reading {
  status: number;
  events: OrderEvent[];
  /** The server's last words (`event: end`), checked against the contract. */
  ends: OrderStreamEnd[];
  comments: string[];
  ended: () => boolean;
  ids: () => number[];
  /** Waits until `count` events have come (or 5 s passed), then answers their ids. */
  waitFor: (count: number) => Promise<number[]>;
  close: () => Promise<void>;
}

export function read(response: Response): Reading {
  const events: OrderEvent[] = [];
  const ends: OrderStreamEnd[] = [];
  const comments: string[] = [];
  let ended = response.body === null;
  const parser = createParser({
    onEvent: ({ id, event, data }) => {
      if (event === ORDER_STREAM_END_EVENT) {
        ends.push(v.parse(OrderStreamEndSchema, JSON.parse(data)));
        return;
      }
      expect(event).toBe(ORDER_STREAM_EVENT);
      const parsed = v.parse(OrderEventSchema, JSON.parse(data));
      expect(id).toBe(String(parsed.id));
      events.push(parsed);
    },
    onComment: (text) => comments.push(text),
  });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader!.read();
        if (chunk.done) break;
        parser.feed(chunk.value);
      }
    } catch {}
    ended = true;
  })();
  const ids = () => events.map((event) => event.id);
  return {
    status: response.status,
    events,
    ends,
    comments,
    ended: () => ended,
    ids,
    waitFor: async (count) => {
      await until(ids, (seen) => seen.length >= count, 5_000);
      return ids();
    },
    close: async () => {
      await reader?.cancel().catch(() => {});
    },
  };
}

/** Gives announcements a moment to arrive: for checking that nothing more comes. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
