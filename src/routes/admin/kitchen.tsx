import { Link } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { BellOff, BellRing, Flame, Plus, Printer } from 'lucide-react';
import { useId } from 'react';
import { BOARD_LANES, type BoardLane, boardLanes } from '../../../contract/kitchen-lanes.ts';
import { formatAdminPrice, toCents } from '../../../contract/money.ts';
import { cashToCollect, type Order } from '../../../contract/order.ts';
import {
  CASH_REFUSED_ACTION,
  type KitchenColumn,
  kitchenStepAction,
  nextKitchenStep,
  nextStates,
  ORDER_STATE_LABELS,
  type OrderState,
} from '../../../contract/order-lifecycle.ts';
import {
  type KitchenBoardSnapshot,
  type KitchenMove,
  ROLL_WIDTHS,
  type RollWidth,
} from '../../../machines/kitchen-board.machine.ts';
import { useKitchenLogic } from '../../actors/kitchen.ts';
import { LineChoices } from '../../components/line-choices.tsx';
import { LiveStatus } from '../../components/live-status.tsx';
import { soundLeftOn } from '../../ui/chime.ts';
import { showDialog } from '../../ui/dialog.ts';
import { printingLeft } from '../../ui/ticket-printer.ts';
import { useClock } from '../../ui/use-clock.ts';
import { useLiveStatus } from '../use-order-feed.ts';
import { TicketOnPaper } from './kitchen-ticket.tsx';

/** How often the cards' timers move on. */
const TICK_MS = 15_000;

/** '12 min', '1 h 5 min'. */
const duration = (minutes: number): string =>
  minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;

/**
 * The card's timer: to its due time ('12 min to go'), or past it ('4 min late', amber); a scheduled
 * order waiting in Later tells when the kitchen starts on it. Orders from before due times count from
 * their payment.
 */
function timerOf(order: Order, lane: BoardLane, now: number): { text: string; late: boolean } | null {
  if (lane === 'later' && order.start_at)
    return { text: `Starts ${dayjs(order.start_at).format('h:mm A')}`, late: false };
  if (order.ready_at) {
    const left = dayjs(order.ready_at).diff(now, 'minute', true);
    return left >= 0
      ? { text: `${duration(Math.ceil(left))} to go`, late: false }
      : { text: `${duration(Math.floor(-left))} late`, late: true };
  }
  return order.paid_at ? { text: sincePayment(order.paid_at, now), late: false } : null;
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
  lane: BoardLane;
  now: number;
  fresh: boolean;
  disabled: boolean;
  onMove: (move: KitchenMove) => void;
  onPrint: (order: Order) => void;
}

