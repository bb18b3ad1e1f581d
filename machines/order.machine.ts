import { assign, type SnapshotFrom, setup } from 'xstate';
import type { Order } from '../server/contract/order.ts';
import {
  ACCEPTED_STATES,
  FINAL_STATES,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderState,
  PAID_STATES,
} from '../server/contract/order-lifecycle.ts';
import { providedLater } from './provided.ts';

type OrderFacts = Pick<Order, '_id' | 'state'>;

/** Someone moved the order: a gateway notification, the expiry job, the customer or staff. */
export type OrderTransitionEvent = { type: 'order.transition'; to: OrderState; by: OrderActor };

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong';

const setupOrder = setup({
  types: {
    input: {} as { order: OrderFacts },
    context: {} as { order: OrderFacts },
    events: {} as OrderTransitionEvent | { type: 'order.delete' },
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
    /** The event asks for this row of the table (its target and who makes it). */
    isTransition: ({ event }, params: { to: OrderState; by: OrderActor }) =>
      event.type === 'order.transition' && event.to === params.to && event.by === params.by,
    isIn: ({ context }, params: { state: OrderState }) => context.order.state === params.state,
  },
});

/*
 * The states and their 'order.transition' handlers are generated from the shared table rather than
 * written out: the server's conditional UPDATE reads the same rows, so the two can not drift apart
 * (tests/machines/order-lifecycle.test.ts checks every (state, to, by) triple).
 */
const transitionsFrom = (from: OrderState) =>
  ORDER_TRANSITIONS.filter((t) => t.from === from).map(({ to, by }) => ({
    guard: { type: 'isTransition' as const, params: { to, by } },
    target: `#order.${to}`,
    actions: { type: 'record' as const, params: { state: to } },
  }));

// Delivered and refunded have no way out: final, so nothing (a stray event included) moves them.
const lifecycleStates = Object.fromEntries(
  ORDER_STATES.map((state) => [
    state,
    FINAL_STATES.includes(state)
      ? { type: 'final' as const }
      : { on: { 'order.transition': transitionsFrom(state) } },
  ]),
) as Record<
  OrderState,
  { type: 'final' } | { on: { 'order.transition': ReturnType<typeof transitionsFrom> } }
>;

/**
 * One order's life, one state per lifecycle state, generated from the shared transition table
 * (server/contract/order-lifecycle.ts): 'order.transition' moves it only where the table lets that
 * actor. While it awaits payment the customer may delete it (the order is then gone).
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
    awaiting_payment: {
      initial: 'idle',
      on: { 'order.transition': transitionsFrom('awaiting_payment') },
      states: {
        idle: { on: { 'order.delete': 'deleting' } },
        deleting: {
          // The customer's own cancellation, heard live before the call answers: the answer decides.
          on: {
            'order.transition': {
              guard: { type: 'isTransition', params: { to: 'cancelled', by: 'customer' } },
            },
          },
          invoke: {
            id: 'deleteOrder',
            src: 'deleteOrder',
            input: ({ context }) => ({ id: context.order._id }),
            onDone: { target: '#order.deleted', actions: 'announceDeleted' },
            onError: {
              target: 'idle',
              actions: {
                type: 'announceFailure',
                params: ({ event }) => ({ message: errorMessage(event.error) }),
              },
            },
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
});

export type OrderSnapshot = SnapshotFrom<typeof orderMachine>;

/** The lifecycle state the machine is in; null once the order is deleted. */
export function orderStateOf(snapshot: OrderSnapshot): OrderState | null {
  return snapshot.matches('deleted') ? null : snapshot.context.order.state;
}

/** The spec's two flags, as views of the state ('Payment Success', 'Order Confirm'). */
export const isPaidState = (state: OrderState): boolean => PAID_STATES.includes(state);
export const isAcceptedState = (state: OrderState): boolean => ACCEPTED_STATES.includes(state);

/** The My order Action column: delete while unpaid, an hourglass while paid, a check once confirmed. */
export function orderAction(order: OrderSnapshot): 'delete' | 'hourglass' | 'check' | 'none' {
  if (order.matches('awaiting_payment')) return 'delete';
  if (order.matches('paid')) return 'hourglass';
  const state = orderStateOf(order);
  if (state && isAcceptedState(state)) return 'check';
  return 'none';
}
