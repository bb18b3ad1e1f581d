import { assign, setup } from 'xstate';
import { toCents } from '../contract/money.ts';
import {
  defaultChoices,
  INSTRUCTIONS_MAX,
  type OptionGroup,
  selectionProblem,
  takesExactlyOne,
} from '../contract/options.ts';
import { priceLine } from '../contract/pricing.ts';

/**
 * The item page's configurator: which of the item's options are chosen, the line's instructions, and
 * the price one unit then costs, derived in context with the one pricing rule (contract/pricing.ts), so
 * the price shown is the one the server charges. It starts from the item's defaults. The selection rules are its guards: a sold-out or unknown choice is
 * never taken, a group of one swaps its choice, a group of several takes one more only below its
 * maximum; whether the selection may be ordered (every group within its minimum and maximum) is its
 * state, `complete` or `incomplete`, with the contract's sentence naming the group.
 */
export interface ConfiguratorInput {
  groups: readonly OptionGroup[];
  /** The item's own price, in cents. */
  priceCents: number;
}

interface ConfiguratorContext {
  groups: readonly OptionGroup[];
  priceCents: number;
  /** The chosen choices' ids, in the groups' order. */
  chosen: string[];
  instructions: string;
  /** One unit with these options. */
  unitCents: number;
  /** Why the selection can not be ordered yet, naming the group; null when it can. */
  problem: string | null;
}

type ChoiceEvent =
  | { type: 'options.choose'; choiceId: string }
  | { type: 'options.toggle'; choiceId: string };

/** The choice and its group, when the item offers it. */
function find(groups: readonly OptionGroup[], choiceId: string) {
  for (const group of groups) {
    const choice = group.choices.find((candidate) => candidate._id === choiceId);
    if (choice) return { group, choice };
  }
  return undefined;
}

/** The context's chosen ids set to `chosen` (kept in the groups' order), with the price and problem that follow. */
function withChosen(context: ConfiguratorContext, chosen: ReadonlySet<string>): Partial<ConfiguratorContext> {
  const ordered = context.groups.flatMap((group) =>
    group.choices.filter((choice) => chosen.has(choice._id)).map((choice) => choice._id),
  );
  const deltas = context.groups.flatMap((group) =>
    group.choices.filter((choice) => chosen.has(choice._id)).map((choice) => toCents(choice.priceDelta)),
  );
  return {
    chosen: ordered,
    unitCents: priceLine({ priceCents: context.priceCents, choiceDeltasCents: deltas, quantity: 1 })
      .unitCents,
    problem: selectionProblem(context.groups, ordered),
  };
}

/** Every choice is made the same way whether the selection is complete or not. */
const CHOOSING = {
  'options.choose': { guard: 'isChoosable', actions: 'choose', target: 'settling' },
  'options.toggle': [
    { guard: 'hasRoomFor', actions: 'addExtra', target: 'settling' },
    { guard: 'isChosenExtra', actions: 'removeExtra', target: 'settling' },
  ],
  'options.instructions': { actions: 'writeInstructions' },
} as const;

export const configuratorMachine = setup({
  types: {
    context: {} as ConfiguratorContext,
    input: {} as ConfiguratorInput,
    events: {} as ChoiceEvent | { type: 'options.instructions'; text: string },
  },
  actions: {
    choose: assign(({ context, event }) => {
      const { choiceId } = event as ChoiceEvent;
      const { group } = find(context.groups, choiceId)!;
      const others = new Set(group.choices.map((choice) => choice._id));
      return withChosen(context, new Set([...context.chosen.filter((id) => !others.has(id)), choiceId]));
    }),
    addExtra: assign(({ context, event }) =>
      withChosen(context, new Set([...context.chosen, (event as ChoiceEvent).choiceId])),
    ),
    removeExtra: assign(({ context, event }) => {
      const { choiceId } = event as ChoiceEvent;
      return withChosen(context, new Set(context.chosen.filter((id) => id !== choiceId)));
    }),
    writeInstructions: assign({
      instructions: ({ event }) =>
        (event as { type: 'options.instructions'; text: string }).text.slice(0, INSTRUCTIONS_MAX),
    }),
  },
  guards: {
    /** A choice of a group of exactly one, available, not the one chosen now. */
    isChoosable: ({ context, event }) => {
      const found = find(context.groups, (event as ChoiceEvent).choiceId);
      return (
        found !== undefined &&
        takesExactlyOne(found.group) &&
        found.choice.available &&
        !context.chosen.includes(found.choice._id)
      );
    },
    /** A choice of any other group, available, not chosen, and the group below its maximum. */
    hasRoomFor: ({ context, event }) => {
      const found = find(context.groups, (event as ChoiceEvent).choiceId);
      if (!found || takesExactlyOne(found.group) || !found.choice.available) return false;
      if (context.chosen.includes(found.choice._id)) return false;
      const taken = found.group.choices.filter((choice) => context.chosen.includes(choice._id)).length;
      return taken < found.group.max;
    },
    /** A chosen choice of any other group: it can always be given back (the group may then be short). */
    isChosenExtra: ({ context, event }) => {
      const found = find(context.groups, (event as ChoiceEvent).choiceId);
      return (
        found !== undefined && !takesExactlyOne(found.group) && context.chosen.includes(found.choice._id)
      );
    },
    isOrderable: ({ context }) => context.problem === null,
  },
}).createMachine({
  id: 'configurator',
  context: ({ input }) => {
    const start: ConfiguratorContext = {
      groups: input.groups,
      priceCents: input.priceCents,
      chosen: [],
      instructions: '',
      unitCents: input.priceCents,
      problem: null,
    };
    return { ...start, ...withChosen(start, new Set(defaultChoices(input.groups))) };
  },
  initial: 'settling',
  states: {
    // Transient: whether the choices as they are may be ordered.
    settling: {
      always: [{ guard: 'isOrderable', target: 'complete' }, { target: 'incomplete' }],
    },
    /** May be added to the cart. */
    complete: { on: CHOOSING },
    /** A group is short of its minimum: `problem` says which. */
    incomplete: { on: CHOOSING },
  },
});
