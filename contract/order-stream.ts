// The live order streams' shared words: the server writes them, the SPA's reader and the machines that
// follow orders read them (docs/decisions/012-order-lifecycle.md, 024-bounded-streams.md).
import * as v from 'valibot';
import type { OrderEvent } from './order-lifecycle.ts';

/** The SSE `event:` name of an order's change (its `data:` is an OrderEvent as JSON, its `id:` the event's id). */
export const ORDER_STREAM_EVENT = 'order';

/**
 * The SSE `event:` name of a stream's last word before the server closes it, its `data:` an
 * OrderStreamEnd as JSON. A reader that knows nothing of it reconnects, as after any cut, and meets the
 * answer that reason stands for (401, 403 or 503).
 */
export const ORDER_STREAM_END_EVENT = 'end';

/**
 * Why the server ended an open stream: the account is gone or cut off ('unauthenticated', as a 401),
 * no longer staff on the staff stream ('forbidden', as a 403), the identity provider's word on it is
 * too old to go on ('unavailable', as a 503), or the API token the stream was opened with expired
 * ('expired': a renewed token opens it again).
 */
export const ORDER_STREAM_END_REASONS = ['unauthenticated', 'forbidden', 'unavailable', 'expired'] as const;
export type OrderStreamEndReason = (typeof ORDER_STREAM_END_REASONS)[number];

export const OrderStreamEndSchema = v.object({
  reason: v.picklist(ORDER_STREAM_END_REASONS),
  /** What the server would have answered a new call, for the page to show. */
  message: v.string(),
});
export type OrderStreamEnd = v.InferOutput<typeof OrderStreamEndSchema>;

/** Which events a stream carries: the signed-in customer's own orders', or (staff) every order's. */
export type OrderStreamScope = 'mine' | 'all';

/**
 * Where the reader stands: opening the first time, receiving, cut off and trying again (the UI then
 * says its view may be behind), or refused for now (429: the account or its address holds as many
 * streams as it may) and trying again after the wait the server asked for.
 */
export type OrderStreamStatus = 'connecting' | 'live' | 'reconnecting' | 'waiting';

/** What the stream actor (src/actors/order-stream.ts) sends the machine that invoked it. */
export type OrderStreamActorEvent =
  | { type: 'order.event'; event: OrderEvent }
  /** `message`: the server's words on a refusal ('waiting'), for the page to show as they are. */
  | { type: 'order.stream'; status: OrderStreamStatus; message?: string };
