// The live order streams' shared words: the server writes them, the SPA's reader and the machines that
// follow orders read them (docs/decisions/012-order-lifecycle.md). Types only, so machines may import it.
import type { OrderEvent } from './order-lifecycle.ts';

/** The SSE `event:` name of an order's change (its `data:` is an OrderEvent as JSON, its `id:` the event's id). */
export const ORDER_STREAM_EVENT = 'order';

/** Which events a stream carries: the signed-in customer's own orders', or (staff) every order's. */
export type OrderStreamScope = 'mine' | 'all';

/**
 * Where the reader stands: opening the first time, receiving, or cut off and trying again (the UI then
 * says its view may be behind).
 */
export type OrderStreamStatus = 'connecting' | 'live' | 'reconnecting';

/** What the stream actor (src/actors/order-stream.ts) sends the machine that invoked it. */
export type OrderStreamActorEvent =
  | { type: 'order.event'; event: OrderEvent }
  | { type: 'order.stream'; status: OrderStreamStatus };
