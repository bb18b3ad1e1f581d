import { useNavigate, useSearch } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { formatAdminPrice, toCents } from '../../../contract/money.ts';
import { type Order, OrderSearchSchema, orderNumberText } from '../../../contract/order.ts';
import {
  ORDER_STATE_LABELS,
  ORDER_STATES,
  type OrderEvent,
  type OrderState,
  type PaymentMethod,
} from '../../../contract/order-lifecycle.ts';
import { orderStatusWords } from '../../../contract/order-status.ts';
import { useAdminLogic } from '../../actors/admin.ts';
import { useKitchenLogic } from '../../actors/kitchen.ts';
import { FormField } from '../../components/form-field.tsx';
import {
  ChoiceFilter,
  ClearFilters,
  chosen,
  filled,
  ListFilters,
  readSearch,
  SearchFilter,
} from '../../components/list-filters.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { OrderLines } from '../../components/order-lines.tsx';
import { showDialog } from '../../ui/dialog.ts';
import { type ManageOrdersSearch, ManageOrdersSearchSchema } from '../list-search.ts';
import { OrderTimelinePanel } from '../order-timeline-panel.tsx';
import { useListSearch, usePagedList } from '../use-paged-list.ts';

const STATES: ReadonlyArray<[OrderState, string]> = ORDER_STATES.map((state) => [
  state,
  ORDER_STATE_LABELS[state],
]);

/** Paid online or in cash at the door or the counter. */
const METHODS: ReadonlyArray<[PaymentMethod, string]> = [
  ['online', 'Online'],
  ['cash', 'Cash'],
];

// One filter by where the order is: its lifecycle state. (An address from before, with the spec's
// stages in ?status=, still filters, and Clear filters takes it off.)
type Filters = Pick<ManageOrdersSearch, 'state' | 'from' | 'to' | 'q' | 'payment_method'>;
type FilterErrors = Partial<Record<'from' | 'to' | 'q', string>>;

/** The form's filters, checked as the server checks them; the address takes them only when they pass. */
function readFilters(form: FormData): { filters: Filters; errors: FilterErrors } {
  const state = chosen(form, 'state', STATES);
  const payment_method = chosen(form, 'payment_method', METHODS);
  const from = filled(form, 'from');
  const to = filled(form, 'to');
  const { q, problem } = readSearch(form, OrderSearchSchema);
  const errors: FilterErrors = {};
  if (problem) errors.q = problem;
  if (from && to && to < from) errors.to = 'To must not be before From';
  return { filters: { state, from, to, q, payment_method }, errors };
}

function OrderFilters({ search }: { search: ManageOrdersSearch }) {
  const navigate = useNavigate({ from: '/admin/manage-orders' });
  const [errors, setErrors] = useState<FilterErrors>({});
  const filtered = Boolean(
    search.status || search.state || search.from || search.to || search.q || search.payment_method,
  );
  return (
    <ListFilters
      // A new address (Back, Clear filters) shows its own filters.
      key={JSON.stringify([
        search.status,
        search.state,
        search.from,
        search.to,
        search.q,
        search.payment_method,
      ])}
      label="Filter orders"
      filtered={filtered}
      onApply={(form) => {
        const { filters, errors } = readFilters(form);
        setErrors(errors);
        if (Object.keys(errors).length > 0) return;
        void navigate({ search: ({ limit }) => ({ ...filters, limit }), resetScroll: false });
      }}
    >
      <ChoiceFilter label="State" name="state" value={search.state} choices={STATES} />
      <ChoiceFilter label="Payment" name="payment_method" value={search.payment_method} choices={METHODS} />
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
      <SearchFilter placeholder="Order no., id, name or e-mail" value={search.q} error={errors.q} />
    </ListFilters>
  );
}

const NO_EVENTS: readonly OrderEvent[] = [];

const MAIL_STATE: Record<'pending' | 'sent' | 'failed', string> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Failed',
};

