import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type ConfiguratorInput, configuratorMachine } from '../../machines/configurator.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { CHOOSE_FIRST, configuratorModel, PIZZA } from './support/models/configurator.ts';

const start = (input: ConfiguratorInput) => createActor(configuratorMachine, { input }).start();

describe('configurator machine', () => {
  it('walks every state and transition for a pizza, groups to choose and no groups', () => {
    expectFullCoverage(configuratorModel);
  });

  it('starts from the defaults, complete, at the item’s price', () => {
    const actor = start({ groups: PIZZA, priceCents: 1000 });
    expect(actor.getSnapshot().value).toBe('complete');
    expect(actor.getSnapshot().context).toMatchObject({ chosen: ['medium'], unitCents: 1000, problem: null });
  });

  it('moves the price with every choice: a size swaps, extras add up to the group’s maximum', () => {
    const actor = start({ groups: PIZZA, priceCents: 1000 });
    actor.send({ type: 'options.choose', choiceId: 'large' });
    actor.send({ type: 'options.toggle', choiceId: 'olives' });
    actor.send({ type: 'options.toggle', choiceId: 'jalapenos' });
    expect(actor.getSnapshot().context).toMatchObject({
      chosen: ['large', 'olives', 'jalapenos'],
      unitCents: 1500,
    });
    // The group takes 2: a third is refused, as is a sold-out one, a size sent as an extra and a stranger.
    for (const refused of [
      { type: 'options.toggle', choiceId: 'anchovies' },
      { type: 'options.choose', choiceId: 'anchovies' },
      { type: 'options.toggle', choiceId: 'small' },
      { type: 'options.choose', choiceId: 'olives' },
      { type: 'options.choose', choiceId: 'not-offered' },
    ] as const) {
      expect(actor.getSnapshot().can(refused)).toBe(false);
    }
    actor.send({ type: 'options.toggle', choiceId: 'olives' });
    actor.send({ type: 'options.choose', choiceId: 'small' });
    expect(actor.getSnapshot().context).toMatchObject({ chosen: ['small', 'jalapenos'], unitCents: 900 });
  });

  it('is incomplete until a required group without a default is chosen, and says which', () => {
    const actor = start({ groups: CHOOSE_FIRST, priceCents: 300 });
    expect(actor.getSnapshot().value).toBe('incomplete');
    expect(actor.getSnapshot().context.problem).toBe('Cup: choose one');
    actor.send({ type: 'options.choose', choiceId: 'tall' });
    expect(actor.getSnapshot().value).toBe('complete');
    // Taking a sauce off leaves the pair short: incomplete again, and the extra it has room for then.
    actor.send({ type: 'options.toggle', choiceId: 'mayo' });
    expect(actor.getSnapshot().value).toBe('incomplete');
    expect(actor.getSnapshot().context.problem).toBe('Sauces: choose at least 2');
    actor.send({ type: 'options.toggle', choiceId: 'bbq' });
    expect(actor.getSnapshot().value).toBe('complete');
    expect(actor.getSnapshot().context.unitCents).toBe(450);
  });

  it('takes a choice of an optional group of one and gives it back, but not a second beside it', () => {
    const actor = start({ groups: PIZZA, priceCents: 1000 });
    actor.send({ type: 'options.toggle', choiceId: 'garlic' });
    expect(actor.getSnapshot().context).toMatchObject({ chosen: ['medium', 'garlic'], unitCents: 1050 });
    expect(actor.getSnapshot().can({ type: 'options.toggle', choiceId: 'chili' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'options.choose', choiceId: 'chili' })).toBe(false);
    actor.send({ type: 'options.toggle', choiceId: 'garlic' });
    expect(actor.getSnapshot().context.chosen).toEqual(['medium']);
    expect(actor.getSnapshot().value).toBe('complete');
  });

  it('keeps the instructions within 140 characters', () => {
    const actor = start({ groups: [], priceCents: 450 });
    actor.send({ type: 'options.instructions', text: 'x'.repeat(200) });
    expect(actor.getSnapshot().context.instructions).toHaveLength(140);
    expect(actor.getSnapshot().value).toBe('complete');
  });
});
