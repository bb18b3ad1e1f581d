// A past order's lines as they could be ordered today (docs/decisions/038-promos-reorders-and-the-owners-day.md):
// each line's item as the menu has it now, and its choices found again by their group's and their own
// names (an order keeps names, not ids, so a later menu edit never changes it). Order again puts what
// can be ordered into the cart; Pay now's fresh checkout orders the same lines (services/pay-now.ts).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { defaultChoices, type OptionGroup, selectionProblem } from '../../../contract/options.ts';
import {
  AGAIN_CHOICES_GONE,
  AGAIN_GONE,
  AGAIN_SOLD_OUT,
  againOnlyLeft,
  type OrderAgain,
} from '../../../contract/reorder.ts';
import type { Database } from '../../db/client.ts';
import type { OrderLineRow, OrderRow } from '../../db/rows.ts';
import { cartLines, menuItems, orderLines } from '../../db/schema.ts';
import { DomainError } from '../domain-errors.ts';
import { addToCart } from './cart.ts';
import { DEFAULT_HOLDS, type Holds } from './holds.ts';
import { loadOptionGroups } from './item-options.ts';
import type { Executor } from './order-stock.ts';
import { requireOwnOrder } from './own-orders.ts';
import type { LineRow } from './pricing.ts';

type ItemNow = Pick<LineRow, 'name' | 'priceCents' | 'image' | 'category' | 'stock'> & { id: string };

/** One line of a past order, as it could be ordered now: the choices' ids, or why it can not be. */
export type LineAgain =
  | { line: OrderLineRow; item: ItemNow; choiceIds: string[]; reason: null }
  | { line: OrderLineRow; item: ItemNow | undefined; choiceIds: null; reason: string };

/**
 * The choices a line kept, found again in its item's groups by name; a group added since takes its
 * defaults. Null when one is gone, sold out today, or the groups' rules no longer take them.
 */
function choicesAgain(groups: readonly OptionGroup[], line: OrderLineRow): string[] | null {
  const ids: string[] = [];
  for (const kept of line.options) {
    const choice = groups
      .find((group) => group.name === kept.group)
      ?.choices.find((c) => c.name === kept.name && c.available);
    if (!choice) return null;
    ids.push(choice._id);
  }
  const chosenGroups = new Set(line.options.map((kept) => kept.group));
  ids.push(...defaultChoices(groups.filter((group) => !chosenGroups.has(group.name))));
  return selectionProblem(groups, ids) === null ? ids : null;
}

/** The order's lines, oldest first by name, each as it could be ordered now. */
export async function linesAgain(db: Executor, order: Pick<OrderRow, 'id'>): Promise<LineAgain[]> {
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.name), asc(orderLines.id));
  const itemIds = [...new Set(lines.flatMap((line) => (line.itemId ? [line.itemId] : [])))];
  const items =
    itemIds.length === 0
      ? []
      : await db
          .select({
            id: menuItems.id,
            name: menuItems.name,
            priceCents: menuItems.priceCents,
            image: menuItems.image,
            category: menuItems.category,
            stock: menuItems.quantity,
          })
          .from(menuItems)
          .where(inArray(menuItems.id, itemIds));
  const groups = await loadOptionGroups(db, itemIds);
  return lines.map((line): LineAgain => {
    const item = items.find((candidate) => candidate.id === line.itemId);
    if (!item) return { line, item, choiceIds: null, reason: AGAIN_GONE };
    if (item.stock < 1) return { line, item, choiceIds: null, reason: AGAIN_SOLD_OUT };
    const choiceIds = choicesAgain(groups.get(item.id) ?? [], line);
    if (!choiceIds) return { line, item, choiceIds: null, reason: AGAIN_CHOICES_GONE };
    return { line, item, choiceIds, reason: null };
  });
}

/**
 * Order again: the caller's order's lines into their cart at today's prices, with their choices and
 * instructions. A line the menu can not give again is skipped and named; one the stock can give only in
 * part is cut to what is left (after what the cart holds already). Each addition is the cart's own
 * (services/cart.ts), under its caps: a line they refuse is skipped with their sentence.
 */
export async function orderAgain(
  db: Database,
  uid: string,
  orderId: string,
  holds: Holds = DEFAULT_HOLDS,
): Promise<OrderAgain> {
  const order = await requireOwnOrder(db, uid, orderId);
  const answer: OrderAgain = { added: [], skipped: [] };
  for (const again of await linesAgain(db, order)) {
    const name = again.item?.name ?? again.line.name;
    if (again.reason !== null) {
      answer.skipped.push({ name, reason: again.reason });
      continue;
    }
    const [inCart] = await db
      .select({ units: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
      .from(cartLines)
      .where(and(eq(cartLines.userUid, uid), eq(cartLines.itemId, again.item.id)));
    const left = again.item.stock - (inCart?.units ?? 0);
    const quantity = Math.min(again.line.quantity, left);
    if (quantity < 1) {
      answer.skipped.push({ name, reason: AGAIN_SOLD_OUT });
      continue;
    }
    try {
      await addToCart(
        db,
        uid,
        {
          itemId: again.item.id,
          quantity,
          choices: again.choiceIds,
          instructions: again.line.instructions,
        },
        holds,
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      answer.skipped.push({ name, reason: error.message });
      continue;
    }
    answer.added.push({ name, quantity });
    if (quantity < again.line.quantity) answer.skipped.push({ name, reason: againOnlyLeft(quantity) });
  }
  return answer;
}
