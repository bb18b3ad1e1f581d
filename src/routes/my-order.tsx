import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { CircleCheck, Hourglass } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { orderAction } from '../../machines/order.machine.ts';
import type { Order } from '../../server/contract/order.ts';
import { liveMyOrdersMachine, liveOrderMachine } from '../actors/orders.ts';
import { DeleteButton } from '../components/controls.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { ListTable } from '../components/list-table.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { tk } from '../components/order-summary.tsx';
import { showDialog } from '../ui/dialog.ts';
import { PagedSearchSchema } from './list-search.ts';
import { useListSearch, usePagedList } from './use-paged-list.ts';

function OrderStatus({ order }: { order: Order }) {
  if (order.refund_due) return <span className="font-semibold text-coral-ink">Refund due: sold out</span>;
  return (
    <span className="grid gap-1">
      <span className={order.payment_status ? 'font-semibold text-green-800' : 'text-neutral-700'}>
        {order.payment_status ? 'Payment Success' : 'Payment pending'}
      </span>
      <span className={order.status ? 'font-semibold text-green-800' : 'text-neutral-700'}>
        {order.status ? 'Order Confirm' : 'Order Pending'}
      </span>
    </span>
  );
}

function OrderRow({ order, onDeleted }: { order: Order; onDeleted: (id: string) => void }) {
  const [state, send] = useMachine(liveOrderMachine, { input: { order } });
  const deleted = state.matches('deleted');
  useEffect(() => {
    if (deleted) onDeleted(order._id);
  }, [deleted, onDeleted, order._id]);

  async function confirmDelete() {
    const answer = await showDialog({
      titleText: 'Delete this order?',
      text: `Order ${order.transaction_id} has not been paid. Deleting it can not be undone.`,
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: 'Delete',
    });
    if (answer.isConfirmed) send({ type: 'order.delete' });
  }

  const action = orderAction(state);
  return (
    <tr className="border-b border-neutral-200 align-top">
      <td className="py-3 pr-4 whitespace-nowrap">{order.order_time}</td>
      <td className="py-3 pr-4">
        {order.address}, {order.city}
      </td>
      <td className="py-3 pr-4 whitespace-nowrap">{tk(order.total_price)}</td>
      <td className="py-3 pr-4 font-mono text-sm break-all">{order.transaction_id}</td>
      <td className="py-3 pr-4">
        <OrderLines order={order} />
      </td>
      <td className="py-3 pr-4">
        <OrderStatus order={order} />
      </td>
      <td className="py-3">
        {action === 'delete' && (
          <DeleteButton
            label={`Delete order ${order.transaction_id}`}
            disabled={state.matches('deleting')}
            onClick={confirmDelete}
          />
        )}
        {action === 'hourglass' && (
          <span
            role="img"
            aria-label="Paid, waiting for the restaurant to confirm"
            className="inline-flex size-11 items-center justify-center"
          >
            <Hourglass
              aria-hidden="true"
              className="size-5 animate-spin text-brand-ink [animation-duration:3s]"
            />
          </span>
        )}
        {action === 'check' && (
          <span
            role="img"
            aria-label="Order confirmed"
            className="inline-flex size-11 items-center justify-center"
          >
            <CircleCheck aria-hidden="true" className="size-6 text-coral" />
          </span>
        )}
      </td>
    </tr>
  );
}

export function MyOrderPage() {
  const search = useListSearch(PagedSearchSchema, useSearch({ from: '/user-dashboard/my-order' }));
  const { rows, send, table } = usePagedList(liveMyOrdersMachine, search, ['order', 'orders']);
  // Its own order machine deleted the order: only that order's page is read again.
  const refresh = useCallback((id: string) => send({ type: 'list.refresh', id }), [send]);

  return (
    <ListTable
      title="My order"
      {...table}
      empty={
        search.cursor ? (
          <p className="py-6 text-center text-lg">No older orders.</p>
        ) : (
          <EmptyState image="/images/empty-orders.svg" text="You have no orders yet." />
        )
      }
      columns={['Order Date', 'Address', 'Price', 'Transaction ID', 'Order Items', 'Status', 'Action']}
      minWidth="min-w-[52rem]"
    >
      {rows.map((order) => (
        <OrderRow
          key={`${order._id}:${order.payment_status}:${order.status}:${order.refund_due}`}
          order={order}
          onDeleted={refresh}
        />
      ))}
    </ListTable>
  );
}
