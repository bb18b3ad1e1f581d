import { fromPromise } from 'xstate';
import type { Order } from '../../contract/order.ts';
import { orderAgainMessage } from '../../contract/reorder.ts';
import { createListMachine } from '../../machines/list.machine.ts';
import { orderMachine } from '../../machines/order.machine.ts';
import { paymentResultMachine } from '../../machines/payment-result.machine.ts';
import { reorderMachine } from '../../machines/reorder.machine.ts';
import { forgetCart } from '../api/cart.ts';
import {
  deleteOrder,
  fetchMyOrderEvents,
  fetchMyOrders,
  fetchPaymentStatus,
  orderAgain,
  payNow,
} from '../api/orders.ts';
import type { PageSize } from '../api/paging.ts';
import { rejectReadably } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { fromActors, useLogic } from './context.tsx';
import { settle } from './order-feed.ts';

export const ordersLogic = fromActors(({ cart, signedInUid }) => ({
  myOrders: createListMachine<Order, PageSize>('myOrders').provide({
    actors: {
      fetchPage: fromPromise(({ input }) =>
        fetchMyOrders(signedInUid(), input.query, input.cursor).catch(rejectReadably),
      ),
    },
  }),

  order: orderMachine.provide({
    actors: {
      deleteOrder: fromPromise(({ input }) => deleteOrder(input.id, signedInUid()).catch(rejectReadably)),
    },
    actions: {
      announceDeleted: () => notify.success('Order delete successful!'),
      announceFailure: (_, { message }) => notify.error(message),
    },
  }),

  reorder: reorderMachine.provide({
    actors: {
      orderAgain: fromPromise(({ input }) => orderAgain(input.id, signedInUid()).catch(rejectReadably)),
      payNow: fromPromise(({ input }) =>
        payNow(input.id, signedInUid(), input.orderTime).catch(rejectReadably),
      ),
    },
    actions: {
      announceAgain: (_, { again }) => {
        cart.send({ type: 'cart.refresh' });
        if (again.added.length > 0) notify.success(orderAgainMessage(again));
        else notify.error(orderAgainMessage(again));
      },
      redirectTo: (_, { url }) => window.location.assign(url),
    },
  }),

  paymentResult: paymentResultMachine.provide({
    actors: {
      fetchStatus: fromPromise(async ({ input }) => {
        const status = await fetchPaymentStatus(input.transactionId, signedInUid()).catch(rejectReadably);
        // A paid order took its lines out of the cart on the server.
        if (status.payment_status) {
          forgetCart();
          cart.send({ type: 'cart.refresh' });
        }
        return status;
      }),
    },
  }),

  /** One of the customer's orders' timeline, read when they open it. */
  myOrderEvents: fromPromise(({ input }: { input: { id: string } }) =>
    settle(
      Promise.resolve()
        .then(() => fetchMyOrderEvents(input.id, signedInUid()))
        .catch(rejectReadably),
    ),
  ),

  /**
   * The order a payment was for, to track it on the result page: a payment just made is among the
   * customer's newest orders; null when it is not there (an old link).
   */
  orderOfPayment: fromPromise(({ input }: { input: { transactionId: string } }) =>
    settle(
      Promise.resolve()
        .then(() => fetchMyOrders(signedInUid(), {}, null))
        .then((page) => page.rows.find((order) => order.transaction_id === input.transactionId) ?? null)
        .catch(rejectReadably),
    ),
  ),
}));

/** My order's and the payment result's machines, acting as the registry's signed-in customer. */
export const useOrdersLogic = () => useLogic(ordersLogic);
