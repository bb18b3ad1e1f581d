// What the kitchen can make and when (docs/decisions/037-order-types-slots-and-estimates.md): orders are
// due in 15-minute slots, each holding as many orders (and units of pizza) as the owner says the kitchen
// makes in 15 minutes; an estimate is the preparation time of the order's slowest category, the queue
// ahead in the kitchen and, for a delivery, the rider's time.
import * as v from 'valibot';
import { AddToCartSchema } from './cart.ts';
import { ITEM_CATEGORIES, type ItemCategory } from './menu.ts';
import { wholeNumber } from './numbers.ts';
import { clockText, dayWords } from './opening-hours.ts';
import { type OrderState, OrderTypeSchema } from './order-lifecycle.ts';
import { PHONE_ORDER_MAX_LINES, TOO_MANY_LINES } from './phone-order.ts';

/** Orders are due in slots of this many minutes (Google's ordering feed's). */
export const SLOT_MINUTES = 15;
/** Slots are offered for today and the next six days. */
export const SLOT_DAYS = 7;
/** A category's preparation time when the owner has set none. */
export const DEFAULT_PREP_MINUTES = 15;

const MINUTE = 60_000;

/**
 * The kitchen's rules (Admin → Hours & kitchen; the busy switch on the board): orders per 15-minute slot,
 * units of pizza per slot (null: not counted), each category's preparation time, and "busy", which adds
 * `busyMinutes` to every estimate while it is on.
 */
export const KitchenSettingsSchema = v.object({
  slotOrders: wholeNumber('Orders per 15 minutes', 1, 500),
  slotPizzas: v.nullable(wholeNumber('Pizzas per 15 minutes', 1, 5000)),
  prepMinutes: v.object(
    Object.fromEntries(
      ITEM_CATEGORIES.map((category) => [category, wholeNumber(`Preparation of ${category}`, 0, 240)]),
    ) as {
      [C in ItemCategory]: ReturnType<typeof wholeNumber>;
    },
  ),
  busy: v.boolean('busy must be true or false'),
  busyMinutes: wholeNumber('Busy adds', 0, 120),
});
export type KitchenSettings = v.InferOutput<typeof KitchenSettingsSchema>;

export const DEFAULT_KITCHEN_SETTINGS: KitchenSettings = {
  slotOrders: 40,
  slotPizzas: null,
  prepMinutes: Object.fromEntries(ITEM_CATEGORIES.map((c) => [c, DEFAULT_PREP_MINUTES])) as Record<
    ItemCategory,
    number
  >,
  busy: false,
  busyMinutes: 15,
};

/** The kitchen's preparation of an order: its slowest category's time, and the busy boost. */
export function prepMinutesOf(settings: KitchenSettings, categories: Iterable<ItemCategory>): number {
  let slowest = 0;
  for (const category of categories) slowest = Math.max(slowest, settings.prepMinutes[category]);
  return slowest + (settings.busy ? settings.busyMinutes : 0);
}

/** The minutes the orders ahead add: the kitchen makes `slotOrders` of them every slot. */
export const queueMinutesOf = (ahead: number, settings: Pick<KitchenSettings, 'slotOrders'>): number =>
  Math.ceil((ahead * SLOT_MINUTES) / settings.slotOrders);

/**
 * What an estimate is made of: the order's preparation as prepMinutesOf gives it (its slowest
 * category's, and Busy's minutes while Busy is on), the orders ahead of it in the kitchen's queue, and
 * its area's rider's time (0 for a pickup).
 */
export interface EstimateInputs {
  prepMinutes: number;
  ahead: number;
  deliveryMinutes: number;
}

/**
 * The one estimate (docs/decisions/043-service-night.md): in how many minutes an order made as soon as
 * possible is due, at the door or at the counter. The website's checkout and the phone order quote it
 * (GET /order-slots); an order's start, ready and due times are set from it at checkout and when staff
 * take a step ahead of them (committedTimes); the tracker, the success page, the mail's due text and
 * the kitchen's card read those times.
 */
export const estimateMinutes = (
  { prepMinutes, ahead, deliveryMinutes }: EstimateInputs,
  settings: Pick<KitchenSettings, 'slotOrders'>,
): number => queueMinutesOf(ahead, settings) + prepMinutes + deliveryMinutes;

/** When the kitchen should start an order, have it ready, and when it is due, in epoch milliseconds. */
export interface KitchenTimes {
  startAt: number;
  readyAt: number;
  dueAt: number;
}

/** The steps that commit the kitchen to an order's times when taken before them. */
const STEP_STARTS: Partial<Record<OrderState, 'startAt' | 'readyAt'>> = {
  accepted: 'startAt',
  preparing: 'startAt',
  out_for_delivery: 'readyAt',
  ready_for_pickup: 'readyAt',
};

/**
 * Staff take `step` at `now` before the order's times say: accepted or preparing before its start, out
 * for delivery or ready before it was to be ready.
 */
export function isAheadOf(planned: KitchenTimes, step: OrderState, now: number): boolean {
  const before = STEP_STARTS[step];
  return before !== undefined && now < planned[before];
}

