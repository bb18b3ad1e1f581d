import { fromCallback } from 'xstate';
import type { OrderEvent } from '../../../../contract/order-lifecycle.ts';
import { orderFeedMachine } from '../../../../machines/order-feed.machine.ts';
import { defineModel } from '../model.ts';

export const orderEvent = (id: number, overrides: Partial<OrderEvent> = {}): OrderEvent => ({
  id,
  orderId: 'o1',
  transactionId: 't1',
  sequence: id,
  from: 'awaiting_payment',
  to: 'paid',
  by: { actor: 'gateway', uid: null },
  at: '2026-05-01T12:00:00.000Z',
  note: null,
  ...overrides,
});

/** The server's refusals of one stream too many (routes/order-stream.ts words them). */
export const TOO_MANY = 'You have 5 live order views open already.';
const TOO_MANY_HERE = '50 live order views are open from your network already.';

/** A stream that never says anything by itself: the walk sends its events. */
export const silentFeed = orderFeedMachine.provide({ actors: { followOrders: fromCallback(() => {}) } });

export const orderFeedModel = defineModel(silentFeed, [
  {
    input: { scope: 'mine' },
    events: (snapshot) =>
      [
        { type: 'order.stream', status: 'connecting' },
        { type: 'order.stream', status: 'live' },
        { type: 'order.stream', status: 'reconnecting' },
        { type: 'order.stream', status: 'waiting', message: TOO_MANY },
        // The server's words may change while it keeps refusing (another cap filled).
        { type: 'order.stream', status: 'waiting', message: TOO_MANY_HERE },
        // One event (the reader hands over each once): the walk stays finite.
        ...(snapshot.context.received === 0 ? [{ type: 'order.event', event: orderEvent(1) }] : []),
      ] as never,
  },
]);
