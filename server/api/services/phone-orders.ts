// Orders staff take by phone (issue 35, item 3; docs/decisions/039-cash-and-the-counter.md): the lines
// staff picked, priced by the one pricing function from the database, stock and a slot held as
// checkout holds them, no account needed; paid through a payment link, shown as text for an SMS and
// mailed through the outbox when the caller gave an e-mail.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { areaFor, belowMinimumMessage, notDeliveredMessage } from '../../../contract/delivery.ts';
import { defaultChoices, selectionProblem } from '../../../contract/options.ts';
import { orderNumberText } from '../../../contract/order.ts';
import { type PhoneOrder, type PhoneOrderTaken, paymentLinkText } from '../../../contract/phone-order.ts';
import { priceOrder } from '../../../contract/pricing.ts';
import type { Database } from '../../db/client.ts';
import { retryOnDeadlock } from '../../db/deadlock-retry.ts';
import { toOrder } from '../../db/rows.ts';
import { menuItems, orderLines, orders } from '../../db/schema.ts';
import { InvalidInput, UpstreamFailed } from '../domain-errors.ts';
import {
  type CheckoutDeps,
  customerOf,
  discardOrder,
  GATEWAY_TIMEOUT_MS,
  GATEWAY_UNREACHABLE,
  initialState,
  insertOrder,
  newTransactionId,
  PICKUP_ADDRESS,
  paymentLines,
  takeStock,
  unitsByItem,
} from './checkout.ts';
import { assertLineWithinCap, assertOrderWithinCap, assertTotalPayable, DEFAULT_HOLDS } from './holds.ts';
import { loadOptionGroups } from './item-options.ts';
import { enqueueMail, mailName } from './mail-outbox.ts';
import { type Executor, lockItems } from './order-stock.ts';
import { type LineRow, priceRows } from './pricing.ts';
import { DEFAULT_SHOP_TIME_ZONE, shopClock } from './shop-clock.ts';
import { needOf, readShopNow, takeSlot } from './slots.ts';
import { withTimeout } from './timeout.ts';

export const UNKNOWN_ITEM = 'This menu item does not exist';

/**
 * The lines as the menu has them now, in item id order (the lock order): each item must exist, its
 * options left out are the item's defaults, and those sent must make a selection the item offers.
 */
async function linesFromMenu(tx: Executor, input: PhoneOrder): Promise<LineRow[]> {
  const ids = [...new Set(input.lines.map((line) => line.itemId))];
  const items = new Map(
    (await tx.select().from(menuItems).where(inArray(menuItems.id, ids))).map((item) => [item.id, item]),
  );
  const groups = await loadOptionGroups(tx, ids);
  const rows = input.lines.map((line) => {
    const item = items.get(line.itemId);
    if (!item) throw new InvalidInput(UNKNOWN_ITEM);
    const offered = groups.get(item.id) ?? [];
    const choiceIds = line.choices ?? defaultChoices(offered);
    const problem = selectionProblem(offered, choiceIds);
    if (problem) throw new InvalidInput(`${problem} (${item.name})`);
    return {
      // No cart line: an id of its own, so that the pricing function can tell the lines apart.
      id: randomUUID(),
      itemId: item.id,
      quantity: line.quantity,
      choiceIds,
      instructions: line.instructions,
      name: item.name,
      priceCents: item.priceCents,
      image: item.image,
      category: item.category,
      stock: item.quantity,
    };
  });
  return rows.sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
}

/**
 * Creates the order in one transaction, as checkout does: the lines priced from the database (whatever
 * the client sent: its prices and totals are not even read), the caps, the delivery area's fee and
 * minimum, stock reserved by conditional UPDATEs under the items' locks, the slot taken under its own
 * lock. It has no owner (userUid null) and keeps who took it.
 */
