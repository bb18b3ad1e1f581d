// Promo codes on the server (docs/decisions/038-promos-reorders-and-the-owners-day.md): the owner's
// codes, the one a customer puts on their cart, whether it applies now, and its uses. A use is held by
// an order exactly while the order holds its stock (STOCK_HOLDING_STATES): taken at checkout, kept once
// paid, given back when the payment fails, lapses or is cancelled, and by a refund. So the uses are
// counted from the orders, never from a counter that could drift, and every path that takes one counts
// under the code's row lock, taken after the items' (the one lock order): N checkouts racing for a
// code's last use, on any number of API instances, leave exactly one order holding it.
import { and, eq, ne, sql } from 'drizzle-orm';
import { toCents, toTaka } from '../../../contract/money.ts';
import {
  type OrderType,
  PAID_STATES,
  STOCK_HOLDING_STATES,
  UNVOUCHED_HOLD_STATES,
} from '../../../contract/order-lifecycle.ts';
import type { Page } from '../../../contract/paging.ts';
import {
  DEFAULT_ORDER_TYPE,
  noSuchCode,
  onlyForOrderType,
  PROMO_ALREADY_USED,
  PROMO_USED_UP,
  type PromoOutcome,
  type PromoTerms,
  type Promotion,
  type PromotionInput,
  promoStanding,
  refusalOfStanding,
  refused,
  usedUp,
} from '../../../contract/promotions.ts';
import type { Database } from '../../db/client.ts';
import { cartPromos, orders, promotions } from '../../db/schema.ts';
import { Conflict, InvalidInput, NotFound } from '../domain-errors.ts';
import { isUuid } from './ids.ts';
import type { Executor } from './order-stock.ts';
import { afterCursor, cursorAt, newestFirst, type PageRequest, toPage } from './paging.ts';

export type PromotionRow = typeof promotions.$inferSelect;

const NO_SUCH_PROMOTION = 'No promotion has this id';
const CODE_TAKEN = (code: string) => `There is already a promo code ${code}`;

const list = (states: readonly string[]) => sql.raw(`(${states.map((state) => `'${state}'`).join(', ')})`);
const holding = list(STOCK_HOLDING_STATES);
/** Paid and holding, and unpaid and holding: together every use checkout counts. */
const paid = list(PAID_STATES.filter((state) => STOCK_HOLDING_STATES.includes(state)));
const unpaid = list(UNVOUCHED_HOLD_STATES);

export const termsOf = (row: PromotionRow): PromoTerms => ({
  code: row.code,
  kind: row.kind,
  amount: row.amount,
  minFoodCents: row.minFoodCents,
  categories: row.categories,
});

/** The columns an owner's input sets (taka to cents; a fixed amount is cents, a percent as it is). */
const columnsOf = (input: PromotionInput) => ({
  code: input.code,
  kind: input.kind,
  amount: input.kind === 'percent' ? input.amount : toCents(input.amount),
  minFoodCents: toCents(input.minFood),
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
  maxUses: input.maxUses,
  maxUsesPerCustomer: input.maxUsesPerCustomer,
  orderType: input.orderType,
  categories: input.categories,
  active: input.active,
});

/** The unique index on the code refused the row: the owner is told which code is taken. */
async function uniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    if (cause.code === '23505') throw new Conflict(CODE_TAKEN(code));
    throw error;
  }
}

function toPromotion(row: PromotionRow & { usesPaid: number; usesHeld: number; now: Date }): Promotion {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.kind === 'percent' ? row.amount : toTaka(row.amount),
    minFood: toTaka(row.minFoodCents),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    orderType: row.orderType,
    categories: row.categories,
    active: row.active,
    usesPaid: row.usesPaid,
    usesHeld: row.usesHeld,
    standing: promoStanding(row, new Date(row.now).getTime(), row.usesPaid + row.usesHeld),
  };
}

