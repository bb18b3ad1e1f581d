import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { Order, OrderStage } from '../../../server/contract/order.ts';
import { liveAdminOrdersMachine } from '../../actors/admin.ts';
import { FormField } from '../../components/form-field.tsx';
import {
  ChoiceFilter,
  ClearFilters,
  chosen,
  filled,
  ListFilters,
  readSearch,
} from '../../components/list-filters.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { OrderLines } from '../../components/order-lines.tsx';
import { showDialog } from '../../ui/dialog.ts';
import { type ManageOrdersSearch, ManageOrdersSearchSchema } from '../list-search.ts';
import { useListSearch, usePagedList } from '../use-paged-list.ts';

/** Admin amounts: 'Tk' before the figure, as the spec shows them. */
const Tk = (amount: number) => `Tk ${amount.toFixed(2)}`;

function statusText(order: Order): string {
  if (order.refund_due) return 'Cancelled, refund due';
  return `${order.payment_status ? 'Payment Success' : 'Payment pending'} · ${order.status ? 'Order Confirm' : 'Order Pending'}`;
}

const STAGES: ReadonlyArray<[OrderStage, string]> = [
  ['unpaid', 'Unpaid'],
  ['paid', 'Paid'],
  ['confirmed', 'Confirmed'],
  ['refund_due', 'Refund due'],
];

type Filters = Pick<ManageOrdersSearch, 'status' | 'from' | 'to' | 'q'>;
type FilterErrors = Partial<Record<'from' | 'to' | 'q', string>>;

/** The form's filters, checked as the server checks them; the address takes them only when they pass. */
function readFilters(form: FormData): { filters: Filters; errors: FilterErrors } {
  const status = chosen(form, 'status', STAGES);
  const from = filled(form, 'from');
  const to = filled(form, 'to');
  const { q, problem } = readSearch(form);
  const errors: FilterErrors = {};
  if (problem) errors.q = problem;
  if (from && to && to < from) errors.to = 'To must not be before From';
  return { filters: { status, from, to, q }, errors };
}

function OrderFilters({ search }: { search: ManageOrdersSearch }) {
  const navigate = useNavigate({ from: '/admin/manage-orders' });
  const [errors, setErrors] = useState<FilterErrors>({});
  const filtered = Boolean(search.status || search.from || search.to || search.q);
  return (
    <ListFilters
      // A new address (Back, Clear filters) shows its own filters.
      key={JSON.stringify([search.status, search.from, search.to, search.q])}
      label="Filter orders"
      filtered={filtered}
      onApply={(form) => {
        const { filters, errors } = readFilters(form);
        setErrors(errors);
        if (Object.keys(errors).length > 0) return;
        void navigate({ search: ({ limit }) => ({ ...filters, limit }), resetScroll: false });
      }}
    >
      <ChoiceFilter label="Status" name="status" value={search.status} choices={STAGES} />
      <div className="w-full min-[26rem]:w-[calc(50%-0.5rem)] sm:w-44">
        <FormField label="From" error={errors.from}>
          <input type="date" name="from" className="field" defaultValue={search.from ?? ''} />
        </FormField>
      </div>
      <div className="w-full min-[26rem]:w-[calc(50%-0.5rem)] sm:w-44">
        <FormField label="To" error={errors.to}>
          <input type="date" name="to" className="field" defaultValue={search.to ?? ''} />
        </FormField>
      </div>
      <div className="w-full sm:w-72">
        <FormField label="Search" error={errors.q}>
          <input
            type="search"
            name="q"
            className="field"
            placeholder="Transaction id, name or e-mail"
            defaultValue={search.q ?? ''}
          />
        </FormField>
      </div>
    </ListFilters>
  );
}

export function ManageOrdersPage() {
  const search = useListSearch(ManageOrdersSearchSchema, useSearch({ from: '/admin/manage-orders' }));
  const { rows, send, canAct, table } = usePagedList(liveAdminOrdersMachine, search, ['order', 'orders']);
  const filtered = Boolean(search.status || search.from || search.to || search.q);

  async function act(order: Order, action: 'confirm' | 'remove') {
    const confirming = action === 'confirm';
    const answer = await showDialog({
      titleText: confirming ? 'Confirm this order?' : 'Remove this order?',
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
      title="Manage orders"
      {...table}
      filters={<OrderFilters search={search} />}
      empty={
        filtered ? (
          <div className="grid justify-items-center gap-2 py-6 text-center">
            <p className="text-lg">No orders match these filters.</p>
            <ClearFilters />
          </div>
        ) : (
          <p className="py-6 text-center text-lg">{search.cursor ? 'No older orders.' : 'No orders yet.'}</p>
        )
      }
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
                      disabled={!canAct}
                      onClick={() => act(order, 'confirm')}
                    >
                      Confirm
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn-dark"
                    disabled={!canAct}
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
