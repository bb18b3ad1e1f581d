// Checkout: the caller's cart becomes an unpaid order holding its stock, and the gateway gives its
// payment page; an order the gateway never saw is undone.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { splitSellable } from '../../../contract/cart.ts';
import { areaFor, belowMinimumMessage, notDeliveredMessage } from '../../../contract/delivery.ts';
import { toCents } from '../../../contract/money.ts';
import { selectionProblem } from '../../../contract/options.ts';
import type { CreatePayment } from '../../../contract/order.ts';
import type { OrderState, PaymentMethod } from '../../../contract/order-lifecycle.ts';
import { priceOrder } from '../../../contract/pricing.ts';
import { SHOP_CLOSED_MESSAGE } from '../../../contract/shop.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { retryOnDeadlock } from '../../db/deadlock-retry.ts';
import {
  cartLines,
  menuItems,
  orderEvents,
  orderLines,
  orderNumbers,
  orders,
  users,
} from '../../db/schema.ts';
import { Conflict, InvalidInput, UpstreamFailed } from '../domain-errors.ts';
import type { PaymentGateway, PaymentLine } from '../payments/gateway.ts';
import { OutOfStock, stockMessage, withHolds } from './cart.ts';
import { withLapsedReleased } from './expiry.ts';
import { assertNoCashOrderWaiting, holdUntilFor, standingColumns } from './hold-standing.ts';
import {
  assertLineWithinCap,
  assertOrderWithinCap,
  assertTotalPayable,
  DEFAULT_HOLDS,
  type Holds,
} from './holds.ts';
import { loadOptionGroups } from './item-options.ts';
import { recordCreation, skipOvertaken, transitionOrder } from './order-lifecycle.ts';
import { enqueueOrderMail } from './order-mail.ts';
import { type Executor, heldUnits, lockItems, restoreStock } from './order-stock.ts';
import { assertPaymentAllowed } from './payment-settings.ts';
import {
  type CartLineRow,
  type PricedCart,
  type PromoPricedCart,
  priceCart,
  withCartPromo,
} from './pricing.ts';

/** A line as the one pricing function gave it back: its row, its unit price and subtotal. */
type PricedLineRow = PricedCart['lines'][number];

import { takePromoUse } from './promotions.ts';
import { DEFAULT_SHOP_TIME_ZONE, type ShopClock, shopClock } from './shop-clock.ts';
import { needOf, readShopNow, takeSlot } from './slots.ts';
import { withTimeout } from './timeout.ts';

/** How long checkout waits for the gateway's payment page before giving up (and undoing the order). */
export const GATEWAY_TIMEOUT_MS = 10_000;

export const EMPTY_CART = 'Your cart is empty';
export const PRICES_CHANGED = 'Prices have changed: please review your cart';
export const GATEWAY_UNREACHABLE =
  'The payment service could not be reached. Your cart is unchanged; please try again.';
/** A code the cart showed applied, which stopped applying before checkout (or was taken meanwhile). */
export const promoRefused = (code: string, refusal: string): string =>
  `Promo code ${code}: ${refusal}. Please review your cart.`;
/** The note on an order a newer checkout of the same customer replaced. */
export const SUPERSEDED = 'Replaced by a newer checkout';

/** Where an order starts: awaiting the gateway's payment, or placed when it is paid in cash. */
export const initialState = (method: PaymentMethod): OrderState =>
  method === 'cash' ? 'placed' : 'awaiting_payment';

/** Where a cash order sends the browser: its confirmation, with the tracker, on the storefront. */
export const confirmationUrl = (returnSite: string | undefined, transactionId: string): string =>
  `${returnSite ?? ''}/order-placed/${transactionId}`;

/** 'PZ' + 24 hex characters (96 random bits): unguessable, so it can stand in URLs and notifications. */
export const newTransactionId = (): string => `PZ${randomBytes(12).toString('hex').toUpperCase()}`;

/**
 * The details of a checkout: the order keeps them and the gateway's page shows them. A pickup has no
 * address, postcode or city (any sent along are not kept).
 */