/**
 * Each promotion's uses: paid ones, and those unpaid orders hold (through orders_promotion_uses_idx);
 * and the database's clock, as checkout reads it, for its standing.
 */
const usesColumns = {
  usesPaid: sql<number>`(select count(*)::int from orders o where o.promotion_id = promotions.id and o.state in ${paid})`,
  usesHeld: sql<number>`(select count(*)::int from orders o where o.promotion_id = promotions.id and o.state in ${unpaid})`,
  now: sql<Date>`now()`,
};

/** A page of the owner's codes, newest first, each with its uses. */
export async function listPromotions(db: Database, page: PageRequest): Promise<Page<Promotion>> {
  const rows = await db
    .select({ ...promotionColumns(), ...usesColumns, cursorAt: cursorAt(promotions) })
    .from(promotions)
    .where(afterCursor(promotions, page.cursor))
    .orderBy(...newestFirst(promotions))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, toPromotion);
}

const promotionColumns = () => ({
  id: promotions.id,
  code: promotions.code,
  kind: promotions.kind,
  amount: promotions.amount,
  minFoodCents: promotions.minFoodCents,
  startsAt: promotions.startsAt,
  endsAt: promotions.endsAt,
  maxUses: promotions.maxUses,
  maxUsesPerCustomer: promotions.maxUsesPerCustomer,
  orderType: promotions.orderType,
  categories: promotions.categories,
  active: promotions.active,
  createdAt: promotions.createdAt,
});

async function answerFor(db: Executor, id: string): Promise<Promotion> {
  const [row] = await db
    .select({ ...promotionColumns(), ...usesColumns })
    .from(promotions)
    .where(eq(promotions.id, id));
  if (!row) throw new NotFound(NO_SUCH_PROMOTION);
  return toPromotion(row);
}

export async function createPromotion(db: Database, input: PromotionInput): Promise<Promotion> {
  const [row] = await uniqueCode(input.code, () =>
    db.insert(promotions).values(columnsOf(input)).returning({ id: promotions.id }),
  );
  return answerFor(db, row!.id);
}

/**
 * Changes a code's terms. Orders already placed keep the discount they were priced with; carts are
 * priced by the new terms on their next read, and a checkout by them.
 */
export async function updatePromotion(db: Database, id: string, input: PromotionInput): Promise<Promotion> {
  if (!isUuid(id)) throw new NotFound(NO_SUCH_PROMOTION);
  const updated = await uniqueCode(input.code, () =>
    db.update(promotions).set(columnsOf(input)).where(eq(promotions.id, id)).returning({ id: promotions.id }),
  );
  if (updated.length === 0) throw new NotFound(NO_SUCH_PROMOTION);
  return answerFor(db, id);
}

/** The uses of `promotion` held now, in all and by `uid`, but for the order `except` (a late payment's own). */
async function usesHeld(db: Executor, promotionId: string, uid: string, except?: string) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${orders.userUid} = ${uid}))::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.promotionId, promotionId),
        sql`${orders.state} in ${holding}`,
        except === undefined ? undefined : ne(orders.id, except),
      ),
    );
  return row ?? { all: 0, mine: 0 };
}

/** Why the code has no use left for `uid` now; null while it has. */
async function usesRefusal(db: Executor, promo: PromotionRow, uid: string, except?: string) {
  if (promo.maxUses === null && promo.maxUsesPerCustomer === null) return null;
  const held = await usesHeld(db, promo.id, uid, except);
  if (promo.maxUsesPerCustomer !== null && held.mine >= promo.maxUsesPerCustomer) return PROMO_ALREADY_USED;
  if (usedUp(promo, held.all)) return PROMO_USED_UP;
  return null;
}

/**
 * Why the code does not apply to `uid`'s order now, before its food is looked at: switched off, not
 * started, ended, kept to another order type, or no use left; null when it applies. The database's
 * clock says when now is, so every instance agrees.
 */