/** The e-mails an order caused and whether they went out. */
function OrderMail({ id }: { id: string }) {
  const { orderMail } = useKitchenLogic();
  const [snapshot] = useActor(orderMail, { input: { id } });
  const read = snapshot.output;
  if (!read) return <p className="text-neutral-700">Loading the messages…</p>;
  if (!read.ok)
    return (
      <p role="alert" className="text-coral-ink">
        {read.message}
      </p>
    );
  if (read.value.length === 0) return <p className="text-neutral-700">No messages.</p>;
  return (
    <ul className="grid gap-2">
      {read.value.map((mail) => (
        <li key={mail.id} className="grid">
          <span className="font-semibold break-words">{mail.subject}</span>
          <span className="text-sm break-all">To {mail.to}</span>
          <span className={`text-sm ${mail.state === 'failed' ? 'font-semibold text-coral-ink' : ''}`}>
            {MAIL_STATE[mail.state]}
            {mail.sentAt ? ` · ${dayjs(mail.sentAt).format('D MMM YYYY, h:mm A')}` : ''}
            {mail.state !== 'sent' && mail.attempts > 0 ? ` · ${mail.attempts} attempts` : ''}
            {mail.lastError ? ` · ${mail.lastError}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** An order's expanded row: its timeline and its e-mails, side by side where there is room. */
function OrderHistory({ id }: { id: string }) {
  const { orderEvents } = useKitchenLogic();
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="grid content-start gap-2">
        <h3 className="font-bold">Timeline</h3>
        <OrderTimelinePanel id={id} logic={orderEvents} liveEvents={NO_EVENTS} />
      </div>
      <div className="grid content-start gap-2">
        <h3 className="font-bold">Messages</h3>
        <OrderMail id={id} />
      </div>
    </div>
  );
}

export function ManageOrdersPage() {
  const search = useListSearch(ManageOrdersSearchSchema, useSearch({ from: '/admin/manage-orders' }));
  const { adminOrders } = useAdminLogic();
  const { rows, send, canAct, table } = usePagedList(adminOrders, search, ['order', 'orders']);
  const filtered = Boolean(
    search.status || search.state || search.from || search.to || search.q || search.payment_method,
  );
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  async function markRefunded(order: Order) {
    const answer = await showDialog({
      titleText: 'Mark this order refunded?',
      text: `The payment of ${formatAdminPrice(toCents(order.total_price))} for order ${order.transaction_id} has been sent back to ${order.fullName}.`,
      icon: 'question',
      showCancelButton: true,
      confirmButtonText: 'Mark refunded',
    });
    if (answer.isConfirmed) send({ type: 'list.act', action: 'refunded', id: order._id });
  }

  async function act(order: Order, action: 'confirm' | 'remove') {
    const confirming = action === 'confirm';
    const answer = await showDialog({
      titleText: confirming ? 'Confirm this order?' : 'Remove this order?',
      text: confirming
        ? `Order ${order.transaction_id} will be prepared for ${order.fullName}.`
        : order.payment_status
          ? `Order ${order.transaction_id} is paid: it will be cancelled, its stock returned, and a refund will be due.`
          : `Order ${order.transaction_id} is unpaid: it will be cancelled and its stock returned.`,
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
        // The spec's buttons while the order is open: Confirm once paid (a cash order once placed),
        // Remove until confirmed. Later steps (and a cancellation after them) are the kitchen board's.
        const open = order.state === 'awaiting_payment' || order.state === 'paid' || order.state === 'placed';
        const shown = expanded.has(order._id);
        const detailsId = `order-${order._id}-timeline`;
        return (
          <Fragment key={order._id}>
            <tr className="border-b border-neutral-200 align-top">
              <td className="py-3 pr-4">
                <span className="block text-lg font-bold tabular-nums">{orderNumberText(order)}</span>
                <span className="block font-mono text-sm break-all">{order.transaction_id}</span>
                <span className="text-sm text-neutral-700">{order.order_time}</span>
              </td>
              <td className="py-3 pr-4">
                <span className="block font-semibold">{order.fullName}</span>
                {order.taken_by && <span className="block text-sm font-bold">Phone order</span>}
                <span className="block text-sm break-all">{order.email}</span>
                {/* The number to call when the rider can not find the door. */}
                <a
                  href={`tel:${order.phone.replace(/[^+0-9]/g, '')}`}
                  className="flex min-h-11 items-center text-sm underline underline-offset-2"
                  aria-label={`Call ${order.fullName} on ${order.phone}`}
                >
                  {order.phone}
                </a>
                <span className="block text-sm">
                  {order.address}, {order.city} {order.postcode}
                </span>
              </td>
              <td className="py-3 pr-4">
                <OrderLines order={order} />
              </td>
              <td className="py-3 pr-4 whitespace-nowrap">
                {formatAdminPrice(toCents(order.total_price))}
                {order.discount ? (
                  <span className="block text-sm text-green-800">
                    {order.promo_code}: −{formatAdminPrice(toCents(order.discount))}
                  </span>
                ) : null}
              </td>
              <td className="py-3 pr-4">
                <span className="block font-semibold">
                  {orderStatusWords(order.state, order.payment_method).join(' · ')}
                </span>
                {order.paid_after_closing && (
                  <span className="block text-sm font-semibold text-coral-ink">Paid after closing</span>
                )}
              </td>
              <td className="py-3">
                <button
                  type="button"
                  className="mb-2 inline-flex min-h-11 items-center font-bold text-brand-ink underline underline-offset-4"
                  aria-expanded={shown}
                  aria-controls={shown ? detailsId : undefined}
                  aria-label={`Timeline of order ${order.transaction_id}`}
                  onClick={() => toggle(order._id)}
                >
                  Timeline
                </button>
                {order.state === 'refund_due' && (
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={!canAct}
                    onClick={() => markRefunded(order)}
                  >
                    Mark refunded
                  </button>
                )}
                {open && (
                  <span className="flex flex-wrap gap-2">
                    {(order.state === 'paid' || order.state === 'placed') && (
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
            {shown && (
              <tr id={detailsId} className="border-b border-neutral-200 bg-cream">
                <td colSpan={6} className="p-4">
                  <OrderHistory id={order._id} />
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </ListTable>
  );
}
