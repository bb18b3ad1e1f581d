import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { CircleCheck, Hourglass } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { formatCartPrice, toCents } from '../../contract/money.ts';
import { type Order, orderNumberText } from '../../contract/order.ts';
import type { OrderEvent, OrderState, PaymentMethod } from '../../contract/order-lifecycle.ts';
import { orderStatusWords } from '../../contract/order-status.ts';
import { isPaidState, orderAction, orderStateOf } from '../../machines/order.machine.ts';
import { useOrdersLogic } from '../actors/orders.ts';
import { DeleteButton } from '../components/controls.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { ListTable } from '../components/list-table.tsx';
import { LiveStatus } from '../components/live-status.tsx';
import { OrderEstimate } from '../components/order-estimate.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { OrderTracker } from '../components/order-tracker.tsx';
import { showDialog } from '../ui/dialog.ts';
import { useClock } from '../ui/use-clock.ts';
import { PagedSearchSchema } from './list-search.ts';
import { OrderComeBack } from './order-come-back.tsx';
import { OrderTimelinePanel } from './order-timeline-panel.tsx';
import { type FeedLog, useEachNewEvent, useOrderFeed, useRefreshWhenLive } from './use-order-feed.ts';
import { useListSearch, usePagedList } from './use-paged-list.ts';

/**
 * The order's one status (contract/order-status.ts): the spec's two lines for the states it knows
 * ('Payment pending' / 'Payment Success', 'Order Pending' / 'Order Confirm'), else the lifecycle's word.
 */
function OrderStatus({ state, method }: { state: OrderState; method: PaymentMethod | undefined }) {
  const paid = isPaidState(state, method);
  return (
    <span className="grid gap-1">
      {orderStatusWords(state, method).map((words) => (
        <span
          key={words}
          className={paid ? 'font-semibold text-green-800' : 'font-semibold text-neutral-700'}
        >
          {words}
        </span>
      ))}
    </span>
  );
}

/** One field of an order's card, under the spec's column name. */
function Field({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={`grid min-w-0 content-start gap-0.5 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-sm font-bold text-neutral-700">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

interface OrderCardProps {
  order: Order;
  /** The page's live events, every order's. */
  feed: FeedLog;
  /** The live events of this order, oldest first. */
  liveEvents: readonly OrderEvent[];
  onDeleted: (id: string) => void;
  /** An event this card could not follow (one was missed): its page is read again. */
  onStale: (id: string) => void;
}

function OrderCard({ order, feed, liveEvents, onDeleted, onStale }: OrderCardProps) {
  const { order: orderLogic, myOrderEvents } = useOrdersLogic();
  const [snapshot, send, actor] = useMachine(orderLogic, { input: { order } });
  const [timelineOpen, setTimelineOpen] = useState(false);
  const minute = useClock(60_000);
  const deleted = snapshot.matches('deleted');
  useEffect(() => {
    if (deleted) onDeleted(order._id);
  }, [deleted, onDeleted, order._id]);

  useEachNewEvent(feed, (event) => {
    if (event.orderId !== order._id) return;
    if (event.by.actor === 'checkout' || orderStateOf(actor.getSnapshot()) === event.to) return;
    actor.send({ type: 'order.transition', to: event.to, by: event.by.actor });
    const now = actor.getSnapshot();
    // Not followed: a change was missed, so the page is read again; unless this card's own deletion is
    // under way, whose answer (not the stream) settles the card.
    if (orderStateOf(now) !== event.to && !now.hasTag('deleting')) onStale(order._id);
  });

  async function confirmDelete() {
    const answer = await showDialog({
      titleText: 'Cancel this order?',
      text: `Order ${order.transaction_id} has not been paid. Cancelling it can not be undone.`,
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: 'Yes, cancel it',
      cancelButtonText: 'Keep it',
    });
    if (answer.isConfirmed) send({ type: 'order.delete' });
  }

  const state = orderStateOf(snapshot) ?? order.state;
  const action = orderAction(snapshot);
  return (
    <li
      aria-label={`Order ${order.transaction_id}`}
      className="grid gap-4 rounded-3xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <p className="text-xl font-bold tabular-nums">Order {orderNumberText(order)}</p>
      <div className="flex items-start justify-between gap-4">
        <dl className="grid min-w-0 flex-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Order Date">{order.order_time}</Field>
          <Field label="Price">
            {formatCartPrice(toCents(order.total_price))}
            {order.discount ? (
              <span className="block text-sm text-green-800">
                {order.promo_code}: −{formatCartPrice(toCents(order.discount))}
              </span>
            ) : null}
          </Field>
          <Field label="Transaction ID" wide>
            <span className="font-mono text-sm break-all">{order.transaction_id}</span>
          </Field>
          <Field label="Address" wide>
            {order.address}, {order.city}
          </Field>
          <Field label="Order Items">
            <OrderLines order={order} />
          </Field>
          <Field label="Status">
            <OrderStatus state={state} method={order.payment_method} />
          </Field>
        </dl>
        <div className="shrink-0">
          {action === 'delete' && (
            <DeleteButton
              label={`Delete order ${order.transaction_id}`}
              disabled={snapshot.hasTag('deleting')}
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
                className="size-5 animate-spin text-brand-ink [animation-duration:3s] motion-reduce:animate-none"
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
        </div>
      </div>
      <OrderEstimate order={order} state={state} now={minute} events={liveEvents} />
      <OrderTracker state={state} type={order.order_type} method={order.payment_method} />
      <OrderComeBack order={order} payable={action === 'delete'} />
      <details onToggle={(event) => setTimelineOpen(event.currentTarget.open)}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-bold text-brand-ink">
          Timeline
        </summary>
        {timelineOpen && (
          <div className="pt-2">
            <OrderTimelinePanel id={order._id} logic={myOrderEvents} liveEvents={liveEvents} />
          </div>
        )}
      </details>
    </li>
  );
}

const NO_EVENTS: readonly OrderEvent[] = [];

export function MyOrderPage() {
  const search = useListSearch(PagedSearchSchema, useSearch({ from: '/user-dashboard/_customer/my-order' }));
  const { myOrders } = useOrdersLogic();
  const { rows, send, table, canRefresh } = usePagedList(myOrders, search, ['order', 'orders']);
  const feed = useOrderFeed('mine');
  // Its own order machine deleted the order, or missed one of its changes: only that order's page is
  // read again.
  const refresh = useCallback((id: string) => send({ type: 'list.refresh', id }), [send]);
  useRefreshWhenLive(
    feed.status,
    canRefresh,
    useCallback(() => send({ type: 'list.refresh' }), [send]),
  );

  const eventsByOrder = new Map<string, OrderEvent[]>();
  for (const event of feed.events) {
    eventsByOrder.set(event.orderId, [...(eventsByOrder.get(event.orderId) ?? []), event]);
  }

  return (
    <ListTable
      title="My order"
      {...table}
      filters={<LiveStatus status={feed.status} pausedOnce={feed.pausedOnce} message={feed.message} />}
      empty={
        search.cursor ? (
          <p className="py-6 text-center text-lg">No older orders.</p>
        ) : (
          <EmptyState image="/images/empty-orders.svg" text="You have no orders yet." />
        )
      }
    >
      {rows.map((order) => (
        <OrderCard
          key={`${order._id}:${order.state}`}
          order={order}
          feed={feed}
          liveEvents={eventsByOrder.get(order._id) ?? NO_EVENTS}
          onDeleted={refresh}
          onStale={refresh}
        />
      ))}
    </ListTable>
  );
}