export const customerOf = (
  input: Pick<CreatePayment, 'fullName' | 'email' | 'phone'> &
    ({ orderType: 'pickup' } | { orderType: 'delivery'; address: string; city: string; postcode: string }),
) => ({
  fullName: input.fullName,
  email: input.email,
  phone: input.phone,
  ...(input.orderType === 'pickup'
    ? { address: '', city: '', postcode: '' }
    : { address: input.address, city: input.city, postcode: input.postcode }),
});

/** What the gateway's page shows of a pickup's address: it asks for one. */
export const PICKUP_ADDRESS = 'Collected at the shop';

/** Who checks out: the signed-in customer, and the address the request came from (clientAddress). */
export interface Caller {
  uid: string;
  address: string;
}

export interface CreatedOrder {
  id: string;
  transactionId: string;
  totalCents: number;
  lines: PaymentLine[];
}

/** The units of each item in these lines (an item may be on several lines, with other options). */
export function unitsByItem(
  lines: readonly CartLineRow[],
): Array<{ itemId: string; name: string; quantity: number }> {
  const items = new Map<string, { itemId: string; name: string; quantity: number }>();
  for (const { itemId, name, quantity } of lines) {
    const item = items.get(itemId);
    if (item) item.quantity += quantity;
    else items.set(itemId, { itemId, name, quantity });
  }
  return [...items.values()];
}

/**
 * Refuses (Conflict) a line whose options the menu no longer offers as chosen: a choice sold out today
 * or gone, a group's rules changed since it was added. The message names the group and the line.
 */
async function assertChoicesStillOffered(tx: Executor, lines: readonly CartLineRow[]): Promise<void> {
  const groups = await loadOptionGroups(
    tx,
    lines.map((line) => line.itemId),
  );
  for (const line of lines) {
    const problem = selectionProblem(groups.get(line.itemId) ?? [], line.choiceIds);
    if (problem) throw new Conflict(`${problem} (${line.name} in your cart): please change it`);
  }
}

/**
 * Where an order's lines come from, priced: the customer's cart with its promo code (checkout), or a
 * past order's lines at today's prices (services/pay-now.ts). In menu item id order, the lock order.
 */
export type LineSource = (tx: Executor, uid: string) => Promise<PromoPricedCart>;

/** The caller's cart, priced with the code on it. */
export const fromCart: LineSource = async (tx, uid) => {
  const cart = await priceCart(tx, eq(cartLines.userUid, uid), asc(menuItems.id), asc(cartLines.createdAt));
  return withCartPromo(tx, uid, cart.lines);
};

/**
 * Turns the caller's cart into an unpaid order, in one transaction: lines and total from the cart and
 * the current menu (the client's own lines are ignored), the caps on what one customer may hold must be
 * kept (InvalidInput), the client's total must match, the order holds for as long as its customer's
 * standing allows (services/hold-standing.ts), and every line's stock is reserved with a
 * conditional UPDATE, so concurrent checkouts can never oversell. A customer has at most one order
 * holding stock: the stock of their earlier unpaid orders goes back in the same transaction, so checking
 * out the same cart again moves the hold instead of doubling it.
 */
