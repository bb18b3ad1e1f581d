// When an order can be had (docs/decisions/037-order-types-slots-and-estimates.md). Orders are due in
// 15-minute slots of the shop's wall clock: "7:30pm" is due by 7:30pm, at the counter for a pickup, at
// the door for a delivery. Each slot holds as many orders (and units of pizza) as the owner says the
// kitchen makes in 15 minutes, counted over the orders that hold it: an order holds its slot exactly
// while it holds its stock (STOCK_HOLDING_STATES), so a paid one keeps it and an expired or cancelled
// one frees it. PostgreSQL keeps each slot's count in slot_loads, by a trigger in the transaction of
// every change to an order (migration 0024). Checkout locks the slot's row, then reads it: however many
// API processes race for its last place, one at a time reads, so exactly the capacity succeed.
import { and, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { escapeLiteral } from 'pg';
import { type Area, areaFor, DEFAULT_DELIVERY_MINUTES } from '../../../contract/delivery.ts';
import {
  committedTimes,
  estimateMinutes,
  isAheadOf,
  type KitchenSettings,
  type KitchenTimes,
  type OfferedSlot,
  type OrderSlots,
  type OrderSlotsQuery,
  prepMinutesOf,
  promisedInputs,
  SLOT_DAYS,
  SLOT_MINUTES,
  type SlotLine,
  whenText,
} from '../../../contract/kitchen.ts';
import type { ItemCategory } from '../../../contract/menu.ts';
import {
  addDays,
  hoursOn,
  isOpenAt,
  momentWords,
  nextOpening,
  type ShopHours,
} from '../../../contract/opening-hours.ts';
import type { OrderState, OrderType } from '../../../contract/order-lifecycle.ts';
import { WAITING_STATES } from '../../../contract/owners-day.ts';
import type { PaymentSettings } from '../../../contract/payment-settings.ts';
import { SHOP_CLOSED_MESSAGE, type ShopNow as ShopNowAnswer } from '../../../contract/shop.ts';
import { jsonRows } from '../../db/json-rows.ts';
import type { OrderRow } from '../../db/rows.ts';
import {
  cartLines,
  closedDates,
  deliveryAreas,
  kitchenQueue,
  kitchenSettings,
  menuItems,
  openingHours,
  orders,
  paymentSettings,
  shopStatus,
  slotLoads as slotLoadRows,
} from '../../db/schema.ts';
import { Conflict } from '../domain-errors.ts';
import { type AreaRow, areaOfRow } from './delivery-areas.ts';
import { kitchenSettingsOf } from './kitchen-settings.ts';
import type { Executor } from './order-stock.ts';
import { paymentSettingsOf } from './payment-settings.ts';
import type { ShopClock } from './shop-clock.ts';
import { shopHoursOf } from './shop-hours.ts';

const MINUTE = 60_000;

/** The shop as ordering sees it now: its hours, its kitchen, the owner's switch, and the wall clock. */
export interface ShopNow {
  hours: ShopHours;
  settings: KitchenSettings;
  areas: Area[];
  /** The owner's "Shop closed now": closed for the rest of today. */
  switchClosed: boolean;
  /** How customers may pay. */
  payment: PaymentSettings;
  now: Date;
  today: string;
  minute: number;
  clock: ShopClock;
}

type ShopRows = {
  days: Array<typeof openingHours.$inferSelect>;
  dates: Array<typeof closedDates.$inferSelect>;
  kitchen: Array<typeof kitchenSettings.$inferSelect>;
  areas: AreaRow[];
  switch_closed: boolean;
  payment: Array<typeof paymentSettings.$inferSelect>;
};

/** The owner's settings ordering depends on, in one round trip (checkout reads them at every order). */
export async function readShopNow(db: Executor, clock: ShopClock): Promise<ShopNow> {
  const { rows } = await db.execute<ShopRows>(sql`select
    ${jsonRows(openingHours, openingHours.day)} as days,
    ${jsonRows(closedDates, closedDates.date)} as dates,
    ${jsonRows(kitchenSettings)} as kitchen,
    ${jsonRows(deliveryAreas, deliveryAreas.position)} as areas,
    coalesce((select ${shopStatus.closed} from ${shopStatus}), false) as switch_closed,
    ${jsonRows(paymentSettings)} as payment`);
  const shop = rows[0]!;
  return {
    hours: shopHoursOf(shop.days, shop.dates),
    settings: kitchenSettingsOf(shop.kitchen[0]),
    areas: shop.areas.map(areaOfRow),
    switchClosed: shop.switch_closed,
    payment: paymentSettingsOf(shop.payment[0]),
    now: clock.now(),
    today: clock.today(),
    minute: clock.minuteOfDay(),
    clock,
  };
}

/** Orders are taken for as soon as possible: within the hours, the owner's switch off. */
export const isOpenNow = (shop: ShopNow): boolean =>
  !shop.switchClosed && isOpenAt(shop.hours, shop.today, shop.minute);

/** When the shop opens next for orders: later today, or (the switch on: closed for today) a later day. */
export function opensAt(shop: ShopNow): OfferedSlot | null {
  const from = shop.switchClosed
    ? nextOpening(shop.hours, addDays(shop.today, 1), 0)
    : nextOpening(shop.hours, shop.today, shop.minute);
  return from && offered(shop, from.date, from.minute);
}

/** A wall-clock time as checkout offers it. */
const offered = (shop: ShopNow, date: string, minute: number): OfferedSlot => ({
  at: shop.clock.instant(date, minute).toISOString(),
  date,
  time: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
});

/** What an order asks of the kitchen. */
export interface Need {
  type: OrderType;
  /** Its slowest category's preparation, the busy boost included. */
  prepMinutes: number;
  /** The rider's time (0 for a pickup). */
  deliveryMinutes: number;
  pizzaUnits: number;
}

export function needOf(
  shop: ShopNow,
  type: OrderType,
  area: Pick<Area, 'deliveryMinutes'> | undefined,
  lines: ReadonlyArray<{ category: ItemCategory; quantity: number }>,
): Need {
  return {
    type,
    prepMinutes: prepMinutesOf(
      shop.settings,
      lines.map((line) => line.category),
    ),
    deliveryMinutes: type === 'pickup' ? 0 : (area?.deliveryMinutes ?? DEFAULT_DELIVERY_MINUTES),
    pizzaUnits: lines
      .filter((line) => line.category === 'pizza')
      .reduce((sum, line) => sum + line.quantity, 0),
  };
}

/**
 * The orders in the kitchen's queue now: paid, accepted or being prepared, as soon as possible (they
 * wait their turn: kept in kitchen_queue's rows), or scheduled and due to be started (counted). A count,
 * to be read within a statement.
 */
const queueAhead = (db: Executor, now: Date) =>
  sql<number>`(select coalesce(sum(${kitchenQueue.orders}), 0) from ${kitchenQueue}) + (${db
    .select({ due: sql`count(*)` })
    .from(orders)
    .where(
      and(eq(orders.scheduled, true), inArray(orders.state, [...WAITING_STATES]), lte(orders.startAt, now)),
    )})`;

interface Candidate extends OfferedSlot {
  instant: Date;
}

/**
 * The slots an order may be due in, earliest first: within each open day's hours from the kitchen's
 * opening plus the order's preparation (and ride), today from now plus `lead`, for SLOT_DAYS days; none
 * today while the owner's switch is on. Made one by one as they are asked for: a checkout takes the
 * first with room, nearly always the first, of a week's hundreds.
 */
function* candidates(shop: ShopNow, need: Need, lead: number): Generator<Candidate> {
  for (let ahead = 0; ahead < SLOT_DAYS; ahead++) {
    if (ahead === 0 && shop.switchClosed) continue;
    const date = addDays(shop.today, ahead);
    const open = hoursOn(shop.hours, date);
    if (!open) continue;
    let earliest = open.opens + need.prepMinutes + need.deliveryMinutes;
    if (ahead === 0) earliest = Math.max(earliest, shop.minute + lead);
    for (
      let minute = Math.ceil(earliest / SLOT_MINUTES) * SLOT_MINUTES;
      minute <= open.closes;
      minute += SLOT_MINUTES
    ) {
      const slot = offered(shop, date, minute);
      yield { ...slot, instant: new Date(slot.at) };
    }
  }
}

/** Past the last slot an order may be due in: a day more than SLOT_DAYS on from now (a clock change). */
const pastTheLastSlot = (shop: ShopNow): Date =>
  new Date(shop.now.getTime() + (SLOT_DAYS + 1) * 1440 * MINUTE);

interface Load {
  orders: number;
  pizzas: number;
}

/** How full the slots from `from` to `to` are: the orders holding each, and their units of pizza. */
const slotLoads = (db: Executor, from: Date, to: Date) =>
  db
    .select()
    .from(slotLoadRows)
    .where(and(gte(slotLoadRows.slotAt, from), lte(slotLoadRows.slotAt, to), gt(slotLoadRows.orders, 0)));

type Loads = Map<number, Load>;

const loadsOf = (rows: ReadonlyArray<{ slotAt: Date | string; orders: number; pizzas: number }>): Loads =>
  new Map(rows.map((row) => [new Date(row.slotAt).getTime(), { orders: row.orders, pizzas: row.pizzas }]));

/** The kitchen as an order finds it: as soon as possible's lead, and how full the slots are. */
interface Kitchen {
  /** In minutes from now: the preparation, the queue ahead, the ride. */
  lead: number;
  load: Loads;
}

/**
 * The queue ahead and the loads of every slot the order may take from now, in one round trip (a lead
 * only moves the first of those slots later, so the span read is theirs or wider).
 */
async function readKitchen(db: Executor, shop: ShopNow, need: Need): Promise<Kitchen> {
  const from = candidates(shop, need, 0).next().value?.instant ?? shop.now;
  const to = pastTheLastSlot(shop);
  const { rows } = await db.execute<{
    ahead: number;
    loads: Array<{ slotAt: string; orders: number; pizzas: number }>;
  }>(sql`select (${queueAhead(db, shop.now)})::int as ahead,
    (select coalesce(json_agg(json_build_object('slotAt', l.slot_at, 'orders', l.orders, 'pizzas', l.pizzas)), '[]'::json)
      from (${slotLoads(db, from, to)}) l) as loads`);
  const { ahead, loads } = rows[0]!;
  return { lead: estimateMinutes({ ...need, ahead }, shop.settings), load: loadsOf(loads) };
}

const hasRoom = (load: Load | undefined, settings: KitchenSettings, need: Need): boolean =>
  (load?.orders ?? 0) < settings.slotOrders &&
  (settings.slotPizzas === null || (load?.pizzas ?? 0) + need.pizzaUnits <= settings.slotPizzas);

/** The candidates with room for `need`, as `load` has the slots. */
const withRoom = (all: Iterable<Candidate>, load: Loads, shop: ShopNow, need: Need): Candidate[] =>
  Array.from(all).filter((slot) => hasRoom(load.get(slot.instant.getTime()), shop.settings, need));

/** The first of `slots` that `is`, the rest left to be read on. */
function firstOf(slots: Iterator<Candidate>, is: (slot: Candidate) => boolean): Candidate | undefined {
  for (let next = slots.next(); !next.done; next = slots.next()) if (is(next.value)) return next.value;
  return undefined;
}

/** The lines of the caller's cart, as the kitchen counts them. */
async function cartNeed(db: Executor, uid: string) {
  return db
    .select({ category: menuItems.category, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(menuItems, eq(menuItems.id, cartLines.itemId))
    .where(eq(cartLines.userUid, uid));
}

/** Lines named by item (the phone order's), as the kitchen counts them; an item not on the menu adds nothing. */
async function linesNeed(db: Executor, lines: readonly SlotLine[]) {
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((line) => line.itemId))];
  const categories = new Map(
    (
      await db
        .select({ id: menuItems.id, category: menuItems.category })
        .from(menuItems)
        .where(inArray(menuItems.id, ids))
    ).map((item) => [item.id, item.category]),
  );
  return lines.flatMap((line) => {
    const category = categories.get(line.itemId);
    return category ? [{ category, quantity: line.quantity }] : [];
  });
}

/**
 * GET /order-slots: for the caller's cart (or the `lines` given: the phone order's) as an order of
 * `type` (to `postcode`), as soon as possible (null while the shop is closed now, or the kitchen has no
 * room today), the later slots with room, and when the shop opens when it is closed now. The minutes
 * as soon as possible are the estimate checkout then commits the order to, for the same lines.
 */
export async function offerSlots(
  db: Executor,
  clock: ShopClock,
  uid: string,
  { orderType, postcode, lines }: OrderSlotsQuery,
): Promise<OrderSlots> {
  const shop = await readShopNow(db, clock);
  const asked = lines ? await linesNeed(db, lines) : await cartNeed(db, uid);
  const need = needOf(shop, orderType, areaFor(shop.areas, postcode), asked);
  const { lead, load } = await readKitchen(db, shop, need);
  const slots = withRoom(candidates(shop, need, lead), load, shop, need);
  const open = isOpenNow(shop);
  const soonest = open ? asapTimes(shop, lead, slots) : null;
  return {
    asap: soonest && {
      minutes: Math.round((soonest.dueAt.getTime() - shop.now.getTime()) / MINUTE),
      dueAt: soonest.dueAt.toISOString(),
    },
    slots: slots.map(({ instant: _, ...slot }) => slot),
    opensAt: open ? null : opensAt(shop),
  };
}

/**
 * When an order as soon as possible is due in `slot`: now plus its lead when that falls in the slot,
 * else (the nearer slots full) by the slot's end.
 */
const asapDue = (due: Date, slot: Candidate): Date =>
  slot.instant.getTime() - SLOT_MINUTES * MINUTE >= due.getTime()
    ? slot.instant
    : new Date(Math.min(due.getTime(), slot.instant.getTime()));

/** As soon as possible: in the first free slot, when it is today. */
function asapTimes(shop: ShopNow, lead: number, free: readonly Candidate[]): { dueAt: Date } | null {
  const slot = free[0];
  if (!slot || slot.date !== shop.today) return null;
  return { dueAt: asapDue(new Date(shop.now.getTime() + lead * MINUTE), slot) };
}

/** The slot asked for is full: the next free one is offered instead (null when there is none). */
export class SlotFull extends Conflict {
  constructor(
    message: string,
    readonly slot: OfferedSlot | null,
  ) {
    super(message);
  }
}
export const SLOT_NOT_OFFERED = 'That time is not offered any more: please choose another';

/** What an order's slot makes of it: the slot it holds, when it is started, ready and due, and the words. */
export interface TakenSlot {
  scheduled: boolean;
  slotAt: Date;
  startAt: Date;
  readyAt: Date;
  dueAt: Date;
  /** The due time on the shop's wall clock, as the paid mail says it. */
  dueText: string;
}

const literal = (value: string | Date | null) =>
  value === null ? 'null' : escapeLiteral(value instanceof Date ? value.toISOString() : value);

/** The slot's row, made if the slot is new, then locked to the end of the transaction. */
const slotLock = (
  slotAt: Date,
) => `insert into slot_loads (slot_at) values (${literal(slotAt)}) on conflict do nothing;
select 1 from slot_loads where slot_at = ${literal(slotAt)} for update`;

/** Waits for the slot: every checkout reading its load does so one at a time, on any API process. */
export const lockSlot = (db: Executor, slotAt: Date) => db.execute(sql.raw(slotLock(slotAt)));

/**
 * Gives the order `slot` with `times` if the slot has room for `need`, in one round trip: the slot's
 * lock, then the order's update, which reads the load in a statement of its own (its snapshot is taken
 * once the lock is held, so it sees the load the lock's last holder committed) and, through the
 * trigger, adds the order to it. The lock is held to the commit and every checkout of a rush wants the
 * same slot: only the commit is left between taking it and the next checkout's read. One simple query
 * of several statements carries no parameters: every value is a literal of ours.
 */
async function claim(
  db: Executor,
  orderId: string,
  settings: KitchenSettings,
  need: Need,
  slot: Candidate,
  times: TakenSlot,
): Promise<boolean> {
  const at = literal(slot.instant);
  const pizzasFit =
    settings.slotPizzas === null ? 'true' : `pizzas + ${need.pizzaUnits} <= ${settings.slotPizzas}`;
  const answers = (await db.execute(
    sql.raw(`${slotLock(slot.instant)};
update orders set scheduled = ${times.scheduled}, slot_at = ${at}, start_at = ${literal(times.startAt)},
  ready_at = ${literal(times.readyAt)}, due_at = ${literal(times.dueAt)}, due_text = ${literal(times.dueText)}
where id = ${literal(orderId)} and (
  select orders < ${settings.slotOrders} and ${pizzasFit} from slot_loads where slot_at = ${at}
)`),
  )) as unknown as Array<{ rowCount: number | null }>;
  return answers.at(-1)?.rowCount === 1;
}

/**
 * Gives the order the first of `slots` with room for `need` (and the times `timesFor` the slot), under
 * the slot's lock. The loads were read once, unlocked: a slot full then is passed over without its lock
 * (held to the end of the checkout, the locks of a row of full slots would have every checkout of a rush
 * wait for every other), and one that had room is counted again under its lock, so a checkout that lost
 * the race for its last place goes on to the next.
 */
async function claimFirstWithRoom(
  db: Executor,
  orderId: string,
  shop: ShopNow,
  need: Need,
  slots: Iterable<Candidate>,
  load: Loads,
  timesFor: (slot: Candidate) => TakenSlot,
): Promise<TakenSlot | undefined> {
  for (const slot of slots) {
    if (!hasRoom(load.get(slot.instant.getTime()), shop.settings, need)) continue;
    const times = timesFor(slot);
    if (await claim(db, orderId, shop.settings, need, slot, times)) return times;
  }
  return undefined;
}

/** An instant from now on the shop's wall clock (now's own, moved on: no time zone change in between). */
function wallOf(shop: Pick<ShopNow, 'now' | 'today' | 'minute'>, at: Date): { date: string; time: string } {
  const minute = shop.minute + Math.round((at.getTime() - shop.now.getTime()) / MINUTE);
  const days = Math.floor(minute / 1440);
  const inDay = minute - days * 1440;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: addDays(shop.today, days), time: `${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}` };
}

