import { assign, type SnapshotFrom, setup } from 'xstate';
import type { Order } from '../contract/order.ts';
import {
  ACCEPTED_STATES,
  FINAL_STATES,
  isPaid,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderState,
  type OrderType,
  type PaymentMethod,
} from '../contract/order-lifecycle.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/**
 * The order's id, state, type and payment method (none from a server that knows nothing of them: a
 * delivery paid online).
 */
type OrderFacts = Pick<Order, '_id' | 'state' | 'order_type' | 'payment_method'>;

/** Someone moved the order: a gateway notification, the expiry job, the customer or staff. */
export type OrderTransitionEvent = { type: 'order.transition'; to: OrderState; by: OrderActor };

const setupOrder = setup({
  types: {
    input: {} as { order: OrderFacts },
    context: {} as { order: OrderFacts },
    events: {} as OrderTransitionEvent | { type: 'order.delete' },
    tags: {} as 'deleting',
  },
  actors: {
    deleteOrder: providedLater<{ deletedCount: number }, { id: string }>('deleteOrder'),
  },
  actions: {
    /** The order's own record follows the machine, so `context.order.state` is always the state. */
    record: assign({
      order: ({ context }, params: { state: OrderState }) => ({ ...context.order, ...params }),
    }),
    announceDeleted: () => {},
    announceFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    /**
     * The event asks for this row of the table (its target and who makes it), and the row fits the
     * order's type and payment method.
     */
    isTransition: (
      { context, event },
      params: { to: OrderState; by: OrderActor; only?: OrderType; method?: PaymentMethod },
    ) =>
      event.type === 'order.transition' &&
      event.to === params.to &&
      event.by === params.by &&
      (params.only === undefined || params.only === (context.order.order_type ?? 'delivery')) &&
      (params.method === undefined || params.method === (context.order.payment_method ?? 'online')),
    isIn: ({ context }, params: { state: OrderState }) => context.order.state === params.state,
  },
});

/*
 * The states and their 'order.transition' handlers are generated from the shared table rather than
 * written out: the server's conditional UPDATE reads the same rows, so the two can not drift apart
 * (tests/machines/order-lifecycle.test.ts checks every (state, to, by) triple).
 */
const transitionsFrom = (from: OrderState) =>
  ORDER_TRANSITIONS.filter((t) => t.from === from).map(({ to, by, only, method }) => ({
    guard: {
      type: 'isTransition' as const,
      params: { to, by, ...(only && { only }), ...(method && { method }) },
    },
    target: `#order.${to}`,
    actions: { type: 'record' as const, params: { state: to } },
  }));

/**
 * While unpaid, the customer's Delete (the table's cancellation by the customer) is offered: a cash order
 * only until the kitchen accepts it.
 */
const deletable = (state: OrderState) =>
  ORDER_TRANSITIONS.some((t) => t.from === state && t.to === 'cancelled' && t.by === 'customer');

/** The Delete of a deletable state: idle until asked, then the call, announced either way. */
const deletion = {
  initial: 'idle' as const,
  states: {
    idle: { on: { 'order.delete': 'deleting' } },
    deleting: {
      tags: ['deleting' as const],
      // The customer's own cancellation, heard live before the call answers: the answer decides.
      on: {
        'order.transition': {
          guard: {
            type: 'isTransition' as const,
            params: { to: 'cancelled' as const, by: 'customer' as const },
          },
        },
      },
      invoke: {
        id: 'deleteOrder',
        src: 'deleteOrder' as const,
        input: ({ context }: { context: { order: OrderFacts } }) => ({ id: context.order._id }),
        onDone: { target: '#order.deleted', actions: 'announceDeleted' as const },
        onError: {
          target: 'idle',
          actions: {
            type: 'announceFailure' as const,
            params: ({ event }: { event: { error: unknown } }) => ({ message: errorMessage(event.error) }),
          },
        },
      },
    },
  },
};

// Delivered and refunded have no way out: final, so nothing (a stray event included) moves them.
const lifecycleStates = Object.fromEntries(
  ORDER_STATES.map((state) => [
    state,
    FINAL_STATES.includes(state)
      ? { type: 'final' as const }
      : {
          on: { 'order.transition': transitionsFrom(state) },
          ...(deletable(state) ? deletion : {}),
        },
  ]),
) as Record<OrderState, object>;

/**
 * One order's life, one state per lifecycle state, generated from the shared transition table
 * (contract/order-lifecycle.ts): 'order.transition' moves it only where the table lets that
 * actor. While it is unpaid the customer may delete it (the order is then gone from their list).
 */
export const orderMachine = setupOrder.createMachine({
  id: 'order',
  context: ({ input }) => ({ order: input.order }),
  initial: 'arriving',
  states: {
    // Starts where the server says the order is.
    arriving: {
      always: ORDER_STATES.map((state) => ({
        guard: { type: 'isIn' as const, params: { state } },
        target: state,
      })),
    },
    ...lifecycleStates,
    deleted: { type: 'final' },
  },
});

export type OrderSnapshot = SnapshotFrom<typeof orderMachine>;

/** The lifecycle state the machine is in; null once the order is deleted. */
export function orderStateOf(snapshot: OrderSnapshot): OrderState | null {
  return snapshot.matches('deleted') ? null : snapshot.context.order.state;
}

/** The spec's two flags, as views of the state ('Payment Success', 'Order Confirm'). */
export const isPaidState = (state: OrderState, method?: PaymentMethod): boolean => isPaid(state, method);
export const isAcceptedState = (state: OrderState): boolean => ACCEPTED_STATES.includes(state);

/** The My order Action column: delete while unpaid, an hourglass while paid, a check once confirmed. */
// A staff-cancelled order is unpaid too, but nothing more can be done to it: it shows none.
export function orderAction(order: OrderSnapshot): 'delete' | 'hourglass' | 'check' | 'none' {
  const state = orderStateOf(order);
  if (state && deletable(state)) return 'delete';
  if (order.matches('paid')) return 'hourglass';
  if (state && isAcceptedState(state)) return 'check';
  return 'none';
}