/**
 * The times an order is committed to when staff take `step` at `now`, ahead of the times it had
 * (accepted or preparing before its start, out for delivery or ready before it was to be ready): what
 * is left of it estimated from `now` by estimateMinutes (accepted: the queue ahead, the preparation
 * and the ride; preparing: the preparation and the ride; out or ready: the ride), never later than
 * before. Null when the step is not ahead of the order's times: they stand.
 */
export function committedTimes(
  planned: KitchenTimes,
  step: OrderState,
  now: number,
  inputs: EstimateInputs,
  settings: Pick<KitchenSettings, 'slotOrders'>,
): KitchenTimes | null {
  const before = STEP_STARTS[step];
  if (!before || !isAheadOf(planned, step, now)) return null;
  const left: EstimateInputs = {
    ahead: step === 'accepted' ? inputs.ahead : 0,
    prepMinutes: before === 'startAt' ? inputs.prepMinutes : 0,
    deliveryMinutes: inputs.deliveryMinutes,
  };
  const dueAt = now + estimateMinutes(left, settings) * MINUTE;
  const readyAt = dueAt - left.deliveryMinutes * MINUTE;
  return {
    startAt: Math.min(planned.startAt, readyAt - left.prepMinutes * MINUTE),
    readyAt: Math.min(planned.readyAt, readyAt),
    dueAt: Math.min(planned.dueAt, dueAt),
  };
}

/**
 * What an order's own times say it was promised: its preparation (ready − start) and its ride
 * (due − ready), the inputs its estimate was made of; the queue ahead is not kept (0).
 */
export const promisedInputs = (times: KitchenTimes): EstimateInputs => ({
  prepMinutes: Math.round((times.readyAt - times.startAt) / MINUTE),
  ahead: 0,
  deliveryMinutes: Math.round((times.dueAt - times.readyAt) / MINUTE),
});

/** An estimate as customers read it: a range of five minutes' steps, 'about 35–45 min'. */
export function estimateRange(minutes: number): { low: number; high: number } {
  const low = Math.max(5, Math.ceil(minutes / 5) * 5);
  return { low, high: low + 10 };
}
export const estimateText = (minutes: number): string => {
  const { low, high } = estimateRange(minutes);
  return `about ${low}–${high} min`;
};

/** A line an order not made from a cart asks the times for: an item and how many. */
export interface SlotLine {
  itemId: string;
  quantity: number;
}

export const SLOT_LINES_MESSAGE = 'lines must be item ids and quantities, as id:2,id:1';

/** The lines as the slots query carries them: 'itemId:quantity', comma-separated. */
export const slotLinesText = (lines: readonly SlotLine[]): string =>
  lines.map((line) => `${line.itemId}:${line.quantity}`).join(',');

const SlotLinesSchema = v.pipe(
  v.string(SLOT_LINES_MESSAGE),
  v.maxLength(PHONE_ORDER_MAX_LINES * 48, SLOT_LINES_MESSAGE),
  v.transform((text) =>
    text
      .split(',')
      .filter(Boolean)
      .map((line) => {
        const [itemId, quantity] = line.split(':');
        return { itemId, quantity: quantity ? Number(quantity) : Number.NaN };
      }),
  ),
  v.array(v.object({ itemId: AddToCartSchema.entries.itemId, quantity: AddToCartSchema.entries.quantity })),
  v.maxLength(PHONE_ORDER_MAX_LINES, TOO_MANY_LINES),
);

/**
 * GET /order-slots query: slots for an order of this type (to this postcode, for a delivery). `lines`
 * (not in the spec; the phone order's): the times for these lines rather than the caller's cart, an
 * empty text for no lines yet; left out, the caller's cart's, as before.
 */
export const OrderSlotsQuerySchema = v.object({
  orderType: v.optional(OrderTypeSchema, 'delivery'),
  postcode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(12, 'The postcode is too long')), ''),
  lines: v.optional(SlotLinesSchema),
});
export type OrderSlotsQuery = v.InferOutput<typeof OrderSlotsQuerySchema>;

/** A slot as checkout offers it: its start (what the order sends back), and its day and time as words. */
export const OfferedSlotSchema = v.object({
  at: v.string(),
  /** The shop's calendar day, YYYY-MM-DD, and its wall clock, HH:MM. */
  date: v.string(),
  time: v.string(),
});
export type OfferedSlot = v.InferOutput<typeof OfferedSlotSchema>;

/**
 * GET /order-slots answer: as soon as possible (null while the shop is closed now: only later slots),
 * in minutes from now for the caller's cart; the later slots with room; and, when the shop is closed
 * now, when it opens.
 */
export const OrderSlotsSchema = v.object({
  asap: v.nullable(v.object({ minutes: v.number(), dueAt: v.string() })),
  slots: v.array(OfferedSlotSchema),
  opensAt: v.nullable(OfferedSlotSchema),
});
export type OrderSlots = v.InferOutput<typeof OrderSlotsSchema>;

/** A slot as a message says it, seen from `today`: 'today at 7:30pm', 'Saturday at 6:00am'. */
export const whenText = (slot: Pick<OfferedSlot, 'date' | 'time'>, today: string): string =>
  `${dayWords(slot.date, today)} at ${clockText(slot.time)}`;