const timesOf = (shop: ShopNow, need: Need, scheduled: boolean, slot: Candidate, dueAt: Date): TakenSlot => {
  const readyAt = new Date(dueAt.getTime() - need.deliveryMinutes * MINUTE);
  const wall = dueAt.getTime() === slot.instant.getTime() ? slot : wallOf(shop, dueAt);
  return {
    scheduled,
    slotAt: slot.instant,
    dueAt,
    readyAt,
    startAt: new Date(readyAt.getTime() - need.prepMinutes * MINUTE),
    dueText: momentWords(wall.date, wall.time),
  };
};

/**
 * Gives the order `orderId`, inserted in this transaction, its slot and times; the last statement a
 * checkout makes before its commit, as the slot's lock is held to the end:
 * - a slot asked for must be one offered now (409 otherwise) and have room when counted under its lock;
 *   full, the next free slot is offered (SlotFull, 409);
 * - none asked for (as soon as possible, the spec's checkout): refused while the owner's switch is on
 *   (SHOP_CLOSED_MESSAGE, as before); outside the hours the order takes the first free slot after the
 *   opening, so a customer who knows nothing of slots is never refused for the hour; within them, the
 *   first free slot from now plus the lead, due then.
 */
export async function takeSlot(
  db: Executor,
  orderId: string,
  shop: ShopNow,
  need: Need,
  asked: string | null,
): Promise<TakenSlot> {
  const { lead, load } = await readKitchen(db, shop, need);
  const all = candidates(shop, need, lead);
  if (asked !== null) {
    const slot = firstOf(all, (candidate) => candidate.at === asked);
    if (!slot) throw new Conflict(SLOT_NOT_OFFERED);
    const times = timesOf(shop, need, true, slot, slot.instant);
    if (await claim(db, orderId, shop.settings, need, slot, times)) return times;
    const later = Array.from(all);
    const now =
      later.length > 0 ? loadsOf(await slotLoads(db, later[0]!.instant, later.at(-1)!.instant)) : load;
    const next = withRoom(later, now, shop, need)[0];
    const instead = next ? ({ at: next.at, date: next.date, time: next.time } satisfies OfferedSlot) : null;
    throw new SlotFull(
      `That time (${whenText(slot, shop.today)}) has just filled up${instead ? `: ${whenText(instead, shop.today)} is the next free one` : ''}`,
      instead,
    );
  }
  if (shop.switchClosed) throw new Conflict(SHOP_CLOSED_MESSAGE);
  const asap = isOpenNow(shop);
  const due = new Date(shop.now.getTime() + lead * MINUTE);
  const taken = await claimFirstWithRoom(db, orderId, shop, need, all, load, (slot) =>
    asap && slot.date === shop.today
      ? timesOf(shop, need, false, slot, asapDue(due, slot))
      : timesOf(shop, need, true, slot, slot.instant),
  );
  if (taken) return taken;
  throw new SlotFull('The kitchen is full for the coming week: please try again later', null);
}

