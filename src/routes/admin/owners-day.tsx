import { useActor } from '@xstate/react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { BOARD_LANES, type BoardLane } from '../../../contract/kitchen-lanes.ts';
import { formatAdminPrice, toCents } from '../../../contract/money.ts';
import { ORDER_STATE_LABELS, ORDER_STATES } from '../../../contract/order-lifecycle.ts';
import type { OwnersDay } from '../../../contract/owners-day.ts';
import { useAdminLogic } from '../../actors/admin.ts';
import { LiveStatus } from '../../components/live-status.tsx';
import { useOrderFeed } from '../use-order-feed.ts';

/** How long a burst of order changes is gathered before the figures are read again. */
const GATHER_MS = 2_000;

/** One figure: its name and its value, the value large. */
function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid content-start gap-1 rounded-2xl bg-white p-4 shadow-sm">
      <dt className="text-sm font-bold text-neutral-700">{label}</dt>
      <dd className="text-2xl font-bold">{children}</dd>
    </div>
  );
}

/** The board's lanes by the names the kitchen reads on them. */
const laneTitle = (lane: BoardLane) => (lane === 'later' ? 'Later' : ORDER_STATE_LABELS[lane]);
const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;
const money = (taka: number) => formatAdminPrice(toCents(taka));

/** The day's figures as read (contract/owners-day.ts); waiting, on the way and ready are the board's lanes. */
function Figures({ day, now }: { day: OwnersDay; now: number }) {
  const byState = ORDER_STATES.filter((state) => (day.ordersByState[state] ?? 0) > 0);
  const lane = (name: BoardLane) => day.lanes[name] ?? 0;
  const waited = day.waiting.oldestPaidAt
    ? Math.max(0, dayjs(now).diff(day.waiting.oldestPaidAt, 'minute'))
    : null;
  const cash = day.cash;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Revenue paid today">{formatAdminPrice(toCents(day.revenue))}</Figure>
        <Figure label="Orders waiting">
          {day.waiting.orders}
          <span className="block text-base font-semibold text-neutral-700">
            {waited === null ? 'None waiting' : `Oldest waiting ${waited} min`}
            {lane('later') > 0 && ` · ${lane('later')} for later`}
          </span>
        </Figure>
        <Figure label="On the way">
          {lane('out_for_delivery')}
          <span className="block text-base font-semibold text-neutral-700">out for delivery</span>
        </Figure>
        <Figure label="Ready for pickup">
          {lane('ready_for_pickup')}
          <span className="block text-base font-semibold text-neutral-700">waiting at the counter</span>
        </Figure>
        <Figure label="Paid to out for delivery">
          {day.averageMinutesToDelivery === null ? '—' : `${day.averageMinutesToDelivery} min`}
          <span className="block text-base font-semibold text-neutral-700">on average today</span>
        </Figure>
        {cash && (
          <Figure label="Cash to collect">
            {money(cash.toCollect)}
            <span className="block text-base font-semibold text-neutral-700">
              {orders(cash.orders)} on the board
              {cash.onTheWay && ` · ${money(cash.onTheWay.toCollect)} with riders`}
              {cash.atTheCounter && ` · ${money(cash.atTheCounter.toCollect)} at the counter`}
              {` · taken today ${money(cash.taken)}`}
            </span>
          </Figure>
        )}
        <Figure label="Bookings today">
          {day.bookings.count}
          <span className="block text-base font-semibold text-neutral-700">
            {day.bookings.guests} {day.bookings.guests === 1 ? 'guest' : 'guests'}
          </span>
        </Figure>
      </dl>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <section aria-labelledby="board-title" className="rounded-2xl bg-white p-4 shadow-sm">
          <h3 id="board-title" className="font-bold">
            On the kitchen board now
          </h3>
          <ul className="mt-2 grid gap-1">
            {BOARD_LANES.map((name) => (
              <li key={name} className="flex justify-between gap-4">
                <span>{laneTitle(name)}</span>
                <span className="font-bold">{lane(name)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="by-state-title" className="rounded-2xl bg-white p-4 shadow-sm">
          <h3 id="by-state-title" className="font-bold">
            Today’s orders by state
          </h3>
          {byState.length === 0 ? (
            <p className="text-neutral-700">No orders yet today.</p>
          ) : (
            <ul className="mt-2 grid gap-1">
              {byState.map((state) => (
                <li key={state} className="flex justify-between gap-4">
                  <span>{ORDER_STATE_LABELS[state]}</span>
                  <span className="font-bold">{day.ordersByState[state]}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="top-items-title" className="rounded-2xl bg-white p-4 shadow-sm">
          <h3 id="top-items-title" className="font-bold">
            Top items today
          </h3>
          {day.topItems.length === 0 ? (
            <p className="text-neutral-700">Nothing sold yet today.</p>
          ) : (
            <ol className="mt-2 grid list-decimal gap-1 pl-6">
              {day.topItems.map((item) => (
                <li key={item.name}>
                  {item.name} <span className="font-bold">× {item.quantity}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

/** One read of the day's figures (mounted again to read them again). */
function DayRead() {
  const { ownersDay } = useAdminLogic();
  const [snapshot] = useActor(ownersDay);
  // The oldest wait as of this read: the figures are read again as orders change.
  const [now] = useState(() => Date.now());
  const read = snapshot.output;
  if (!read) return <p className="text-neutral-700">Reading today’s figures…</p>;
  if (!read.ok)
    return (
      <p role="alert" className="text-coral-ink">
        {read.message}
      </p>
    );
  return <Figures day={read.value} now={now} />;
}

/**
 * The owner's day on the Admin Dashboard: today's figures, read again a moment after the staff stream
 * tells of order changes (a burst of them read once), so the page stays live without a reload.
 */
export function OwnersDayPanel() {
  const feed = useOrderFeed('all');
  const [reads, setReads] = useState(0);
  useEffect(() => {
    if (feed.received === 0) return;
    const later = setTimeout(() => setReads((n) => n + 1), GATHER_MS);
    return () => clearTimeout(later);
  }, [feed.received]);
  return (
    <section aria-labelledby="owners-day-title" className="grid gap-4 rounded-2xl bg-cream p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="owners-day-title" className="text-xl font-bold">
          Today
        </h2>
        <LiveStatus status={feed.status} pausedOnce={feed.pausedOnce} message={feed.message} />
      </div>
      <DayRead key={reads} />
    </section>
  );
}
