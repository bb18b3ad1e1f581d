import * as v from 'valibot';
import { CONTROL_CHARACTER } from './names.ts';

// An item's options (docs/decisions/036-item-options.md): groups of choices (Size, Crust, Extra
// toppings), each required or not, with how many of its choices may be taken; each choice adds (or
// takes off) a price. One rule says whether a set of chosen choices may be ordered: the item page's
// configurator guards by it (machines/configurator.machine.ts) and the server refuses by it, with the
// same message naming the group. Prices here are the API's taka; the database and the pricing rule
// count cents.

/** Special instructions on a line ("no onions"): at most this many characters. */
export const INSTRUCTIONS_MAX = 140;

export const OptionChoiceSchema = v.object({
  _id: v.string(),
  name: v.string(),
  /** What it adds to the item's price, in taka (below 0 for a smaller size). */
  priceDelta: v.number(),
  /** Taken when the customer chooses nothing in its group (and by a client that sends no choices). */
  default: v.boolean(),
  /** false: sold out today, as the owner marked it; it can not be chosen. */
  available: v.boolean(),
});
export type OptionChoice = v.InferOutput<typeof OptionChoiceSchema>;

export const OptionGroupSchema = v.object({
  _id: v.string(),
  name: v.string(),
  /** Something must be chosen: `min` is at least 1 (and 0 when not required). */
  required: v.boolean(),
  min: v.number(),
  max: v.number(),
  choices: v.array(OptionChoiceSchema),
});
export type OptionGroup = v.InferOutput<typeof OptionGroupSchema>;

/** One chosen choice as a cart line and an order keep it: names and price as they were when chosen. */
export const LineChoiceSchema = v.object({
  group: v.string(),
  name: v.string(),
  priceDelta: v.number(),
  /** From a group that takes several (toppings): read as an extra, '+Olives'. */
  extra: v.boolean(),
});
export type LineChoice = v.InferOutput<typeof LineChoiceSchema>;

/** A line's instructions as typed: one line of text, trimmed, at most INSTRUCTIONS_MAX characters. */
export const InstructionsSchema = v.pipe(
  v.string('instructions must be text'),
  v.trim(),
  v.maxLength(INSTRUCTIONS_MAX, `Instructions can be at most ${INSTRUCTIONS_MAX} characters`),
  v.check(
    (text) => !CONTROL_CHARACTER.test(text),
    'Instructions can not contain line breaks or other control characters',
  ),
);

/** A group takes several choices: each is an extra ('+Olives'). */
export const takesSeveral = (group: Pick<OptionGroup, 'max'>): boolean => group.max > 1;

/**
 * A group takes exactly one choice (radio buttons: choosing one swaps it). Any other group's choices
 * are taken and given back one by one (checkboxes), an optional group of one included, so that it can
 * be left empty again.
 */
export const takesExactlyOne = (group: Pick<OptionGroup, 'min' | 'max'>): boolean =>
  group.min === 1 && group.max === 1;

/** The choices taken when none are chosen: each group's available defaults, in the page's order. */
export const defaultChoices = (groups: readonly OptionGroup[]): string[] =>
  groups.flatMap((group) => group.choices.filter((c) => c.default && c.available).map((c) => c._id));

/** What a group lacks or has too much of, by the count chosen in it; null when the count is right. */
export function countProblem(group: Pick<OptionGroup, 'name' | 'min' | 'max'>, count: number): string | null {
  if (count < group.min) {
    return group.min === 1 && group.max === 1
      ? `${group.name}: choose one`
      : `${group.name}: choose at least ${group.min}`;
  }
  if (count > group.max) {
    return group.max === 1 ? `${group.name}: choose only one` : `${group.name}: choose at most ${group.max}`;
  }
  return null;
}

/**
 * Why `chosen` (choice ids) can not be ordered with these groups, naming the group; null when it can.
 * A choice of no group here, one chosen twice, one sold out, a group short of its minimum or over its
 * maximum: the first found, groups in their order.
 */
export function selectionProblem(groups: readonly OptionGroup[], chosen: readonly string[]): string | null {
  const groupOf = new Map(
    groups.flatMap((group) => group.choices.map((c) => [c._id, { group, c }] as const)),
  );
  const seen = new Set<string>();
  for (const id of chosen) {
    const found = groupOf.get(id);
    if (!found) {
      return groups.length === 0
        ? 'This item has no choices to make'
        : `A choice sent is not offered here: choose from ${groups.map((group) => group.name).join(', ')}`;
    }
    if (seen.has(id)) return `${found.group.name}: ${found.c.name} is chosen twice`;
    seen.add(id);
    if (!found.c.available) return `${found.group.name}: ${found.c.name} is sold out today`;
  }
  for (const group of groups) {
    const problem = countProblem(group, group.choices.filter((c) => seen.has(c._id)).length);
    if (problem) return problem;
  }
  return null;
}

/** The chosen choices as a line keeps them, in the groups' order (whatever order they were sent in). */
export function lineChoices(groups: readonly OptionGroup[], chosen: readonly string[]): LineChoice[] {
  const picked = new Set(chosen);
  return groups.flatMap((group) =>
    group.choices
      .filter((c) => picked.has(c._id))
      .map((c) => ({
        group: group.name,
        name: c.name,
        priceDelta: c.priceDelta,
        extra: takesSeveral(group),
      })),
  );
}

/**
 * A line's choices in one reading, its groups in the item's order (so the size comes first): a group of
 * one choice by its name, extras with a '+'. 'Large · Thin · +Olives, +Jalapeños'.
 */
export function describeChoices(
  choices: ReadonlyArray<Pick<LineChoice, 'group' | 'name' | 'extra'>>,
): string {
  const parts: string[] = [];
  let group: string | undefined;
  for (const choice of choices) {
    const name = choice.extra ? `+${choice.name}` : choice.name;
    if (choice.group === group) parts[parts.length - 1] += `, ${name}`;
    else parts.push(name);
    group = choice.group;
  }
  return parts.join(' · ');
}