export function createOrder(
  db: Database,
  { uid, address }: Caller,
  input: CreatePayment,
  holds: Holds = DEFAULT_HOLDS,
  source: LineSource = fromCart,
  clock: ShopClock = shopClock(DEFAULT_SHOP_TIME_ZONE),
): Promise<CreatedOrder> {
  const place = async (tx: Transaction): Promise<CreatedOrder> => {
    // One checkout per customer at a time: a second one waits here until the first has committed, then
    // finds that order and releases it, instead of both holding stock. NO KEY UPDATE is enough to queue
    // checkouts and, unlike FOR UPDATE, leaves adding to the cart free (its foreign key check takes only
    // a KEY SHARE lock on this row). Taken first: customer, then orders, then items in id order.
    const [standing] = await tx
      .select(standingColumns(uid, holds))
      .from(users)
      .where(eq(users.uid, uid))
      .for('no key update');
    const shop = await readShopNow(tx, clock);
    // As soon as possible while the owner has closed the shop: refused as before, nothing created (a
    // later slot may still be ordered).
    if (input.slot === null && shop.switchClosed) throw new Conflict(SHOP_CLOSED_MESSAGE);

    // A delivery goes to the area of its postcode as typed, priced by its rule; a pickup pays no fee.
    // A postcode no area takes is refused before anything is held.
    const area = input.orderType === 'delivery' ? areaFor(shop.areas, input.postcode) : undefined;
    if (input.orderType === 'delivery' && !area) throw new InvalidInput(notDeliveredMessage(input.postcode));
    const sourced = await source(tx, uid);
    const { lines, totalCents, discountCents, promo } = priceOrder(sourced.lines, {
      promo: sourced.promo,
      delivery: area ?? null,
    });
    const { promotion } = sourced;
    if (lines.length === 0) throw new InvalidInput(EMPTY_CART);
    assertTotalPayable(totalCents);
    const items = unitsByItem(lines);
    // Lines added before the caps, or under larger ones, are refused here as well.
    for (const item of items) assertLineWithinCap(holds, item);
    assertOrderWithinCap(holds, lines);
    await assertChoicesStillOffered(tx, lines);

    // The customer's earlier unpaid orders: this checkout replaces them, so their units count as stock
    // the customer may have (as the cart shows it, services/cart.ts withOwnHolds).
    const superseded = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userUid, uid), eq(orders.state, 'awaiting_payment')));
    const released = await heldUnits(
      tx,
      superseded.map((row) => row.id),
    );
    // A line the stock can not fill is refused in the spec's words before the totals are compared: the
    // cart leaves such a line out of what it shows.
    const [short] = splitSellable(withHolds(lines, released)).unsellable;
    if (short) throw new OutOfStock(stockMessage(short.line.name, short.available));
    const food = lines.reduce((sum, line) => sum + line.subtotalCents, 0) - discountCents;
    if (area && food < area.minimumCents)
      throw new InvalidInput(belowMinimumMessage(area.minimumCents - food));
    // The client's total only confirms what the customer saw: the order is charged the server's. A code
    // that stopped applying since the cart was read (ended, used up) is named.
    if (totalCents !== toCents(input.total_price)) {
      throw new Conflict(promo?.refusal ? promoRefused(promo.code, promo.refusal) : PRICES_CHANGED);
    }
    // The owner's rules for the way it is paid (cash off, over the limit, not a regular: 400), before
    // anything is held.
    await assertPaymentAllowed(tx, uid, input.paymentMethod, totalCents, shop.payment);

    // The customer's earlier unpaid orders are cancelled (by the customer: this checkout replaces them)
    // and give their stock back before this order takes its own, so checking out the same cart again
    // moves the hold. A payment for one of them later takes its stock again if there is any. Every item
    // either side touches is locked first, in id order. Rolled back with the rest if this checkout fails.
    await lockItems(tx, [...released.keys(), ...items.map((item) => item.itemId)]);
    for (const { id } of superseded) {
      await transitionOrder(tx, {
        order: { id },
        to: 'cancelled',
        actor: { by: 'customer', uid },
        expectFrom: 'awaiting_payment',
        note: SUPERSEDED,
      }).catch(skipOvertaken);
    }

    // Under the customer's and the items' locks: how long this order may keep the units it takes.
    const holdUntil = standing
      ? await holdUntilFor(
          tx,
          standing,
          items.map((item) => item.itemId),
          holds,
        )
      : undefined;
    if (input.paymentMethod === 'cash' && holdUntil !== undefined) await assertNoCashOrderWaiting(tx, uid);

    await takeStock(tx, items);

    // Under the items' locks, the code's own: its use is counted again, and the order below holds it.
    const discounted = promotion && promo?.refusal === null && discountCents > 0;
    if (discounted) await takePromoUse(tx, promotion, uid);

    const need = needOf(shop, input.orderType, area, lines);
    const transactionId = newTransactionId();
    const orderId = await insertOrder(
      tx,
      {
        userUid: uid,
        orderTime: input.order_time,
        ...customerOf(input),
        clientAddress: address,
        ...(input.paymentMethod === 'online' && { holdUntil }),
        transactionId,
        totalCents,
        orderType: input.orderType,
        paymentMethod: input.paymentMethod,
        state: initialState(input.paymentMethod),
        deliveryAreaId: area?.id ?? null,
        pizzaUnits: need.pizzaUnits,
        ...(discounted && { promotionId: promotion.id, promoCode: promotion.code, discountCents }),
      },
      uid,
      lines,
      'cart',
      clock.today(),
    );
    // The slot last: its lock is held to the commit, and every checkout of the same slot waits for it.
    await takeSlot(tx, orderId, shop, need, input.slot);
    // A cash order is placed now, with no gateway to confirm it: the cart lines it was made of go, as a
    // payment takes them, and its confirmation mail is written, once its due time is known.
    if (input.paymentMethod === 'cash') {
      const made = lines.map((line) => line.id);
      await tx.delete(cartLines).where(and(eq(cartLines.userUid, uid), inArray(cartLines.id, made)));
      const [placed] = await tx.select().from(orders).where(eq(orders.id, orderId));
      await enqueueOrderMail(tx, placed!, 'placed', 'customer');
    }
    return { id: orderId, transactionId, totalCents, lines: paymentLines(lines) };
  };
  // A checkout replacing an unpaid order frees that order's slot before it claims its own: two such
  // checkouts, each freeing the slot the other claims, can deadlock (docs/decisions/011-scale.md).
  return retryOnDeadlock(() => db.transaction(place));
}

