import { useMachine, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Order } from '../../../contract/order.ts';
import {
  KITCHEN_COLUMNS,
  KITCHEN_STEP_ACTIONS,
  type KitchenColumn,
  nextKitchenStep,
  nextStates,
  ORDER_STATE_LABELS,
  type OrderState,
} from '../../../contract/order-lifecycle.ts';
import type { KitchenBoardSnapshot, KitchenMove } from '../../../machines/kitchen-board.machine.ts';
import { useKitchenLogic } from '../../actors/kitchen.ts';
import { LineChoices } from '../../components/line-choices.tsx';
import { LiveStatus } from '../../components/live-status.tsx';
import { showDialog } from '../../ui/dialog.ts';
import { useLiveStatus } from '../use-order-feed.ts';

/** The time now, moved on each minute: the cards' "paid … ago" follow it. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function sincePayment(paidAt: string, now: number): string {
  const minutes = Math.max(0, dayjs(now).diff(paidAt, 'minute'));
  if (minutes < 1) return 'Paid just now';
  if (minutes < 60) return `Paid ${minutes} min ago`;
  return `Paid ${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
}

interface CardProps {
  order: Order;
  column: KitchenColumn;
  now: number;
  fresh: boolean;
  disabled: boolean;
  onMove: (move: KitchenMove) => void;
}

function KitchenCard({ order, column, now, fresh, disabled, onMove }: CardProps) {
  const titleId = useId();
  const type = order.order_type ?? 'delivery';
  const next = nextKitchenStep(column, type);
  const cancellable = nextStates(column, 'staff', type).includes('refund_due');
  const move = (to: OrderState, note?: string) =>
    onMove({
      orderId: order._id,
      transactionId: order.transaction_id,
      from: column,
      to,
      ...(note === undefined ? {} : { note }),
    });

  async function cancel() {
    const answer = await showDialog({
      titleText: 'Cancel this order?',
      text: `Order ${order.transaction_id} is paid: cancelling it means ${order.fullName} is owed a refund.`,
      icon: 'warning',
      input: 'text',
      inputLabel: 'Reason (the customer sees it)',
      inputValidator: (value) => (value.trim() ? null : 'Please give a reason'),
      showCancelButton: true,
      confirmButtonText: 'Cancel order',
      cancelButtonText: 'Keep order',
    });
    if (answer.isConfirmed && typeof answer.value === 'string') move('refund_due', answer.value.trim());
  }

  return (
    <li
      aria-labelledby={titleId}
      className={`grid gap-3 rounded-2xl border bg-white p-4 shadow-sm ${
        fresh ? 'border-coral ring-4 ring-coral/40' : 'border-neutral-200'
      }`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={titleId} className="font-bold break-all">
          {order.fullName} <span className="font-mono text-sm font-normal">{order.transaction_id}</span>
        </h4>
        {fresh && <span className="rounded-full bg-coral-ink px-2 text-sm font-bold text-white">New</span>}
      </div>
      {order.paid_at && (
        <time dateTime={order.paid_at} className="text-sm font-semibold text-brand-ink">
          {sincePayment(order.paid_at, now)}
        </time>
      )}
      {order.paid_after_closing && (
        <p className="rounded-xl bg-coral/10 p-2 text-sm text-coral-ink">
          <strong>Paid after closing</strong>: cook it, or cancel it and the customer is owed a refund.
        </p>
      )}
      <ul className="grid gap-2">
        {order.carts.map((line) => (
          <li key={line._id} className="text-lg leading-snug">
            <strong>{line.quantity} ×</strong> {line.name}
            {/* Read at arm's length: the options as large as the dish, the size first (the item's order). */}
            <LineChoices
              options={line.options}
              instructions={line.instructions}
              className="text-lg font-bold text-brand-ink"
            />
          </li>
        ))}
      </ul>
      <p className="text-sm break-words">
        {order.address}, {order.city} {order.postcode}
        <br />
        <a href={`tel:${order.phone}`} className="font-semibold text-brand-ink underline">
          {order.phone}
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        {next && next !== 'paid' && (
          <button
            type="button"
            className="btn-primary"
            disabled={disabled}
            aria-label={`${KITCHEN_STEP_ACTIONS[next]}: order ${order.transaction_id}`}
            onClick={() => move(next)}
          >
            {KITCHEN_STEP_ACTIONS[next]}
          </button>
        )}
        {cancellable && (
          <button
            type="button"
            className="btn-dark"
            disabled={disabled}
            aria-label={`Cancel order ${order.transaction_id}`}
            onClick={cancel}
          >
            Cancel
          </button>
        )}
      </div>
    </li>
  );
}

