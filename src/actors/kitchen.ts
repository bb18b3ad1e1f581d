import { fromPromise } from 'xstate';
import { createListMachine, type RowAction } from '../../machines/list.machine.ts';
import type { Order } from '../../server/contract/order.ts';
import { OrderStateSchema } from '../../server/contract/order-lifecycle.ts';
import {
  fetchAllOrders,
  fetchOrderEvents,
  fetchOrderMail,
  type OrderListQuery,
  transitionOrder,
} from '../api/admin.ts';
import { asAdmin } from './admin.ts';
import { settle } from './order-feed.ts';

/**
 * One column of the kitchen board: the orders in one state. Its row action moves an order to the
 * state the action names (with a cancellation's reason); the page says how it went.
 */
export const liveKitchenColumnMachine = createListMachine<Order, OrderListQuery>('kitchenColumn').provide({
  actors: {
    fetchPage: fromPromise(({ input }) => asAdmin((uid) => fetchAllOrders(uid, input.query, input.cursor))),
    act: fromPromise(async ({ input }: { input: RowAction }) => {
      const to = OrderStateSchema.options.find((state) => state === input.action);
      if (!to) throw new Error(`Unknown step: ${input.action}`);
      await asAdmin((uid) =>
        transitionOrder(uid, input.id, input.note === undefined ? { to } : { to, note: input.note }),
      );
      return 1;
    }),
  },
});

/** An order's timeline, as staff read it. */
export const liveOrderEvents = fromPromise(({ input }: { input: { id: string } }) =>
  settle(asAdmin((uid) => fetchOrderEvents(uid, input.id))),
);

/** The e-mails an order caused, with their delivery state. */
export const liveOrderMail = fromPromise(({ input }: { input: { id: string } }) =>
  settle(asAdmin((uid) => fetchOrderMail(uid, input.id))),
);