/**
 * Reserves each item's units with a conditional UPDATE, under the items' locks: concurrent orders can
 * never oversell. The first item short is refused in the spec's words (OutOfStock), inside the caller's
 * transaction, so every reservation and release made so far is rolled back.
 */
export async function takeStock(
  tx: Executor,
  items: ReadonlyArray<{ itemId: string; name: string; quantity: number }>,
): Promise<void> {
  for (const line of items) {
    const [taken] = await tx
      .update(menuItems)
      .set({ quantity: sql`${menuItems.quantity} - ${line.quantity}` })
      .where(and(eq(menuItems.id, line.itemId), gte(menuItems.quantity, line.quantity)))
      .returning({ id: menuItems.id });
    if (!taken) {
      const [item] = await tx
        .select({ stock: menuItems.quantity })
        .from(menuItems)
        .where(eq(menuItems.id, line.itemId));
      throw new OutOfStock(stockMessage(line.name, item?.stock ?? 0));
    }
  }
}

/**
 * Inserts a new order with its first event (by `creator`) and its lines in one statement, its id drawn
 * here: a checkout's round trips are what a rush costs (docs/decisions/011-scale.md). The lines keep
 * their options as they are now, names and deltas (a later menu edit changes no order), and the cart
 * line each came from when it came from a cart (a payment clears those). The order takes the next
 * number of the shop's `day` in the same statement: the day's order_numbers row stays locked to the
 * commit, so no two orders of a day, on any API instance, ever share one.
 */
