import { Link } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { ArrowLeft, ArrowUp, BellOff, BellRing, Flame, Plus, Printer } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  BOARD_LANES,
  type BoardLane,
  type BoardLanes,
  boardLanes,
  nowRail,
} from '../../../contract/kitchen-lanes.ts';
import { formatAdminPrice, toCents } from '../../../contract/money.ts';
import { cashToCollect, type Order, orderNumberText } from '../../../contract/order.ts';
import {
  CASH_REFUSED_ACTION,
  type KitchenColumn,
  kitchenStepAction,
  nextKitchenStep,
  nextStates,
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

/** How often the tickets' timers move on (and a Later ticket's start is noticed). */
const TICK_MS = 15_000;

/** '12 min', '1 h 5 min'. */
const duration = (minutes: number): string =>
  minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;

const clock = (instant: string): string => dayjs(instant).format('h:mm A');

/**
 * The ticket's timer: to when it must be ready ('12 min to go'), or past it ('4 min late', amber); a
 * scheduled order waiting in Later tells when the kitchen starts on it. Orders from before due times
 * count from their payment.
 */
function timerOf(order: Order, lane: BoardLane, now: number): { text: string; late: boolean } | null {
  if (lane === 'later' && order.start_at) return { text: `Start at ${clock(order.start_at)}`, late: false };
  if (order.ready_at) {
    const left = dayjs(order.ready_at).diff(now, 'minute', true);
    if (Math.abs(left) < 1) return { text: 'Due now', late: false };
    return left > 0
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

/** The promise the ticket keeps: ready at the counter by, or at the door by (a delivery's rider included). */
function promiseOf(order: Order): string | null {
  if ((order.order_type ?? 'delivery') === 'pickup')
    return order.ready_at ? `Ready by ${clock(order.ready_at)}` : null;
  return order.due_at ? `Deliver by ${clock(order.due_at)}` : null;
}

/** The ticket's state in a word, for the rail where every state sits side by side. */
const STATE_WORDS: Record<KitchenColumn, string> = {
  paid: 'New',
  placed: 'New · cash',
  accepted: 'Accepted',
  preparing: 'Preparing',
  out_for_delivery: 'Out',
  ready_for_pickup: 'Ready',
};

interface TicketProps {
  order: Order;
  lane: BoardLane;
  now: number;
  fresh: boolean;
  disabled: boolean;
  onMove: (move: KitchenMove) => void;
  onPrint: (order: Order) => void;
}

function KitchenTicketCard({ order, lane, now, fresh, disabled, onMove, onPrint }: TicketProps) {
  const titleId = useId();
  const idId = useId();
  const nameId = useId();
  // A Later ticket is a paid or placed order: its moves are that column's.
  const column = order.state as KitchenColumn;
  const timer = timerOf(order, lane, now);
  const promise = promiseOf(order);
  const type = order.order_type ?? 'delivery';
  const method = order.payment_method ?? 'online';
  const cash = cashToCollect(order);
  const number = orderNumberText(order);
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
      titleText: `Cancel order ${number}?`,
      text:
        method === 'cash'
          ? `Order ${number} is to be paid in cash: cancelling it ends it, nothing is owed.`
          : `Order ${number} is paid: cancelling it means ${order.fullName} is owed a refund.`,
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
      text: `Order ${number} ends unpaid and its items go back to stock.`,
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
      aria-labelledby={`${titleId} ${nameId} ${idId}`}
      data-order={order._id}
      className={`flex min-h-0 flex-col gap-2 overflow-hidden rounded-2xl border-2 bg-white p-3 shadow-sm ${
        // Two rows of tickets fill the rail; a Later ticket on an upright tablet fits the strip below it.
        lane === 'later'
          ? 'md:max-h-[calc(50dvh-3.5rem)] md:portrait:max-h-[13rem]'
          : 'md:max-h-[calc(50dvh-3.5rem)] md:portrait:max-h-[calc(50dvh-12.5rem)]'
      } ${
        fresh
          ? 'motion-safe:animate-ticket-flash border-coral-ink ring-4 ring-coral/40'
          : 'border-neutral-200'
      }`}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-4xl leading-none font-black tabular-nums">
          {number}
        </h3>
        <div className="flex flex-wrap justify-end gap-1">
          {fresh && <span className="rounded-full bg-coral-ink px-2 text-sm font-bold text-white">New</span>}
          <span className="rounded-full bg-cream px-2 text-sm font-bold">
            {lane === 'later' ? 'Later' : STATE_WORDS[column]}
          </span>
          <span className="rounded-full bg-ink px-2 text-sm font-bold text-white">
            {type === 'pickup' ? 'Pickup' : 'Delivery'}
          </span>
          {order.taken_by && (
            <span className="rounded-full border-2 border-ink px-2 text-sm font-bold">Phone order</span>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-base">
        <span id={nameId} className="font-bold">
          {order.fullName}
        </span>
        {timer && (
          <span
            data-late={timer.late}
            className={`font-bold ${timer.late ? 'rounded-lg bg-amber-200 px-2 text-amber-950' : 'text-brand-ink'}`}
          >
            {timer.text}
          </span>
        )}
        {promise && <span className="font-semibold">{promise}</span>}
      </div>
      {next && next !== 'paid' && next !== 'placed' && (
        <button
          type="button"
          className="btn-primary min-h-12 w-full shrink-0 text-lg"
          disabled={disabled}
          aria-label={`${kitchenStepAction(next, method)}: order ${order.transaction_id}`}
          onClick={() => move(next)}
        >
          {kitchenStepAction(next, method)}
        </button>
      )}
      {/* What to make first, then who it is for, then the ticket's quieter buttons: they scroll within
          the ticket, so a long order never pushes the next row of tickets away. */}
      <div className="grid min-h-0 flex-1 content-start gap-2 overflow-y-auto overscroll-contain">
        {order.paid_after_closing && (
          <p className="rounded-xl bg-coral/10 p-2 text-sm text-coral-ink">
            <strong>Paid after closing</strong>: cook it, or cancel it and the customer is owed a refund.
          </p>
        )}
        <ul className="grid gap-1">
          {order.carts.map((line) => (
            <li key={line._id} className="text-lg leading-snug">
              <strong>{line.quantity} ×</strong> {line.name}
              {/* Read at arm's length: the options as large as the dish, allergy words set apart. */}
              <LineChoices
                options={line.options}
                instructions={line.instructions}
                className="text-lg font-bold text-brand-ink"
                markAllergens
              />
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {cash !== null && (
            <span className="rounded-full bg-amber-200 px-2 font-bold text-amber-950">
              Cash: collect {formatAdminPrice(toCents(cash))}
            </span>
          )}
          <span className="font-bold">{formatAdminPrice(toCents(order.total_price))}</span>
          {order.discount ? (
            <span className="text-green-800">
              {order.promo_code} −{formatAdminPrice(toCents(order.discount))}
            </span>
          ) : null}
          <a href={`tel:${order.phone}`} className="font-semibold text-brand-ink underline">
            {order.phone}
          </a>
          <span className="break-words">
            {type === 'pickup'
              ? 'Collects at the counter'
              : `${order.address}, ${order.city} ${order.postcode}`}
          </span>
          <span id={idId} className="font-mono text-xs text-neutral-600">
            {order.transaction_id}
          </span>
        </div>
        {/* Cancel and Cash refused are the quiet way out, apart from the step forward and confirmed with a reason. */}
        <div className="flex flex-wrap items-center gap-2 border-t border-neutral-200 pt-1">
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-bold hover:bg-cream"
            aria-label={`Print ticket: order ${order.transaction_id}`}
            onClick={() => onPrint(order)}
          >
            <Printer aria-hidden="true" className="size-5" />
            Print
          </button>
          {refusable && (
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-full px-3 font-semibold text-coral-ink underline hover:bg-coral/10"
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
              className="ml-auto inline-flex min-h-11 items-center rounded-full px-3 font-semibold text-coral-ink underline hover:bg-coral/10"
              disabled={disabled}
              aria-label={`Cancel order ${order.transaction_id}`}
              onClick={cancel}
            >
              Cancel…
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

const freshOrders = (snapshot: KitchenBoardSnapshot) => snapshot.context.fresh;

/** The busy switch, its state in its words: every estimate gets the kitchen's busy minutes while it is on. */
function BusySwitch({ snapshot, onToggle }: { snapshot: KitchenBoardSnapshot; onToggle: () => void }) {
  const { kitchen, busyError } = snapshot.context;
  const saving = snapshot.matches({ busy: 'saving' }) || snapshot.matches({ busy: 'reading' });
  return (
    <>
      <button
        type="button"
        className={`inline-flex min-h-11 items-center gap-2 rounded-full border-2 px-4 font-bold ${
          kitchen?.busy ? 'border-amber-700 bg-amber-300 text-amber-950' : 'border-white/40 text-white'
        }`}
        aria-pressed={kitchen?.busy ?? false}
        aria-busy={saving}
        disabled={saving}
        onClick={onToggle}
      >
        <Flame aria-hidden="true" className="size-5" />
        {kitchen === null ? 'Busy' : kitchen.busy ? `Busy: +${kitchen.busyMinutes} min` : 'Not busy'}
      </button>
      {busyError && (
        <p role="alert" className="rounded-full bg-coral-ink px-3 py-1 text-base font-semibold text-white">
          {busyError}
        </p>
      )}
    </>
  );
}

/** The sound: on or off, or (left on last time) one tap away, said plainly on the button itself. */
function SoundSwitch({ snapshot, send }: { snapshot: KitchenBoardSnapshot; send: KitchenSend }) {
  if (snapshot.matches({ sound: 'waitingForTap' }))
    return (
      <>
        <button
          type="button"
          className="btn-primary motion-safe:animate-pulse"
          onClick={() => send({ type: 'kitchen.sound.allow' })}
        >
          <BellRing aria-hidden="true" className="size-5" />
          Tap to turn the sound back on
        </button>
        {/* Staff who want it quiet now say so, rather than turn it on to turn it off. */}
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-bold text-white underline"
          onClick={() => send({ type: 'kitchen.sound' })}
        >
          Keep it off
        </button>
      </>
    );
  const on = snapshot.matches({ sound: 'on' });
  return (
    <button
      type="button"
      className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-white/40 px-4 font-bold text-white"
      aria-pressed={on}
      onClick={() => send({ type: 'kitchen.sound' })}
    >
      {on ? (
        <BellRing aria-hidden="true" className="size-5" />
      ) : (
        <BellOff aria-hidden="true" className="size-5" />
      )}
      {on ? 'Sound on' : 'Sound off'}
    </button>
  );
}

/**
 * The ticket printer of this device: the roll it takes, and whether accepting an order here prints its
 * ticket (both remembered by the browser). Folded away: set once per device.
 */
function TicketSettings({ snapshot, send }: { snapshot: KitchenBoardSnapshot; send: KitchenSend }) {
  const { roll, autoPrint } = snapshot.context;
  return (
    <details className="relative">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border-2 border-white/40 px-4 font-bold text-white">
        <Printer aria-hidden="true" className="size-5" />
        Printer
      </summary>
      <div className="absolute right-0 z-20 mt-2 grid w-64 gap-3 rounded-2xl bg-white p-4 text-ink shadow-lg">
        <fieldset className="flex min-h-11 items-center gap-1 rounded-full border border-neutral-300 px-1">
          <legend className="sr-only">Ticket roll</legend>
          <span aria-hidden="true" className="pl-2 text-base font-bold">
            Roll
          </span>
          {ROLL_WIDTHS.map((width: RollWidth) => (
            <label
              key={width}
              className="inline-flex min-h-9 cursor-pointer items-center rounded-full px-3 font-bold has-checked:bg-ink has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-(--focus-ring)"
            >
              <input
                type="radio"
                name="ticket-roll"
                className="sr-only"
                checked={roll === width}
                onChange={() => send({ type: 'kitchen.roll', roll: width })}
              />
              {width} mm
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-neutral-300 px-4 font-bold aria-pressed:bg-ink aria-pressed:text-white"
          aria-pressed={autoPrint}
          onClick={() => send({ type: 'kitchen.autoPrint' })}
        >
          Print when accepted
        </button>
      </div>
    </details>
  );
}

type KitchenSend = ReturnType<typeof useMachine<ReturnType<typeof useKitchenLogic>['kitchenBoard']>>[1];

/**
 * The orders whose Later wait ended since the last tick: the board flashes and chimes them as new ones
 * (their lane follows the clock, which the machine does not read).
 */
function useStartedFromLater(lanes: BoardLanes | null, send: KitchenSend) {
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    if (!lanes) return;
    const later = new Set(lanes.later.map((order) => order._id));
    for (const id of waiting.current) {
      if (later.has(id)) continue;
      const started = BOARD_LANES.filter((lane) => lane === 'paid' || lane === 'placed')
        .flatMap((lane) => lanes[lane])
        .find((order) => order._id === id);
      if (started) send({ type: 'kitchen.started', orderId: id, transactionId: started.transaction_id });
    }
    waiting.current = later;
  }, [lanes, send]);
}

/** Staff confirm a step well ahead of a scheduled order's plan before it is made. */
function useAheadOfPlanConfirmation(snapshot: KitchenBoardSnapshot, send: KitchenSend) {
  const confirming = snapshot.matches({ move: 'confirming' });
  const { move, orders } = snapshot.context;
  useEffect(() => {
    if (!confirming || !move) return;
    const order = orders?.[move.orderId];
    const planned = promiseOf(order ?? ({} as Order)) ?? 'later';
    void showDialog({
      titleText: `Order ${order ? orderNumberText(order) : move.transactionId} is for later`,
      text: `${planned}${order?.start_at ? `; the kitchen would start it at ${clock(order.start_at)}` : ''}. Do it now? The customer is told it is coming early.`,
      icon: 'question',
      showCancelButton: true,
      confirmButtonText: 'Yes, do it now',
      cancelButtonText: 'Back',
    }).then((answer) => send({ type: answer.isConfirmed ? 'kitchen.confirm' : 'kitchen.back' }));
  }, [confirming, move, orders, send]);
}

/**
 * The kitchen board, the whole screen of a tablet (machines/kitchen-board.machine.ts): one bar, then
 * the rail of tickets to work (new ones first, then those being made, then those out or ready, each
 * by when the kitchen must start it) and, apart, the Later rail of scheduled orders until their start.
 * On a 768×1024 or 1024×768 tablet the first six tickets and their next step are on screen; the rails
 * scroll within themselves, never the page (docs/decisions/043-service-night.md).
 */
export function KitchenPage() {
  const { kitchenBoard } = useKitchenLogic();
  const [snapshot, send, board] = useMachine(kitchenBoard, {
    input: { soundOn: soundLeftOn(), ...printingLeft() },
  });
  const live = useLiveStatus(snapshot.children.feed!);
  const freshIds = useSelector(board, freshOrders);
  // The tickets' timers and the Later rail follow it.
  const now = useClock(TICK_MS);
  const fresh = new Set(freshIds);
  const { orders, error, announced, problem, ticket, roll } = snapshot.context;
  const lanes = orders && boardLanes(Object.values(orders), now);
  const rail = lanes && nowRail(lanes);
  const reading = snapshot.matches({ read: 'reading' }) || snapshot.matches({ read: 'connecting' });
  const onMove = (next: KitchenMove) => send({ type: 'kitchen.move', at: Date.now(), ...next });
  const onPrint = (order: Order) => send({ type: 'kitchen.print', order });
  const canMove = snapshot.matches({ move: 'idle' }) || snapshot.matches({ move: 'refused' });
  /** What every ticket, in either rail, is given alike. */
  const ticketProps = { now, disabled: !canMove, onMove, onPrint };
  useStartedFromLater(lanes, send);
  useAheadOfPlanConfirmation(snapshot, send);

  // A new ticket lands at the top of the rail: staff scrolled down are shown the way back up.
  const railRef = useRef<HTMLUListElement>(null);
  const [scrolled, setScrolled] = useState(false);
  const freshInRail = rail?.filter((order) => fresh.has(order._id)) ?? [];
  const announcedOrder = announced && orders?.[announced.orderId];
  const announcement = announced
    ? `${announced.started ? 'Start now:' : announced.cash ? 'New cash order' : 'New paid order'} ${
        announcedOrder ? orderNumberText(announcedOrder) : ''
      }`.trim()
    : '';

  return (
    <section
      aria-labelledby="kitchen-title"
      aria-busy={reading}
      className="flex min-h-dvh flex-col bg-cream md:h-dvh"
    >
      <header className="flex flex-wrap items-center gap-2 bg-ink px-3 py-2 text-white">
        <Link
          to="/admin"
          aria-label="Back to Admin"
          title="Back to Admin"
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10"
        >
          <ArrowLeft aria-hidden="true" className="size-6" />
        </Link>
        <h1 id="kitchen-title" className="mr-auto grid text-2xl leading-tight font-bold">
          Kitchen
          <span className="text-sm font-normal">
            {rail ? `${rail.length} open · ${lanes.later.length} later` : ''}
          </span>
        </h1>
        <BusySwitch snapshot={snapshot} onToggle={() => send({ type: 'kitchen.busy' })} />
        <SoundSwitch snapshot={snapshot} send={send} />
        <TicketSettings snapshot={snapshot} send={send} />
        <Link to="/admin/kitchen/new-order" className="btn-primary">
          <Plus aria-hidden="true" className="size-5" />
          New order
        </Link>
      </header>
      <div className="grid gap-2 px-3 empty:hidden">
        <LiveStatus {...live} />
        {snapshot.matches({ read: 'failed' }) && (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-coral/10 p-2">
            <p className="font-semibold text-coral-ink">{error}</p>
            <button type="button" className="btn-primary" onClick={() => send({ type: 'kitchen.retry' })}>
              Try again
            </button>
          </div>
        )}
        {snapshot.matches({ move: 'refused' }) && problem && (
          <p role="alert" className="rounded-xl bg-coral/10 p-2 font-semibold text-coral-ink">
            {problem}
          </p>
        )}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {/* Landscape: the rail, the Later rail on its right. Portrait: the Later rail a strip below. */}
      <div className="grid min-h-0 flex-1 gap-3 p-3 md:landscape:grid-cols-[1fr_15rem] md:portrait:grid-rows-[1fr_auto]">
        <section aria-labelledby="now-title" className="relative flex min-h-0 flex-col gap-2">
          <h2 id="now-title" className="sr-only">
            Now
          </h2>
          {scrolled && freshInRail.length > 0 && (
            <button
              type="button"
              className="btn-danger absolute top-2 left-1/2 z-10 -translate-x-1/2 shadow-lg"
              onClick={() => railRef.current?.scrollTo({ top: 0, behavior: 'smooth' })}
            >
              <ArrowUp aria-hidden="true" className="size-5" />
              New: {freshInRail.map(orderNumberText).join(', ')}
            </button>
          )}
          {rail === null ? (
            <p className="p-4 text-lg">Loading the board…</p>
          ) : rail.length === 0 ? (
            <p className="p-4 text-lg text-neutral-700">No orders to make right now.</p>
          ) : (
            // Rows as tall as their tickets (each capped at half the rail): with a definite height and
            // auto rows, a long rail would share its height out and squeeze every ticket to a strip.
            <ul
              ref={railRef}
              onScroll={(event) => setScrolled(event.currentTarget.scrollTop > 40)}
              className="grid min-h-0 auto-rows-max grid-cols-1 content-start gap-3 overflow-y-auto overscroll-contain sm:grid-cols-[repeat(auto-fill,minmax(14rem,1fr))]"
            >
              {rail.map((order) => (
                <KitchenTicketCard
                  key={order._id}
                  order={order}
                  lane={order.state as KitchenColumn}
                  fresh={fresh.has(order._id)}
                  {...ticketProps}
                />
              ))}
            </ul>
          )}
        </section>
        <section
          aria-labelledby="later-title"
          className="flex min-h-0 flex-col gap-2 rounded-2xl bg-white/60 p-2 md:portrait:max-h-[17rem]"
        >
          <h2 id="later-title" className="text-lg font-bold">
            Later <span className="font-normal">({lanes?.later.length ?? 0})</span>
          </h2>
          {lanes && lanes.later.length === 0 ? (
            <p className="text-neutral-700">No orders booked for later.</p>
          ) : (
            <ul className="grid min-h-0 auto-rows-max content-start gap-2 overflow-auto overscroll-contain md:portrait:grid-flow-col md:portrait:auto-cols-[15rem]">
              {lanes?.later.map((order) => (
                <KitchenTicketCard
                  key={order._id}
                  order={order}
                  lane="later"
                  fresh={fresh.has(order._id)}
                  {...ticketProps}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      {ticket && <TicketOnPaper order={ticket} roll={roll} now={now} />}
    </section>
  );
}