async function createPhoneOrder(deps: CheckoutDeps, staffUid: string, input: PhoneOrder) {
  const holds = deps.holds ?? DEFAULT_HOLDS;
  const clock = deps.clock ?? shopClock(DEFAULT_SHOP_TIME_ZONE);
  return deps.db.transaction(async (tx) => {
    const shop = await readShopNow(tx, clock);
    const area = input.orderType === 'delivery' ? areaFor(shop.areas, input.postcode) : undefined;
    if (input.orderType === 'delivery' && !area) throw new InvalidInput(notDeliveredMessage(input.postcode));
    const { lines } = await priceRows(tx, await linesFromMenu(tx, input));
    const { totalCents } = priceOrder(lines, { delivery: area ?? null });
    const items = unitsByItem(lines);
    for (const item of items) assertLineWithinCap(holds, item);
    assertOrderWithinCap(holds, lines);
    assertTotalPayable(totalCents);
    const food = lines.reduce((sum, line) => sum + line.subtotalCents, 0);
    if (area && food < area.minimumCents)
      throw new InvalidInput(belowMinimumMessage(area.minimumCents - food));

    await lockItems(
      tx,
      items.map((item) => item.itemId),
    );
    await takeStock(tx, items);
    const need = needOf(shop, input.orderType, area, lines);
    const orderId = await insertOrder(
      tx,
      {
        userUid: null,
        takenBy: staffUid,
        orderTime: input.order_time,
        ...customerOf(input),
        transactionId: newTransactionId(),
        totalCents,
        orderType: input.orderType,
        deliveryAreaId: area?.id ?? null,
        pizzaUnits: need.pizzaUnits,
        paymentMethod: input.paymentMethod,
        state: initialState(input.paymentMethod),
      },
      staffUid,
      lines,
      'phone',
      clock.today(),
    );
    // The slot last, as checkout takes it: its lock is held to the commit. The row read after it
    // carries its times.
    await takeSlot(tx, orderId, shop, need, input.slot);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    return { order: order!, lines };
  });
}

/** The mail that carries a phone order's payment link, named by the order's short number. */
const linkMail = (fullName: string, number: string, text: string) => ({
  subject: `Your Pizzon order ${number}: pay here`,
  body: `Dear ${mailName(fullName)},\n\nThank you for your order ${number} by phone.\n${text}\n\nPizzon\n`,
});

/**
 * POST /admin-phone-order. The order is created; paid in cash, it is placed, on the board at once, and
 * that is all. Paid online, the gateway is asked for its payment page (the link): if it fails or is
 * slow, the order is undone (stock and slot back) and staff are told (502), as a customer's checkout is.
 * The owner's rules for cash (off, a limit, regulars only) are the storefront's, for callers nobody
 * knows: staff on the phone take cash as the counter does.
 */
export async function takePhoneOrder(
  deps: CheckoutDeps,
  staffUid: string,
  input: PhoneOrder,
): Promise<PhoneOrderTaken> {
  // The day's number row is locked from the insert to the commit, the slot after it: a checkout that
  // freed this slot (replacing its customer's unpaid order) and then waits for the number deadlocks with
  // it, and PostgreSQL may end this one.
  const { order, lines } = await retryOnDeadlock(() => createPhoneOrder(deps, staffUid, input));
  const kept = () => deps.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  if (input.paymentMethod === 'cash')
    return { order: toOrder(order, await kept()), payment_link: null, sms_text: null, mailed: false };
  let url: string;
  try {
    ({ url } = await withTimeout(
      deps.gateway.createPaymentPage({
        returnSite: deps.returnSite,
        transactionId: order.transactionId,
        amountCents: order.totalCents,
        customer: {
          ...customerOf(input),
          ...(input.orderType === 'pickup' && { address: PICKUP_ADDRESS }),
        },
        lines: paymentLines(lines),
      }),
      deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS,
      'the payment gateway',
    ));
  } catch (error) {
    deps.logger.warn({ err: error, transactionId: order.transactionId }, 'phone order: payment page failed');
    await discardOrder(deps.db, order.id);
    throw new UpstreamFailed(GATEWAY_UNREACHABLE);
  }
  const answer = toOrder(order, await kept());
  const text = paymentLinkText(answer, order.totalCents, url);
  if (input.email !== '') {
    await enqueueMail(deps.db, {
      kind: 'order_payment_link',
      to: input.email,
      orderId: order.id,
      ...linkMail(input.fullName, orderNumberText(answer), text),
    });
  }
  return {
    order: answer,
    payment_link: url,
    sms_text: text,
    mailed: input.email !== '',
  };
}

/** The order of `transactionId` has no account: a phone order, paid by whoever has its link. */
export async function hasNoAccount(db: Database, transactionId: string): Promise<boolean> {
  const [order] = await db
    .select({ userUid: orders.userUid })
    .from(orders)
    .where(eq(orders.transactionId, transactionId));
  return order !== undefined && order.userUid === null;
}