export async function insertOrder(
  tx: Transaction,
  values: Omit<typeof orders.$inferInsert, 'id' | 'state' | 'orderDay' | 'orderNumber'> & {
    state: OrderState;
  },
  creator: string,
  lines: readonly PricedLineRow[],
  from: 'cart' | 'phone',
  day: string,
): Promise<string> {
  const id = randomUUID();
  const lineRows = tx.insert(orderLines).values(
    lines.map((line) => ({
      orderId: id,
      itemId: line.itemId,
      cartLineId: from === 'cart' ? line.id : null,
      name: line.name,
      category: line.category,
      priceCents: line.unitCents,
      quantity: line.quantity,
      options: line.choices,
      instructions: line.instructions,
    })),
  );
  // Each insert's SQL as it stands (embedded as a builder, Drizzle would wrap it in parentheses).
  const numbered = tx
    .insert(orderNumbers)
    .values({ day, last: 1 })
    .onConflictDoUpdate({ target: orderNumbers.day, set: { last: sql`${orderNumbers.last} + 1` } })
    .returning({ last: orderNumbers.last })
    .getSQL();
  const order = tx
    .insert(orders)
    .values({ ...values, id, orderDay: day, orderNumber: sql`(select last from numbered)` })
    .getSQL();
  const created = recordCreation(tx, { id, userUid: values.userUid ?? null }, creator, values.state).getSQL();
  await tx.execute(
    sql`with numbered as (${numbered}), placed as (${order}), created as (${created}) ${lineRows.getSQL()}`,
  );
  return id;
}

/** The lines as the gateway's page lists them. */
export const paymentLines = (lines: readonly PricedLineRow[]): PaymentLine[] =>
  lines.map((line) => ({
    name: line.name,
    category: line.category,
    quantity: line.quantity,
    priceCents: line.unitCents,
    options: line.choices,
    instructions: line.instructions,
  }));

/**
 * Undoes an order the gateway never saw: stock back, order gone, its creation event with it (only while
 * it awaits payment). Not a transition: for the customer and the books it never existed.
 */
export async function discardOrder(db: Database, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.state, 'awaiting_payment')))
      .for('update');
    if (!order) return;
    await restoreStock(tx, order.id);
    await tx.delete(orderEvents).where(eq(orderEvents.orderId, order.id));
    await tx.delete(orders).where(eq(orders.id, order.id));
  });
}

/**
 * POST /create-payment-intent: create the order (stock reserved; when stock is short, lapsed
 * reservations are released first and the order tried once more), then ask the
 * gateway for its payment page. If the gateway fails or is slow, the order is undone (stock back) and
 * the caller is refused (UpstreamFailed): the customer never sees an order that looks placed but cannot
 * be paid.
 */
export interface CheckoutDeps {
  db: Database;
  gateway: PaymentGateway;
  logger: Logger;
  gatewayTimeoutMs?: number | undefined;
  /** The storefront origin the customer pays from and comes back to (PaymentPageRequest). */
  returnSite?: string | undefined;
  /** The caps on what one customer may hold, and how long (default DEFAULT_HOLDS). */
  holds?: Holds | undefined;
  /** The shop's clock: its hours and slots are its wall clock's (default: SHOP_TIME_ZONE's default). */
  clock?: ShopClock | undefined;
}

export async function checkout(
  deps: CheckoutDeps,
  caller: Caller,
  input: CreatePayment,
  source: LineSource = fromCart,
): Promise<{ url: string }> {
  const { db, gateway, logger } = deps;
  const holds = deps.holds ?? DEFAULT_HOLDS;
  const clock = deps.clock ?? shopClock(DEFAULT_SHOP_TIME_ZONE);
  const order = await withLapsedReleased(db, holds.holdMinutes, () =>
    createOrder(db, caller, input, holds, source, clock),
  );
  // Cash never waits on a gateway: the customer goes to the order's confirmation.
  if (input.paymentMethod === 'cash') return { url: confirmationUrl(deps.returnSite, order.transactionId) };
  try {
    return await withTimeout(
      gateway.createPaymentPage({
        returnSite: deps.returnSite,
        transactionId: order.transactionId,
        amountCents: order.totalCents,
        customer: { ...customerOf(input), ...(input.orderType === 'pickup' && { address: PICKUP_ADDRESS }) },
        lines: order.lines,
      }),
      deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS,
      'the payment gateway',
    );
  } catch (error) {
    logger.warn(
      { err: error, gateway: gateway.name, transactionId: order.transactionId },
      'payment page failed',
    );
    await discardOrder(db, order.id);
    throw new UpstreamFailed(GATEWAY_UNREACHABLE);
  }
}
