import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UpdateResult } from '../../contract/user.ts';
import { itemUpdateMachine } from '../../machines/item-update.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { changes, input, item, itemUpdateModel } from './support/models/item-update.ts';

function withSave(save: () => Promise<UpdateResult>, actions = {}) {
  return itemUpdateMachine.provide({
    actors: { fetchItem: fromPromise(async () => item), saveItem: fromPromise(save) },
    actions,
  });
}

describe('item update machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(itemUpdateModel);
  });

  it('is saving while the request runs, then saved and announced', async () => {
    let finish: (result: UpdateResult) => void = () => {};
    const announceSaved = vi.fn();
    const actor = createActor(
      withSave(() => new Promise((resolve) => (finish = resolve)), { announceSaved }),
      {
        input,
      },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'item.save', changes });
    expect(actor.getSnapshot().value).toBe('saving');
    finish({ matchedCount: 1, modifiedCount: 1 });
    const saved = await waitFor(actor, (s) => s.status === 'done');
    expect(saved.context.item).toMatchObject({ price: 10, quantity: 20, category: 'pizza' });
    expect(announceSaved).toHaveBeenCalledOnce();
  });

  it('says so when nothing changed, and keeps the server’s reason on failure', async () => {
    const announceUnchanged = vi.fn();
    const unchanged = createActor(
      withSave(async () => ({ matchedCount: 1, modifiedCount: 0 }), { announceUnchanged }),
      {
        input,
      },
    ).start();
    await waitFor(unchanged, (s) => s.matches('editing'));
    unchanged.send({ type: 'item.save', changes });
    await waitFor(unchanged, () => announceUnchanged.mock.calls.length > 0);
    expect(unchanged.getSnapshot().value).toBe('editing');

    const refused = createActor(
      withSave(() => Promise.reject(new Error('Price must be more than 0'))),
      { input },
    ).start();
    await waitFor(refused, (s) => s.matches('editing'));
    refused.send({ type: 'item.save', changes });
    const back = await waitFor(refused, (s) => s.matches('editing') && s.context.error !== null);
    expect(back.context.error).toBe('Price must be more than 0');
  });
});
