// Pay now on an unpaid My order card (docs/decisions/038-promos-reorders-and-the-owners-day.md): while
// the order's hold lasts, its own payment page again (same order, same stock); after (the payment
// failed, lapsed, or the hold ran out before the sweep), a fresh checkout of the same lines at today's
// prices, with the order's delivery details, which replaces it as any checkout replaces an unpaid order.
import { and, eq, gte, sql } from 'drizzle-orm';
import { areaFor } from '../../../contract/delivery.ts';
import { toTaka } from '../../../contract/money.ts';
import { ORDER_STATE_LABELS, type OrderState } from '../../../contract/order-lifecycle.ts';
import { priceOrder } from '../../../contract/pricing.ts';
import type { PayNowAnswer } from '../../../contract/reorder.ts';
import type { OrderRow } from '../../db/rows.ts';
import { orderLines, orders } from '../../db/schema.ts';
import { Conflict, UpstreamFailed } from '../domain-errors.ts';
import {
  type Caller,
  type CheckoutDeps,
  checkout,
  GATEWAY_TIMEOUT_MS,
  GATEWAY_UNREACHABLE,
  type LineSource,
} from './checkout.ts';
import { readAreas } from './delivery-areas.ts';
import { DEFAULT_HOLDS } from './holds.ts';
import { linesAgain } from './order-again.ts';
import { requireOwnOrder } from './own-orders.ts';
import { priceRows, withPromotion } from './pricing.ts';
import { promotionById } from './promotions.ts';
import { withTimeout } from './timeout.ts';

/** The unpaid states an order can still be paid from (a cancelled one was the customer's own choice). */
const PAYABLE: readonly OrderState[] = ['awaiting_payment', 'payment_failed', 'expired'];

export const nothingToPay = (order: Pick<OrderRow, 'transactionId' | 'state'>): string =>
  `Order ${order.transactionId} is ${ORDER_STATE_LABELS[order.state]}: there is nothing to pay`;

/** The order still holds its stock for its payment (awaiting it, within the hold, by the database's clock). */
async function holdLasts(deps: CheckoutDeps, order: OrderRow): Promise<boolean> {
  const minutes = (deps.holds ?? DEFAULT_HOLDS).holdMinutes;
  const [live] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.state, 'awaiting_payment'),
        gte(orders.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    );
  return live !== undefined;
}

const customerOf = ({ fullName, email, phone, address, city, postcode }: OrderRow) => ({
  fullName,
  email,
  phone,
  address,
  city,
  postcode,
});

/**
 * The order's lines at today's prices, with the code it was priced with if that still applies: all of
 * them or none (Conflict naming the first that can not be ordered again: "Order again" puts the rest
 * in the cart). The cart lines they came from go when the new order is paid, as the old one's would.
 */
const sameLines =
  (order: OrderRow): LineSource =>
  async (tx, uid) => {
    const lines = await linesAgain(tx, order);
    const gone = lines.find((again) => again.reason !== null);
    if (gone) throw new Conflict(`${gone.item?.name ?? gone.line.name} is ${gone.reason}: use Order again`);
    const rows = lines.flatMap(({ line, item, choiceIds }) =>
      item && choiceIds
        ? [
            {
              id: line.cartLineId ?? line.id,
              itemId: item.id,
              quantity: line.quantity,
              choiceIds,
              instructions: line.instructions,
              name: item.name,
              priceCents: item.priceCents,
              image: item.image,
              category: item.category,
              stock: item.stock,
            },
          ]
        : [],
    );
    rows.sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
    const promotion = order.promotionId ? await promotionById(tx, order.promotionId) : undefined;
    return withPromotion(tx, uid, (await priceRows(tx, rows)).lines, promotion);
  };

/**
 * POST /my-orders/{id}/pay. The same order's page while its hold lasts (a gateway that fails leaves the
 * order as it was); otherwise a fresh checkout of its lines, priced now (the gateway's page shows the
 * amount before anything is paid), under every rule checkout keeps: shop open, caps, stock, hold budget.
 */
export async function payNow(
  deps: CheckoutDeps,
  caller: Caller,
  orderId: string,
  orderTime: string,
): Promise<PayNowAnswer> {
  const order = await requireOwnOrder(deps.db, caller.uid, orderId);
  if (!PAYABLE.includes(order.state)) throw new Conflict(nothingToPay(order));
  if (await holdLasts(deps, order)) {
    const lines = await deps.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const page = await withTimeout(
      deps.gateway.createPaymentPage({
        returnSite: deps.returnSite,
        transactionId: order.transactionId,
        amountCents: order.totalCents,
        customer: customerOf(order),
        lines: lines.map(({ name, category, quantity, priceCents, options, instructions }) => ({
          name,
          category,
          quantity,
          priceCents,
          options,
          instructions,
        })),
      }),
      deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS,
      'the payment gateway',
    ).catch((error: unknown) => {
      deps.logger.warn({ err: error, transactionId: order.transactionId }, 'payment page failed');
      throw new UpstreamFailed(GATEWAY_UNREACHABLE);
    });
    return { url: page.url, fresh: false };
  }
  const source = sameLines(order);
  const priced = await source(deps.db, caller.uid);
  // The same type, as soon as possible; a delivery priced by its postcode's area now, as checkout will.
  const area =
    order.orderType === 'pickup' ? null : (areaFor(await readAreas(deps.db), order.postcode) ?? null);
  const total = toTaka(priceOrder(priced.lines, { promo: priced.promo, delivery: area }).totalCents);
  const request = { total_price: total, order_time: orderTime, slot: null, paymentMethod: 'online' as const };
  const { url } = await checkout(
    deps,
    caller,
    order.orderType === 'pickup'
      ? { ...customerOf(order), ...request, orderType: 'pickup' }
      : { ...customerOf(order), ...request, orderType: 'delivery' },
    source,
  );
  return { url, fresh: true };
}