type CommittedColumns = Pick<OrderRow, 'startAt' | 'readyAt' | 'dueAt' | 'dueText'>;

/**
 * The times an order is committed to when staff take `step` now, ahead of its times
 * (contract/kitchen.ts committedTimes), with the due text the shop's wall clock gives them; undefined
 * when the step is not ahead of them (or the order has none, from before estimates). The preparation
 * and the ride are those the order was promised at checkout (an order keeps its times' inputs when the
 * owner changes the kitchen's), so the tracker, holding the order as it read it, says the same; an
 * acceptance counts the queue ahead now, the order itself left out.
 */
export async function recommitTimes(
  db: Executor,
  clock: ShopClock,
  order: Pick<OrderRow, 'startAt' | 'readyAt' | 'dueAt' | 'scheduled' | 'state'>,
  step: OrderState,
): Promise<CommittedColumns | undefined> {
  if (!order.startAt || !order.readyAt || !order.dueAt) return undefined;
  const planned: KitchenTimes = {
    startAt: order.startAt.getTime(),
    readyAt: order.readyAt.getTime(),
    dueAt: order.dueAt.getTime(),
  };
  const now = clock.now();
  if (!isAheadOf(planned, step, now.getTime())) return undefined;
  // Only an acceptance has a queue ahead of it; for the other steps the kitchen's slot size is not read.
  let ahead = 0;
  let settings: Pick<KitchenSettings, 'slotOrders'> = { slotOrders: 1 };
  if (step === 'accepted') {
    const { rows } = await db.execute<{ ahead: number; slot_orders: number }>(
      sql`select (${queueAhead(db, now)})::int as ahead, ${kitchenSettings.slotOrders} as slot_orders from ${kitchenSettings}`,
    );
    const queued = !order.scheduled && (WAITING_STATES as readonly OrderState[]).includes(order.state);
    ahead = Math.max(0, rows[0]!.ahead - (queued ? 1 : 0));
    settings = { slotOrders: rows[0]!.slot_orders };
  }
  const times = committedTimes(
    planned,
    step,
    now.getTime(),
    { ...promisedInputs(planned), ahead },
    settings,
  )!;
  const dueAt = new Date(times.dueAt);
  const wall = wallOf({ now, today: clock.today(), minute: clock.minuteOfDay() }, dueAt);
  return {
    startAt: new Date(times.startAt),
    readyAt: new Date(times.readyAt),
    dueAt,
    dueText: momentWords(wall.date, wall.time),
  };
}

/** GET /shop-status: the owner's switch, whether orders are taken for now, when it opens, the week. */
export async function shopNowAnswer(db: Executor, clock: ShopClock): Promise<ShopNowAnswer> {
  const shop = await readShopNow(db, clock);
  const open = isOpenNow(shop);
  return {
    closed: shop.switchClosed,
    openNow: open,
    opensAt: open ? null : opensAt(shop),
    hours: shop.hours,
  };
}
