// An item's option groups: read for the menu and the cart, written by the owner (Add items, Update
// item). The rule for what may be chosen is the contract's (contract/options.ts); the owner's edits are
// checked by contract/admin.ts's schema, and here against the item (its ids, its price).
import { and, arrayOverlaps, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { OptionGroupInput } from '../../../contract/admin.ts';
import { formatMenuPrice, toCents, toTaka } from '../../../contract/money.ts';
import type { OptionGroup } from '../../../contract/options.ts';
import { cartLines, optionChoices, optionGroups } from '../../db/schema.ts';
import { InvalidInput } from '../domain-errors.ts';
import type { Executor } from './order-stock.ts';

/** Each item's groups (API form), in the page's order; an item without any is left out. */
export async function loadOptionGroups(
  db: Executor,
  itemIds?: readonly string[],
): Promise<Map<string, OptionGroup[]>> {
  const byItem = new Map<string, OptionGroup[]>();
  if (itemIds?.length === 0) return byItem;
  // Groups and their choices in one round trip: a group without choices comes with a null choice.
  const rows = await db
    .select({ group: optionGroups, choice: optionChoices })
    .from(optionGroups)
    .leftJoin(optionChoices, eq(optionChoices.groupId, optionGroups.id))
    .where(itemIds ? inArray(optionGroups.itemId, [...itemIds]) : undefined)
    .orderBy(
      asc(optionGroups.itemId),
      asc(optionGroups.position),
      asc(optionGroups.id),
      asc(optionChoices.position),
    );
  const groups = new Map<string, typeof optionGroups.$inferSelect>();
  const choicesOf = new Map<string, OptionGroup['choices']>();
  for (const { group, choice } of rows) {
    groups.set(group.id, group);
    const list = choicesOf.get(group.id) ?? [];
    if (choice) {
      list.push({
        _id: choice.id,
        name: choice.name,
        priceDelta: toTaka(choice.priceDeltaCents),
        default: choice.isDefault,
        available: choice.available,
      });
    }
    choicesOf.set(group.id, list);
  }
  for (const group of groups.values()) {
    const list = byItem.get(group.itemId) ?? [];
    list.push({
      _id: group.id,
      name: group.name,
      required: group.required,
      min: group.minChoices,
      max: group.maxChoices,
      choices: choicesOf.get(group.id) ?? [],
    });
    byItem.set(group.itemId, list);
  }
  return byItem;
}

/**
 * Refuses (InvalidInput) groups whose cheapest choices would bring the item's price to 0 or below: every
 * line the customer can make must cost something. Checked when either the price or the groups change.
 */
export function assertPricedAboveZero(
  priceCents: number,
  groups: ReadonlyArray<{ name: string; max: number; choices: ReadonlyArray<{ priceDelta: number }> }>,
): void {
  let cheapest = priceCents;
  for (const group of groups) {
    // The group's most negative deltas, as many as it could be given (the lowest a customer can reach).
    const below = group.choices
      .map((choice) => toCents(choice.priceDelta))
      .filter((delta) => delta < 0)
      .sort((a, b) => a - b);
    cheapest += below.slice(0, group.max).reduce((sum, delta) => sum + delta, 0);
  }
  if (cheapest < 1) {
    const named = groups
      .filter((group) => group.choices.some((choice) => choice.priceDelta < 0))
      .map((group) => group.name);
    throw new InvalidInput(
      `${named.join(', ')}: the lowest choices would bring the price to ${formatMenuPrice(cheapest)}; it must stay above $0.00`,
    );
  }
}

/** What a group is, for telling whether an edit changed anything (ids stand for kept rows). */
const shapeOf = (groups: ReadonlyArray<OptionGroup | OptionGroupInput>) =>
  JSON.stringify(
    groups.map((group) => [
      group._id ?? null,
      group.name,
      group.required,
      group.min,
      group.max,
      group.choices.map((c) => [c._id ?? null, c.name, toCents(c.priceDelta), c.default, c.available]),
    ]),
  );

/**
 * Replaces an item's groups with `input` (in its order), in the caller's transaction: a group or choice
 * with an `_id` is the item's own, kept and updated (its cart lines with it); one without is added; one
 * left out is removed, with the cart lines that chose it, as deleting an item deletes its lines. An id
 * that is not the item's own is refused. Whether anything changed.
 */
export async function replaceItemOptions(
  tx: Executor,
  itemId: string,
  input: readonly OptionGroupInput[],
): Promise<boolean> {
  const current = (await loadOptionGroups(tx, [itemId])).get(itemId) ?? [];
  if (shapeOf(current) === shapeOf(input)) return false;

  const groupIds = new Set(current.map((group) => group._id));
  const choiceGroup = new Map(current.flatMap((group) => group.choices.map((c) => [c._id, group._id])));
  for (const group of input) {
    if (group._id !== undefined && !groupIds.has(group._id)) {
      throw new InvalidInput(`${group.name}: this group is not one of this item's`);
    }
    for (const choice of group.choices) {
      if (
        choice._id !== undefined &&
        (group._id === undefined || choiceGroup.get(choice._id) !== group._id)
      ) {
        throw new InvalidInput(`${group.name}: ${choice.name} is not one of this group's choices`);
      }
    }
  }

  const keptGroups = input.flatMap((group) => (group._id ? [group._id] : []));
  const keptChoices = input.flatMap((group) => group.choices.flatMap((c) => (c._id ? [c._id] : [])));
  const removed = [...choiceGroup.keys()].filter((id) => !keptChoices.includes(id));
  if (removed.length > 0) {
    await tx
      .delete(cartLines)
      .where(and(eq(cartLines.itemId, itemId), arrayOverlaps(cartLines.choiceIds, removed)));
    await tx.delete(optionChoices).where(inArray(optionChoices.id, removed));
  }
  await tx
    .delete(optionGroups)
    .where(
      and(
        eq(optionGroups.itemId, itemId),
        keptGroups.length > 0 ? notInArray(optionGroups.id, keptGroups) : undefined,
      ),
    );

  for (const [position, group] of input.entries()) {
    const fields = {
      name: group.name,
      required: group.required,
      minChoices: group.min,
      maxChoices: group.max,
      position,
    };
    const [saved] = group._id
      ? await tx
          .update(optionGroups)
          .set(fields)
          .where(eq(optionGroups.id, group._id))
          .returning({ id: optionGroups.id })
      : await tx
          .insert(optionGroups)
          .values({ itemId, ...fields })
          .returning({ id: optionGroups.id });
    const groupId = saved!.id;
    for (const [order, choice] of group.choices.entries()) {
      const values = {
        name: choice.name,
        priceDeltaCents: toCents(choice.priceDelta),
        isDefault: choice.default,
        available: choice.available,
        position: order,
      };
      if (choice._id) await tx.update(optionChoices).set(values).where(eq(optionChoices.id, choice._id));
      else await tx.insert(optionChoices).values({ groupId, ...values });
    }
  }
  return true;
}