interface ColumnProps {
  column: KitchenColumn;
  /** null until the board's first read answers. */
  orders: Order[] | null;
  fresh: ReadonlySet<string>;
  now: number;
  /** A move of a card of this column the server refused, as staff read it. */
  problem: string | null;
  canMove: boolean;
  onMove: (move: KitchenMove) => void;
}

function KitchenColumnView({ column, orders, fresh, now, problem, canMove, onMove }: ColumnProps) {
  const titleId = useId();
  const count = orders?.length ?? 0;
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 content-start gap-3 rounded-2xl bg-cream p-3">
      <h3 id={titleId} className="flex items-center justify-between text-lg font-bold">
        {ORDER_STATE_LABELS[column]}
        <span className="rounded-full bg-white px-2 text-base">
          {count}
          <span className="sr-only"> {count === 1 ? 'order' : 'orders'}</span>
        </span>
      </h3>
      {problem && (
        <p role="alert" className="rounded-xl bg-coral/10 p-2 text-base font-semibold text-coral-ink">
          {problem}
        </p>
      )}
      {orders === null ? (
        <p className="text-neutral-700">Loading…</p>
      ) : orders.length === 0 ? (
        <p className="text-neutral-700">No orders here.</p>
      ) : (
        <ul className="grid gap-3">
          {orders.map((order) => (
            <KitchenCard
              key={order._id}
              order={order}
              column={column}
              now={now}
              fresh={fresh.has(order._id)}
              disabled={!canMove}
              onMove={onMove}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const freshOrders = (snapshot: KitchenBoardSnapshot) => snapshot.context.fresh;

/**
 * The kitchen board (machines/kitchen-board.machine.ts): paid orders and each step after, live. A card
 * moves one step at a time (or is cancelled, with a reason); a newly paid order is highlighted,
 * announced and, if the sound is on, chimed.
 */
export function KitchenPage() {
  const { kitchenBoard } = useKitchenLogic();
  const [snapshot, send, board] = useMachine(kitchenBoard);
  const live = useLiveStatus(snapshot.children.feed!);
  const freshIds = useSelector(board, freshOrders);
  const now = useMinuteClock();
  const fresh = new Set(freshIds);
  const { columns, error, announcement, move, problem } = snapshot.context;
  const sound = snapshot.matches({ sound: 'on' });
  const reading = snapshot.matches({ read: 'reading' });
  const onMove = (next: KitchenMove) => send({ type: 'kitchen.move', ...next });
  const canMove = snapshot.can({
    type: 'kitchen.move',
    orderId: '',
    transactionId: '',
    from: 'paid',
    to: 'paid',
  });

  return (
    <section aria-labelledby="kitchen-title" aria-busy={reading} className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="kitchen-title" className="text-2xl font-bold">
          Kitchen
        </h2>
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-neutral-300 px-4 font-bold"
          aria-pressed={sound}
          onClick={() => send({ type: 'kitchen.sound' })}
        >
          {sound ? (
            <BellRing aria-hidden="true" className="size-5" />
          ) : (
            <BellOff aria-hidden="true" className="size-5" />
          )}
          Sound for new orders
        </button>
      </div>
      <LiveStatus {...live} />
      <p role="status" className={announcement ? 'font-semibold text-coral-ink' : 'sr-only'}>
        {announcement}
      </p>
      {snapshot.matches({ read: 'failed' }) && (
        <div role="alert" className="grid justify-items-start gap-2">
          <p>{error}</p>
          <button type="button" className="btn-primary" onClick={() => send({ type: 'kitchen.retry' })}>
            Try again
          </button>
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {KITCHEN_COLUMNS.map((column) => (
          <KitchenColumnView
            key={column}
            column={column}
            orders={columns?.[column] ?? null}
            fresh={fresh}
            now={now}
            problem={snapshot.matches({ move: 'refused' }) && move?.from === column ? problem : null}
            canMove={canMove}
            onMove={onMove}
          />
        ))}
      </div>
    </section>
  );
}
