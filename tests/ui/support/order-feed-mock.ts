// Stands in for the order feed in the page tests: the real feed machine, its stream replaced by one the
// test speaks through (`stream.send`). Use: give `orderFeedStandIn` to the page's provider
// (withActors in ./actors.tsx).
import { type EventObject, fromCallback } from 'xstate';
import type { OrderStreamActorEvent, OrderStreamScope } from '../../../contract/order-stream.ts';
import { orderFeedMachine } from '../../../machines/order-feed.machine.ts';
import { giveLogic } from '../../../src/actors/context.tsx';
import { orderFeedLogic } from '../../../src/actors/order-feed.ts';

/** What the page's open stream hears: an event, or a change of the connection's state. */
export const stream = {
  send: (_event: OrderStreamActorEvent): void => {
    throw new Error('No page has opened its order stream yet');
  },
};

/** The feed machine with the test's stream (the kitchen board runs one inside itself). */
export const standInFeed = orderFeedMachine.provide({
  actors: {
    followOrders: fromCallback<EventObject, { scope: OrderStreamScope }>(({ sendBack }) => {
      stream.send = sendBack;
    }),
  },
});

export const orderFeedStandIn = giveLogic(orderFeedLogic, { orderFeed: standInFeed });
