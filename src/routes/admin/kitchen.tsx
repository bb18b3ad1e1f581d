import { useMachine } from '@xstate/react';
import dayjs from 'dayjs';
import { BellOff, BellRing } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Order } from '../../../contract/order.ts';
import {
  nextKitchenStep,
  nextStates,
  ORDER_STATE_LABELS,
  type OrderState,
} from '../../../contract/order-lifecycle.ts';
import { shownRows } from '../../../machines/list.machine.ts';
import { useKitchenLogic } from '../../actors/kitchen.ts';
import { LiveStatus } from '../../components/live-status.tsx';
import { playChime, prepareChime } from '../../ui/chime.ts';
import { showDialog } from '../../ui/dialog.ts';
import { useEachNewEvent, useOrderFeed, useRefreshWhenLive } from '../use-order-feed.ts';

/** The board's columns: paid orders waiting for the kitchen, then each step until they leave. */
export const KITCHEN_COLUMNS = ['paid', 'accepted', 'preparing', 'out_for_delivery'] as const;
type Column = (typeof KITCHEN_COLUMNS)[number];
const isColumn = (state: OrderState | null): state is Column => KITCHEN_COLUMNS.includes(state as Column);

/** Each column's button, by the step it moves an order to. */
const STEP_BUTTON: Partial<Record<OrderState, string>> = {
  accepted: 'Accept',
  preparing: 'Start preparing',
  out_for_delivery: 'Send out for delivery',
  delivered: 'Mark delivered',
};

/** As many cards as a column shows: more waiting orders than this is a kitchen in trouble anyway. */
const COLUMN_LIMIT = 50;
/** How long a newly paid order stays highlighted. */
const FRESH_MS = 60_000;

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
  column: Column;
  now: number;
  fresh: boolean;
  disabled: boolean;
  onMove: (order: Order, to: OrderState, note?: string) => void;
}

