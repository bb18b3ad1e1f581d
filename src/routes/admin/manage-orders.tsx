import { useMachine } from '@xstate/react';
import type { Order } from '../../../server/contract/order.ts';
import { liveAdminOrdersMachine } from '../../actors/admin.ts';
import { ListTable } from '../../components/list-table.tsx';
import { OrderLines } from '../../components/order-lines.tsx';
import { showDialog } from '../../ui/dialog.ts';

/** Admin amounts: 'Tk' before the figure, as the spec shows them. */
const Tk = (amount: number) => `Tk ${amount.toFixed(2)}`;

function statusText(order: Order): string {
  if (order.refund_due) return 'Cancelled, refund due';
  return `${order.payment_status ? 'Payment Success' : 'Payment pending'} · ${order.status ? 'Order Confirm' : 'Order Pending'}`;
}

export function ManageOrdersPage() {
  const [list, send] = useMachine(liveAdminOrdersMachine);
  const { rows, error } = list.context;

  async function act(order: Order, action: 'confirm' | 'remove') {
    const confirming = action === 'confirm';
    const answer = await showDialog({
      title: confirming ? 'Confirm this order?' : 'Remove this order?',
      text: confirming
        ? `Order ${order.transaction_id} will be prepared for ${order.fullName}.`
        : order.payment_status
          ? `Order ${order.transaction_id} is paid: it will be cancelled, its stock returned, and a refund will be due.`
          : `Order ${order.transaction_id} is unpaid: it will be deleted and its stock returned.`,
      icon: confirming ? 'question' : 'warning',
      showCancelButton: true,
      confirmButtonText: confirming ? 'Confirm' : 'Remove',
    });
    if (answer.isConfirmed) send({ type: 'list.act', action, id: order._id });
  }

  return (
    <ListTable
      title={`Manage orders (${rows.length})`}
      loading={list.matches('loading')}
      error={list.matches('failed') ? error : null}
      count={rows.length}
      empty={<p className="py-6 text-center text-lg">No orders yet.</p>}
      onRetry={() => send({ type: 'list.reload' })}
      columns={['Order', 'Customer', 'Items', 'Price', 'Status', 'Action']}
      minWidth="min-w-[56rem]"
    >
      {rows.map((order) => {
        // Confirm is offered once paid; an order with a status (or cancelled) shows no buttons.
        const open = !order.status && !order.refund_due;
        return (
          <tr key={order._id} className="border-b border-neutral-200 align-top">
            <td className="py-3 pr-4">
              <span className="block font-mono text-sm break-all">{order.transaction_id}</span>
              <span className="text-sm text-neutral-700">{order.order_time}</span>
            </td>
            <td className="py-3 pr-4">
              <span className="block font-semibold">{order.fullName}</span>
              <span className="block text-sm break-all">{order.email}</span>
              <span className="block text-sm">
                {order.address}, {order.city} {order.postcode}
              </span>
            </td>
            <td className="py-3 pr-4">
              <OrderLines order={order} />
            </td>
            <td className="py-3 pr-4 whitespace-nowrap">{Tk(order.total_price)}</td>
            <td className="py-3 pr-4">{statusText(order)}</td>
            <td className="py-3">
              {open && (
                <span className="flex flex-wrap gap-2">
                  {order.payment_status && (
                    <button
                      type="button"
                      className="btn-primary"
                      disabled={list.matches('acting')}
                      onClick={() => act(order, 'confirm')}
                    >
                      Confirm
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn-dark"
                    disabled={list.matches('acting')}
                    onClick={() => act(order, 'remove')}
                  >
                    Remove
                  </button>
                </span>
              )}
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}