function KitchenCard({ order, column, lane, now, fresh, disabled, onMove, onPrint }: CardProps) {
  const titleId = useId();
  const timer = timerOf(order, lane, now);
  const type = order.order_type ?? 'delivery';
  const method = order.payment_method ?? 'online';
  const cash = cashToCollect(order);
  const next = nextKitchenStep(column, type, method);
  const ways = nextStates(column, 'staff', type, method);
  // A cash order is cancelled (no money was taken); a paid one falls to refund due.
  const cancelTo: OrderState = method === 'cash' ? 'cancelled' : 'refund_due';
  const cancellable = ways.includes(cancelTo);
  const refusable = ways.includes('cash_refused');
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
      text:
        method === 'cash'
          ? `Order ${order.transaction_id} is to be paid in cash: cancelling it ends it, nothing is owed.`
          : `Order ${order.transaction_id} is paid: cancelling it means ${order.fullName} is owed a refund.`,
      icon: 'warning',
      input: 'text',
      inputLabel: 'Reason (the customer sees it)',
      inputValidator: (value) => (value.trim() ? null : 'Please give a reason'),
      showCancelButton: true,
      confirmButtonText: 'Cancel order',
      cancelButtonText: 'Keep order',
    });
    if (answer.isConfirmed && typeof answer.value === 'string') move(cancelTo, answer.value.trim());
  }

  async function refuseCash() {
    const answer = await showDialog({
      titleText: 'Cash refused?',
      text: `Order ${order.transaction_id} ends unpaid and its items go back to stock.`,
      icon: 'warning',
      input: 'text',
      inputLabel: 'What happened',
      inputValidator: (value) => (value.trim() ? null : 'Please give a reason'),
      showCancelButton: true,
      confirmButtonText: 'Cash refused',
      cancelButtonText: 'Back',
    });
    if (answer.isConfirmed && typeof answer.value === 'string') move('cash_refused', answer.value.trim());
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
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-base">
        <span className="rounded-full bg-ink px-2 text-sm font-bold text-white">
          {type === 'pickup' ? 'Pickup' : 'Delivery'}
        </span>
        {order.taken_by && (
          <span className="rounded-full border-2 border-ink px-2 text-sm font-bold">Phone order</span>
        )}
        <span className="font-bold">{formatAdminPrice(toCents(order.total_price))}</span>
        {cash !== null && (
          <span className="rounded-full bg-amber-200 px-2 text-sm font-bold text-amber-950">
            Cash: collect {formatAdminPrice(toCents(cash))}
          </span>
        )}
        {order.discount ? (
          <span className="text-green-800">
            {order.promo_code} −{formatAdminPrice(toCents(order.discount))}
          </span>
        ) : null}
        {order.ready_at && (
          <span>
            Due <time dateTime={order.ready_at}>{dayjs(order.ready_at).format('h:mm A')}</time>
          </span>
        )}
      </div>
      {timer && (
        <p
          data-late={timer.late}
          className={`text-base font-bold ${timer.late ? 'rounded-lg bg-amber-200 px-2 text-amber-950' : 'text-brand-ink'}`}
        >
          {timer.text}
        </p>
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
        {type === 'pickup' ? 'Collects at the counter' : `${order.address}, ${order.city} ${order.postcode}`}
        <br />
        <a href={`tel:${order.phone}`} className="font-semibold text-brand-ink underline">
          {order.phone}
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        {next && next !== 'paid' && next !== 'placed' && (
          <button
            type="button"
            className="btn-primary"
            disabled={disabled}
            aria-label={`${kitchenStepAction(next, method)}: order ${order.transaction_id}`}
            onClick={() => move(next)}
          >
            {kitchenStepAction(next, method)}
          </button>
        )}
        {refusable && (
          <button
            type="button"
            className="btn-dark"
            disabled={disabled}
            aria-label={`${CASH_REFUSED_ACTION}: order ${order.transaction_id}`}
            onClick={refuseCash}
          >
            {CASH_REFUSED_ACTION}
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
        <button
          type="button"
          className="btn-neutral"
          aria-label={`Print ticket: order ${order.transaction_id}`}
          onClick={() => onPrint(order)}
        >
          <Printer aria-hidden="true" className="size-5" />
          Print ticket
        </button>
      </div>
    </li>
  );
}

/** The lanes in the board's order: the scheduled orders waiting, then the kitchen's steps. */
const LANES = BOARD_LANES;
const laneTitle = (lane: BoardLane) => (lane === 'later' ? 'Later' : ORDER_STATE_LABELS[lane]);

interface LaneProps {
  lane: BoardLane;
  /** null until the board's first read answers. */
  orders: Order[] | null;
  fresh: ReadonlySet<string>;
  now: number;
  /** A move of a card of this lane the server refused, as staff read it. */
  problem: string | null;
  canMove: boolean;
  onMove: (move: KitchenMove) => void;
  onPrint: (order: Order) => void;
}

function KitchenLaneView({ lane, orders, fresh, now, problem, canMove, onMove, onPrint }: LaneProps) {
  const titleId = useId();
  const count = orders?.length ?? 0;
  // Later's cards are paid or placed orders: their moves are that column's.
  const columnOf = (order: Order): KitchenColumn =>
    lane !== 'later' ? lane : order.state === 'placed' ? 'placed' : 'paid';
  return (
    // Relative: its screen-reader-only words stay inside the board's sideways scroll, not past the page's edge.
    <section
      aria-labelledby={titleId}
      className="relative grid min-w-0 content-start gap-3 rounded-2xl bg-cream p-3"
    >
      <h3 id={titleId} className="flex items-center justify-between text-lg font-bold">
        {laneTitle(lane)}
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
              column={columnOf(order)}
              lane={lane}
              now={now}
              fresh={fresh.has(order._id)}
              disabled={!canMove}
              onMove={onMove}
              onPrint={onPrint}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const freshOrders = (snapshot: KitchenBoardSnapshot) => snapshot.context.fresh;

/** The busy switch: every estimate gets the kitchen's busy minutes while it is on. */
function BusySwitch({ snapshot, onToggle }: { snapshot: KitchenBoardSnapshot; onToggle: () => void }) {
  const { kitchen, busyError } = snapshot.context;
  const saving = snapshot.matches({ busy: 'saving' }) || snapshot.matches({ busy: 'reading' });
  return (
    <div className="grid justify-items-end gap-1">
      <button
        type="button"
        className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-bold ${
          kitchen?.busy ? 'border-amber-700 bg-amber-200 text-amber-950' : 'border-neutral-300'
        }`}
        aria-pressed={kitchen?.busy ?? false}
        aria-busy={saving}
        disabled={saving}
        onClick={onToggle}
      >
        <Flame aria-hidden="true" className="size-5" />
        {kitchen ? `Busy: +${kitchen.busyMinutes} min` : 'Busy'}
      </button>
      {busyError && (
        <p role="alert" className="text-base font-semibold text-coral-ink">
          {busyError}
        </p>
      )}
    </div>
  );
}

/**
 * The ticket printer of this device: the roll it takes, and whether accepting an order here prints its
 * ticket (both remembered by the browser).
 */
function TicketSettings({
  roll,
  autoPrint,
  onRoll,
  onAutoPrint,
}: {
  roll: RollWidth;
  autoPrint: boolean;
  onRoll: (roll: RollWidth) => void;
  onAutoPrint: () => void;
}) {
  return (
    <>
      <fieldset className="flex min-h-11 items-center gap-1 rounded-full border border-neutral-300 px-1">
        <legend className="sr-only">Ticket roll</legend>
        <span aria-hidden="true" className="pl-2 text-base font-bold">
          Roll
        </span>
        {ROLL_WIDTHS.map((width) => (
          <label
            key={width}
            className="inline-flex min-h-9 cursor-pointer items-center rounded-full px-3 font-bold has-checked:bg-ink has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-(--focus-ring)"
          >
            <input
              type="radio"
              name="ticket-roll"
              className="sr-only"
              checked={roll === width}
              onChange={() => onRoll(width)}
            />
            {width} mm
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-neutral-300 px-4 font-bold"
        aria-pressed={autoPrint}
        onClick={onAutoPrint}
      >
        <Printer aria-hidden="true" className="size-5" />
        Print when accepted
      </button>
    </>
  );
}

/**
 * The kitchen board (machines/kitchen-board.machine.ts): scheduled orders waiting in Later, then paid
 * orders and each step after, live, side by side from a tablet up (the board scrolls sideways when they
 * do not fit, so nothing falls below the fold). Each card shows its type, total, due time and a timer
 * that turns amber when late. A card moves one step at a time (or is cancelled, with a reason); a newly
 * paid order is highlighted, announced and, if the sound is on (remembered by the browser), chimed.
 */
export function KitchenPage() {
  const { kitchenBoard } = useKitchenLogic();
  const [snapshot, send, board] = useMachine(kitchenBoard, {
    input: { soundOn: soundLeftOn(), ...printingLeft() },
  });
  const live = useLiveStatus(snapshot.children.feed!);
  const freshIds = useSelector(board, freshOrders);
  // The cards' timers and the Later lane follow it.
  const now = useClock(TICK_MS);
  const fresh = new Set(freshIds);
  const { columns, error, announcement, move, problem } = snapshot.context;
  const lanes = columns && boardLanes(Object.values(columns).flat(), now);
  const sound = snapshot.matches({ sound: 'on' });
  const reading = snapshot.matches({ read: 'reading' });
  const onMove = (next: KitchenMove) => send({ type: 'kitchen.move', ...next });
  const onPrint = (order: Order) => send({ type: 'kitchen.print', order });
  const { ticket, roll, autoPrint } = snapshot.context;
  const canMove = snapshot.can({
    type: 'kitchen.move',
    orderId: '',
    transactionId: '',
    from: 'paid',
    to: 'paid',
  });
  // A Later card's refused move is the Paid lane's (its column is paid).
  const refusedIn = (lane: BoardLane) =>
    lane !== 'later' && snapshot.matches({ move: 'refused' }) && move?.from === lane ? problem : null;

  return (
    <section aria-labelledby="kitchen-title" aria-busy={reading} className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="kitchen-title" className="text-2xl font-bold">
          Kitchen
        </h2>
        <div className="flex flex-wrap items-start gap-3">
          <Link to="/admin/kitchen/new-order" className="btn-primary">
            <Plus aria-hidden="true" className="size-5" />
            New order
          </Link>
          <BusySwitch snapshot={snapshot} onToggle={() => send({ type: 'kitchen.busy' })} />
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
          <TicketSettings
            roll={roll}
            autoPrint={autoPrint}
            onRoll={(width) => send({ type: 'kitchen.roll', roll: width })}
            onAutoPrint={() => send({ type: 'kitchen.autoPrint' })}
          />
        </div>
      </div>
      {snapshot.matches({ sound: 'waitingForTap' }) && (
        <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-brand/20 p-3">
          <p className="font-semibold">The sound was on last time: your browser needs a tap to play it.</p>
          <button type="button" className="btn-primary" onClick={() => send({ type: 'kitchen.sound.allow' })}>
            Allow sound
          </button>
        </div>
      )}
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
      {/* A phone stacks the lanes; from a tablet up they sit side by side, the board scrolling sideways. */}
      <div className="grid min-w-0 gap-4 md:grid-flow-col md:auto-cols-[minmax(13.5rem,1fr)] md:overflow-x-auto md:overscroll-x-contain md:pb-2">
        {LANES.map((lane) => (
          <KitchenLaneView
            key={lane}
            lane={lane}
            orders={lanes?.[lane] ?? null}
            fresh={fresh}
            now={now}
            problem={refusedIn(lane)}
            canMove={canMove}
            onMove={onMove}
            onPrint={onPrint}
          />
        ))}
      </div>
      {ticket && <TicketOnPaper order={ticket} roll={roll} now={now} />}
    </section>
  );
}
