import { type EventObject, fromCallback } from 'xstate';
import type { OrderStreamActorEvent, OrderStreamScope } from '../../contract/order-stream.ts';
import { openOrderStream } from '../api/order-stream.ts';

export interface OrderStreamInput {
  scope: OrderStreamScope;
  /** Resume after this event id (the view already holds the events up to it). */
  lastEventId?: number;
}

/**
 * The live order stream for a machine to invoke (the kitchen board: scope 'all'; the customer's
 * tracker: 'mine'). It sends its parent `{ type: 'order.event', event }` for each event and
 * `{ type: 'order.stream', status, message }` when the connection's state changes (with 'waiting', the
 * server's refusal); stopping the actor closes the stream. Machines declare it and get this one
 * through `.provide()`, so they stay free of fetch.
 */
export const orderStreamActor = fromCallback<EventObject, OrderStreamInput>(({ sendBack, input }) => {
  const send = (event: OrderStreamActorEvent) => sendBack(event);
  return openOrderStream({
    scope: input.scope,
    ...(input.lastEventId === undefined ? {} : { lastEventId: input.lastEventId }),
    onEvent: (event) => send({ type: 'order.event', event }),
    onStatus: (status, message) => send({ type: 'order.stream', status, message }),
  });
});