function KitchenCard({ order, column, now, fresh, disabled, onMove }: CardProps) {
  const titleId = useId();
  const next = nextKitchenStep(column);
  const cancellable = nextStates(column, 'staff').includes('refund_due');

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
    if (answer.isConfirmed && typeof answer.value === 'string')
      onMove(order, 'refund_due', answer.value.trim());
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
      <ul className="grid gap-0.5">
        {order.carts.map((line) => (
          <li key={line._id}>
            <strong>{line.quantity} ×</strong> {line.name}
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
        {next && (
          <button
            type="button"
            className="btn-primary"
            disabled={disabled}
            aria-label={`${STEP_BUTTON[next] ?? ORDER_STATE_LABELS[next]}: order ${order.transaction_id}`}
            onClick={() => onMove(order, next)}
          >
            {STEP_BUTTON[next] ?? ORDER_STATE_LABELS[next]}
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
  column: Column;
  /** Moves each time the column is to be read again (a live event touched it, a card came in). */
  refreshes: number;
  fresh: ReadonlySet<string>;
  now: number;
  onMoved: (to: OrderState) => void;
}

function KitchenColumn({ column, refreshes, fresh, now, onMoved }: ColumnProps) {
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const moving = useRef<Order | null>(null);
  const movedTo = useRef(onMoved);
  movedTo.current = onMoved;
  // The list machine says how a move went; the column shows it (a 409's message stays on screen).
  const { kitchenColumn } = useKitchenLogic();
  const machine = useMemo(
    () =>
      kitchenColumn.provide({
        actions: {
          announceDone: (_, action) => {
            setProblem(null);
            movedTo.current(action.action as OrderState);
          },
          announceFailure: (_, { message }) =>
            setProblem(moving.current ? `Order ${moving.current.transaction_id}: ${message}` : message),
        },
      }),
    [kitchenColumn],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { query: { state: column, limit: COLUMN_LIMIT }, cursor: null },
  });
  const rows = useMemo(() => shownRows(snapshot.context), [snapshot.context]);

  // A refresh asked for while the column is busy waits until it can be read again.
  const pending = useRef(0);
  const canRefresh = snapshot.can({ type: 'list.refresh' });
  useEffect(() => {
    if (refreshes > pending.current && canRefresh) {
      pending.current = refreshes;
      send({ type: 'list.refresh' });
    }
  }, [refreshes, canRefresh, send]);

  const canAct = snapshot.can({ type: 'list.act', action: '', id: '' });
  const move = (order: Order, to: OrderState, note?: string) => {
    moving.current = order;
    setProblem(null);
    send({ type: 'list.act', action: to, id: order._id, ...(note ? { note } : {}) });
  };

  return (
    <section aria-labelledby={titleId} className="grid min-w-0 content-start gap-3 rounded-2xl bg-cream p-3">
      <h3 id={titleId} className="flex items-center justify-between text-lg font-bold">
        {ORDER_STATE_LABELS[column]}
        <span className="rounded-full bg-white px-2 text-base">
          {rows.length}
          <span className="sr-only"> {rows.length === 1 ? 'order' : 'orders'}</span>
        </span>
      </h3>
      {problem && (
        <p role="alert" className="rounded-xl bg-coral/10 p-2 text-base font-semibold text-coral-ink">
          {problem}
        </p>
      )}
      {snapshot.matches('loading') ? (
        <p className="text-neutral-700">Loading…</p>
      ) : snapshot.matches('failed') ? (
        <div role="alert" className="grid gap-2">
          <p>{snapshot.context.error}</p>
          <button type="button" className="btn-primary" onClick={() => send({ type: 'list.retry' })}>
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p className="text-neutral-700">No orders here.</p>
      ) : (
        <ul className="grid gap-3">
          {rows.map((order) => (
            <KitchenCard
              key={order._id}
              order={order}
              column={column}
              now={now}
              fresh={fresh.has(order._id)}
              disabled={!canAct}
              onMove={move}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const NO_REFRESHES: Record<Column, number> = { paid: 0, accepted: 0, preparing: 0, out_for_delivery: 0 };

/**
 * The kitchen board: paid orders and each step after, live. A card moves one step at a time (or is
 * cancelled, with a reason); a live event reads the columns it touches again, and a newly paid order
 * is highlighted, announced and, if the sound is on, chimed.
 */
export function KitchenPage() {
  const feed = useOrderFeed('all');
  const now = useMinuteClock();
  const [refreshes, setRefreshes] = useState(NO_REFRESHES);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [sound, setSound] = useState(false);

  const refresh = useCallback((state: OrderState | null) => {
    if (isColumn(state)) setRefreshes((current) => ({ ...current, [state]: current[state] + 1 }));
  }, []);
  // Each column waits until it can be read again by itself.
  useRefreshWhenLive(
    feed.status,
    true,
    useCallback(() => {
      for (const column of KITCHEN_COLUMNS) refresh(column);
    }, [refresh]),
  );

  useEachNewEvent(feed, (event) => {
    refresh(event.from);
    refresh(event.to);
    if (event.to !== 'paid') return;
    setFresh((current) => new Set(current).add(event.orderId));
    setTimeout(
      () =>
        setFresh((current) => {
          const next = new Set(current);
          next.delete(event.orderId);
          return next;
        }),
      FRESH_MS,
    );
    setAnnouncement(`New paid order ${event.transactionId}`);
    if (sound) playChime();
  });

  return (
    <section aria-labelledby="kitchen-title" className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="kitchen-title" className="text-2xl font-bold">
          Kitchen
        </h2>
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-neutral-300 px-4 font-bold"
          aria-pressed={sound}
          onClick={() => {
            if (!sound) prepareChime();
            setSound(!sound);
          }}
        >
          {sound ? (
            <BellRing aria-hidden="true" className="size-5" />
          ) : (
            <BellOff aria-hidden="true" className="size-5" />
          )}
          Sound for new orders
        </button>
      </div>
      <LiveStatus status={feed.status} pausedOnce={feed.pausedOnce} message={feed.message} />
      <p role="status" className={announcement ? 'font-semibold text-coral-ink' : 'sr-only'}>
        {announcement}
      </p>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {KITCHEN_COLUMNS.map((column) => (
          <KitchenColumn
            key={column}
            column={column}
            refreshes={refreshes[column]}
            fresh={fresh}
            now={now}
            onMoved={refresh}
          />
        ))}
      </div>
    </section>
  );
}
