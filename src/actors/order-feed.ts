import { orderFeedMachine } from '../../machines/order-feed.machine.ts';
import { standalone, useLogic } from './context.tsx';
import { orderStreamActor } from './order-stream.ts';

/** The order feed following the API's live stream (the kitchen board's runs inside the board). */
export const liveOrderFeed = orderFeedMachine.provide({ actors: { followOrders: orderStreamActor } });

export const orderFeedLogic = standalone(() => ({
  /** The live order events a page follows (scope 'mine' for a customer, 'all' for staff). */
  orderFeed: liveOrderFeed,
}));

/** The order feed's machine; the stream names its reader by the API token it carries. */
export const useOrderFeedLogic = () => useLogic(orderFeedLogic);

/**
 * A read a page shows in place (a timeline, an order's mail): its answer or the sentence saying why
 * there is none. It never rejects, as a rejected actor would take the whole page to the error page.
 */
export type Settled<T> = { ok: true; value: T } | { ok: false; message: string };

export const settle = <T>(read: Promise<T>): Promise<Settled<T>> =>
  read.then(
    (value): Settled<T> => ({ ok: true, value }),
    (error: unknown): Settled<T> => ({
      ok: false,
      message: error instanceof Error ? error.message : 'Something went wrong',
    }),
  );
