import {
  ORDER_ACTORS,
  ORDER_STATES,
  ORDER_TYPES,
  type OrderState,
  type OrderType,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../../contract/order-lifecycle.ts';
import { orderMachine } from '../../../../machines/order.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

export const order = (state: OrderState, type: OrderType = 'delivery', method: PaymentMethod = 'online') => ({
  order: { _id: 'o1', state, order_type: type, payment_method: method },
});

const pending = orderMachine.provide({
  actors: {
    deleteOrder: neverAnswers<{ deletedCount: number }, { id: string }>(),
  },
});

/** Every (to, by) pair of the lifecycle, allowed or not: the walk finds which ones the machine takes. */
export const EVERY_TRANSITION = ORDER_STATES.flatMap((to) =>
  ORDER_ACTORS.map((by) => ({ type: 'order.transition' as const, to, by })),
);

const events = (snapshot: { hasTag: (tag: 'deleting') => boolean }) =>
  [
    ...EVERY_TRANSITION,
    { type: 'order.delete' },
    ...(snapshot.hasTag('deleting')
      ? [
          { type: 'xstate.done.actor.deleteOrder', output: { deletedCount: 1 } },
          { type: 'xstate.error.actor.deleteOrder', error: new Error('A paid order can not be deleted') },
        ]
      : []),
  ] as never;

/** Walked from every state the server may report an order in, for each type of order and way of paying. */
export const orderModel = defineModel(
  pending,
  PAYMENT_METHODS.flatMap((method) =>
    ORDER_TYPES.flatMap((type) =>
      ORDER_STATES.map((state) => ({ input: order(state, type, method), events })),
    ),
  ),
);
