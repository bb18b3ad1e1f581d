import { type SnapshotFrom, setup } from 'xstate';
import type { Order } from '../server/contract/order.ts';
import { isCustomerRole } from '../server/contract/user.ts';
import { providedLater } from './provided.ts';

type OrderFlags = Pick<Order, '_id' | 'payment_status' | 'status' | 'refund_due'>;

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong';

/**
 * One order's two flags and who may change them: payment only by a validated gateway notification,
 * confirmation only by an admin once paid, deletion by the customer only while unpaid.
 */
export const orderMachine = setup({
  types: {
    input: {} as { order: OrderFlags },
    context: {} as { order: OrderFlags },
    events: {} as
      | { type: 'order.paymentNotified'; validated: boolean }
      | { type: 'order.confirm'; role: string }
      | { type: 'order.delete' },
  },
  actors: {
    deleteOrder: providedLater<{ deletedCount: number }, { id: string }>('deleteOrder'),
  },
  actions: {
    announceDeleted: () => {},
    announceFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    isRefundDue: ({ context }) => context.order.refund_due,
    isConfirmed: ({ context }) => context.order.payment_status && context.order.status,
    isPaid: ({ context }) => context.order.payment_status,
    isValidated: ({ event }) => event.type === 'order.paymentNotified' && event.validated,
    isAdmin: ({ event }) => event.type === 'order.confirm' && !isCustomerRole(event.role),
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => ({ order: input.order }),
  initial: 'arriving',
  states: {
    // Starts where the server's flags say the order is.
    arriving: {
      always: [
        { guard: 'isRefundDue', target: 'refundDue' },
        { guard: 'isConfirmed', target: 'paid.confirmed' },
        { guard: 'isPaid', target: 'paid' },
        { target: 'unpaid' },
      ],
    },
    unpaid: {
      on: {
        'order.paymentNotified': { guard: 'isValidated', target: 'paid' },
        'order.delete': 'deleting',
      },
    },
    deleting: {
      invoke: {
        id: 'deleteOrder',
        src: 'deleteOrder',
        input: ({ context }) => ({ id: context.order._id }),
        onDone: { target: 'deleted', actions: 'announceDeleted' },
        onError: {
          target: 'unpaid',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => ({ message: errorMessage(event.error) }),
          },
        },
      },
    },
    deleted: { type: 'final' },
    paid: {
      initial: 'awaitingConfirmation',
      states: {
        awaitingConfirmation: { on: { 'order.confirm': { guard: 'isAdmin', target: 'confirmed' } } },
        confirmed: {},
      },
    },
    // Paid at the gateway after its items had sold out: the restaurant owes a refund.
    refundDue: {},
  },
});

/** The My order Action column: delete while unpaid, an hourglass while paid, a check once confirmed. */
export function orderAction(
  order: SnapshotFrom<typeof orderMachine>,
): 'delete' | 'hourglass' | 'check' | 'none' {
  if (order.matches('unpaid') || order.matches('deleting')) return 'delete';
  if (order.matches({ paid: 'confirmed' })) return 'check';
  if (order.matches('paid')) return 'hourglass';
  return 'none';
}