async function standingRefusal(
  db: Executor,
  promo: PromotionRow,
  uid: string,
  orderType: OrderType,
): Promise<string | null> {
  const [{ now }] = (await db.execute<{ now: Date }>(sql`select now() as now`)).rows as [{ now: Date }];
  // Its switch and dates here; its uses below, counted with the customer's own.
  const refusal = refusalOfStanding(promoStanding(promo, new Date(now).getTime()), promo);
  if (refusal) return refusal;
  if (promo.orderType && promo.orderType !== orderType) return onlyForOrderType(promo.orderType);
  return usesRefusal(db, promo, uid);
}

export async function promotionById(db: Executor, id: string): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  return row;
}

/** The code on `uid`'s cart, if any. */
export async function cartPromotion(db: Executor, uid: string): Promise<PromotionRow | undefined> {
  const [row] = await db
    .select({ promotion: promotions })
    .from(cartPromos)
    .innerJoin(promotions, eq(promotions.id, cartPromos.promotionId))
    .where(eq(cartPromos.userUid, uid));
  return row?.promotion;
}

/**
 * What pricing takes for `uid`'s order with this code: its terms when it applies now (priceOrder then
 * prices the discount, or refuses on the food), else its refusal as it is.
 */
export async function promoForOrder(
  db: Executor,
  promo: PromotionRow,
  uid: string,
  orderType: OrderType = DEFAULT_ORDER_TYPE,
): Promise<PromoTerms | PromoOutcome> {
  const refusal = await standingRefusal(db, promo, uid, orderType);
  return refusal ? refused(promo.code, refusal) : termsOf(promo);
}

/**
 * Takes the code's use for an order checkout is placing with its discount: under the code's row lock
 * (taken after the items', as every path that moves stock locks them first), the uses are counted
 * again; a use gone meanwhile to another order refuses the checkout (Conflict, naming why), which rolls
 * back. The order row the caller inserts next, in this transaction, is what holds the use.
 */
export async function takePromoUse(tx: Executor, promo: PromotionRow, uid: string): Promise<void> {
  await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promo.id)).for('update');
  const refusal = await usesRefusal(tx, promo, uid);
  if (refusal) throw new Conflict(`Promo code ${promo.code}: ${refusal}. Please review your cart.`);
}

/**
 * Whether a released order (failed, lapsed, cancelled) may hold its code's use again, for a late
 * payment: under the code's lock, as checkout counts. False sends the order to refund due, as a late
 * payment whose stock is gone does: the customer paid the discounted price for a use another order has.
 */
export async function promoUseFree(
  tx: Executor,
  order: { id: string; userUid: string | null; promotionId: string | null },
): Promise<boolean> {
  // A phone order (no owner) is never priced with a code.
  if (!order.promotionId || order.userUid === null) return true;
  const [promo] = await tx
    .select()
    .from(promotions)
    .where(eq(promotions.id, order.promotionId))
    .for('update');
  if (!promo) return true;
  return (await usesRefusal(tx, promo, order.userUid, order.id)) === null;
}

/** Puts the code on the caller's cart (a code that does not exist is refused: 400 naming it). */
export async function setCartPromotion(db: Database, uid: string, code: string): Promise<PromotionRow> {
  const [promo] = await db.select().from(promotions).where(eq(promotions.code, code));
  if (!promo) throw new InvalidInput(noSuchCode(code));
  await db
    .insert(cartPromos)
    .values({ userUid: uid, promotionId: promo.id })
    .onConflictDoUpdate({ target: cartPromos.userUid, set: { promotionId: promo.id, addedAt: sql`now()` } });
  return promo;
}

/** Takes the code off the caller's cart; how many were (0 or 1). */
export async function removeCartPromotion(db: Database, uid: string): Promise<number> {
  const removed = await db.delete(cartPromos).where(eq(cartPromos.userUid, uid)).returning();
  return removed.length;
}
