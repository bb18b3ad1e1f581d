import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MenuItem } from '../../contract/menu.ts';
import { menuMachine } from '../../machines/menu.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { menuModel, pizza } from './support/models/menu.ts';

describe('menu machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(menuModel);
  });

  it('never shows an earlier tab’s answer after the tab changed', async () => {
    const answers: Record<string, (items: MenuItem[]) => void> = {};
    const actor = createActor(
      menuMachine.provide({
        actors: {
          fetchMenu: fromPromise(
            ({ input }) => new Promise<MenuItem[]>((resolve) => (answers[input.category] = resolve)),
          ),
        },
      }),
      { input: { category: 'all', limit: 0 } },
    ).start();
    actor.send({ type: 'menu.select', category: 'pizza' });
    answers.all!([{ ...pizza, _id: 'stale', category: 'burger' }]);
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('loading');
    answers.pizza!([pizza]);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.items).toEqual([pizza]);
  });

  it('asks for the tab and limit it was given', async () => {
    const asked: unknown[] = [];
    const actor = createActor(
      menuMachine.provide({
        actors: {
          fetchMenu: fromPromise(async ({ input }) => {
            asked.push(input);
            return [];
          }),
        },
      }),
      { input: { category: 'all', limit: 8 } },
    ).start();
    actor.send({ type: 'menu.select', category: 'salad' });
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([
      { category: 'all', limit: 8 },
      { category: 'salad', limit: 8 },
    ]);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.items).toEqual([]);
  });
});
