import type { OptionGroup } from '../../../../contract/options.ts';
import { configuratorMachine } from '../../../../machines/configurator.machine.ts';
import { defineModel } from '../model.ts';

/** A choice whose id is its name in lower case ('large' for Large). */
export const choice = (
  id: string,
  priceDelta: number,
  extra: { default?: boolean; available?: boolean } = {},
) => ({
  _id: id,
  name: id[0]!.toUpperCase() + id.slice(1),
  priceDelta,
  default: extra.default ?? false,
  available: extra.available ?? true,
});

/** A pizza: a size (Medium by default), at most 2 of 3 toppings (one sold out), and a dip or none. */
export const PIZZA: OptionGroup[] = [
  {
    _id: 'size',
    name: 'Size',
    required: true,
    min: 1,
    max: 1,
    choices: [choice('small', -2), choice('medium', 0, { default: true }), choice('large', 3)],
  },
  {
    _id: 'toppings',
    name: 'Extra toppings',
    required: false,
    min: 0,
    max: 2,
    choices: [choice('olives', 1), choice('jalapenos', 1), choice('anchovies', 1.5, { available: false })],
  },
  {
    _id: 'dip',
    name: 'Dip',
    required: false,
    min: 0,
    max: 1,
    choices: [choice('garlic', 0.5), choice('chili', 0.5)],
  },
];

/** A drink whose size must be chosen (no default), and a sauce pair that takes exactly two of three. */
export const CHOOSE_FIRST: OptionGroup[] = [
  {
    _id: 'cup',
    name: 'Cup',
    required: true,
    min: 1,
    max: 1,
    choices: [choice('regular', 0), choice('tall', 1)],
  },
  {
    _id: 'sauces',
    name: 'Sauces',
    required: true,
    min: 2,
    max: 2,
    choices: [
      choice('ketchup', 0, { default: true }),
      choice('mayo', 0, { default: true }),
      choice('bbq', 0.5),
    ],
  },
];

const eventsFor = (groups: readonly OptionGroup[]) => [
  ...groups.flatMap((group) =>
    group.choices.flatMap((c) => [
      { type: 'options.choose', choiceId: c._id } as const,
      { type: 'options.toggle', choiceId: c._id } as const,
    ]),
  ),
  { type: 'options.choose', choiceId: 'not-offered' } as const,
  { type: 'options.instructions', text: 'no onions' } as const,
];

/**
 * Walked for a pizza from its defaults; for an item whose groups must be chosen (no default for one,
 * exactly two for the other); and for an item without groups.
 */
export const configuratorModel = defineModel(configuratorMachine, [
  { input: { groups: PIZZA, priceCents: 1000 }, events: eventsFor(PIZZA) },
  { input: { groups: CHOOSE_FIRST, priceCents: 300 }, events: eventsFor(CHOOSE_FIRST) },
  { input: { groups: [], priceCents: 450 }, events: eventsFor([]) },
]);
