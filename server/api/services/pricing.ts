// The server's prices: the contract's one rule (contract/pricing.ts) over cart lines read with their
// menu items and chosen options as they are now, so a price never comes from the client. What the cart
// answers, what checkout charges and the gateway is asked for, and so what the mail tells, are all
// priced here.
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { LineChoice } from '../../../contract/options.ts';
import type { OrderType } from '../../../contract/order-lifecycle.ts';
import { type OrderPrice, priceOrder } from '../../../contract/pricing.ts';
import { cartLines, menuItems, optionChoices, optionGroups } from '../../db/schema.ts';
import type { Executor } from './order-stock.ts';
import { cartPromotion, type PromotionRow, promoForOrder } from './promotions.ts';

const lineColumns = {
  id: cartLines.id,
  itemId: cartLines.itemId,
  quantity: cartLines.quantity,
  choiceIds: cartLines.choiceIds,
  instructions: cartLines.instructions,
  name: menuItems.name,
  priceCents: menuItems.priceCents,
  image: menuItems.image,
  category: menuItems.category,
  stock: menuItems.quantity,
};

export type LineRow = { [K in keyof typeof lineColumns]: (typeof lineColumns)[K]['_']['data'] };

/** A chosen option as the menu has it now: its line's reading (deltas in cents) and its place. */
interface ChoiceNow extends Omit<LineChoice, 'priceDelta'> {
  priceDeltaCents: number;
}

/**
 * A cart line with its menu item as it is now (name, base price, image, category, stock) and its chosen
 * options, in the item's order, with their deltas as they are now.
 */
export interface CartLineRow extends LineRow {
  choices: ChoiceNow[];
  choiceDeltasCents: number[];
}

export type PricedCart = OrderPrice<CartLineRow>;

/** The options these ids name, as the menu has them now, in their items' order. */
async function choicesNow(db: Executor, ids: readonly string[]): Promise<Map<string, ChoiceNow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: optionChoices.id,
      group: optionGroups.name,
      name: optionChoices.name,
      priceDeltaCents: optionChoices.priceDeltaCents,
      max: optionGroups.maxChoices,
    })
    .from(optionChoices)
    .innerJoin(optionGroups, eq(optionGroups.id, optionChoices.groupId))
    .where(inArray(optionChoices.id, [...new Set(ids)]))
    .orderBy(asc(optionGroups.position), asc(optionChoices.position));
  return new Map(
    rows.map(({ id, group, name, priceDeltaCents, max }) => [
      id,
      { group, name, priceDeltaCents, extra: max > 1 },
    ]),
  );
}

/** The cart lines `where` picks, in `order`, priced: each line, then the order they would make. */
export async function priceCart(db: Executor, where: SQL | undefined, ...order: SQL[]): Promise<PricedCart> {
  const rows = await db
    .select(lineColumns)
    .from(cartLines)
    .innerJoin(menuItems, eq(menuItems.id, cartLines.itemId))
    .where(where)
    .orderBy(...order);
  return priceRows(db, rows);
}

/**
 * Lines as a cart line reads (an item as the menu has it now, its chosen options' ids), priced with
 * their options as they are now: a cart's, or a past order's lines put to a fresh checkout (Pay now).
 */
export async function priceRows(db: Executor, rows: readonly LineRow[]): Promise<PricedCart> {
  const known = await choicesNow(
    db,
    rows.flatMap((row) => row.choiceIds),
  );
  // The map keeps the items' order (the query's), so each line's choices come in it too.
  const ordered = [...known.keys()];
  return priceOrder(
    rows.map((row) => {
      const choices = row.choiceIds
        .filter((id) => known.has(id))
        .sort((a, b) => ordered.indexOf(a) - ordered.indexOf(b))
        .map((id) => known.get(id)!);
      return { ...row, choices, choiceDeltasCents: choices.map((choice) => choice.priceDeltaCents) };
    }),
  );
}

/** A cart priced with the code on it, and the code's row (none: the cart has no code). */
export interface PromoPricedCart extends PricedCart {
  promotion?: PromotionRow;
}

/**
 * The discount stage (contract/pricing.ts, priceOrder's order: food − discount, then the delivery fee):
 * `lines`, priced, priced again with `promotion` as it stands for `uid` now (services/promotions.ts:
 * valid, with a use left, for this order type). Without one the lines are as they were.
 */
export async function withPromotion(
  db: Executor,
  uid: string,
  lines: PricedCart['lines'],
  promotion: PromotionRow | undefined,
  orderType?: OrderType,
): Promise<PromoPricedCart> {
  if (!promotion) return priceOrder(lines);
  return {
    ...priceOrder(lines, { promo: await promoForOrder(db, promotion, uid, orderType) }),
    promotion,
  };
}

/** `lines` priced with the code on `uid`'s cart. */
export const withCartPromo = async (
  db: Executor,
  uid: string,
  lines: PricedCart['lines'],
  orderType?: OrderType,
): Promise<PromoPricedCart> => withPromotion(db, uid, lines, await cartPromotion(db, uid), orderType);
