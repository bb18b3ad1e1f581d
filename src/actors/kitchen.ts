import { fromPromise } from 'xstate';
import type { Order } from '../../contract/order.ts';
import { OrderStateSchema } from '../../contract/order-lifecycle.ts';
import { createListMachine, type RowAction } from '../../machines/list.machine.ts';
import {
  fetchAllOrders,
  fetchOrderEvents,
  fetchOrderMail,
  type OrderListQuery,
  transitionOrder,
} from '../api/admin.ts';
import { asAdmin } from './admin.ts';
import { fromActors, useLogic } from './context.tsx';
import { settle } from './order-feed.ts';

export const kitchenLogic = fromActors((actors) => ({
  /**
   * One column of the kitchen board: the orders in one state. Its row action moves an order to the
   * state the action names (with a cancellation's reason); the page says how it went.
   */
  kitchenColumn: createListMachine<Order, OrderListQuery>('kitchenColumn').provide({
    actors: {
      fetchPage: fromPromise(({ input }) =>
        asAdmin(actors, (uid) => fetchAllOrders(uid, input.query, input.cursor)),
      ),
      act: fromPromise(async ({ input }: { input: RowAction }) => {
        const to = OrderStateSchema.options.find((state) => state === input.action);
        if (!to) throw new Error(`Unknown step: ${input.action}`);
        await asAdmin(actors, (uid) =>
          transitionOrder(uid, input.id, input.note === undefined ? { to } : { to, note: input.note }),
        );
        return 1;
      }),
    },
  }),

  /** An order's timeline, as staff read it. */
  orderEvents: fromPromise(({ input }: { input: { id: string } }) =>
    settle(asAdmin(actors, (uid) => fetchOrderEvents(uid, input.id))),
  ),

  /** The e-mails an order caused, with their delivery state. */
  orderMail: fromPromise(({ input }: { input: { id: string } }) =>
    settle(asAdmin(actors, (uid) => fetchOrderMail(uid, input.id))),
  ),
}));

/** The kitchen board's columns and an order's timeline and mail, read as the registry's signed-in admin. */
export const useKitchenLogic = () => useLogic(kitchenLogic);
