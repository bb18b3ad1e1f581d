import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createSubmitMachine, type FormValues } from '../../machines/submit.machine.ts';
import { expectFullCoverage, walkModel } from './support/model.ts';

const submitMachine = createSubmitMachine('addItem');
const values = { name: 'Margherita' };

describe('submit machine', () => {
  it('walks every state and transition', () => {
    const pending = submitMachine.provide({
      actors: { submit: fromPromise<string, FormValues>(() => new Promise(() => {})) },
    });
    const coverage = walkModel(pending, [
      {
        events: (snapshot) =>
          [
            ...(snapshot.context.submitted < 1 ? [{ type: 'form.submit', values }] : []),
            ...(snapshot.matches('submitting')
              ? [
                  { type: 'xstate.done.actor.submit', output: 'id-1' },
                  { type: 'xstate.error.actor.submit', error: new Error('Price must be more than 0') },
                ]
              : []),
          ] as never,
      },
    ]);
    expectFullCoverage(coverage);
  });

  it('sends once per submission, counts and announces success', async () => {
    const submit = vi.fn(async () => 'id-1');
    const announceDone = vi.fn();
    const actor = createActor(
      submitMachine.provide({ actors: { submit: fromPromise(submit) }, actions: { announceDone } }),
    ).start();
    actor.send({ type: 'form.submit', values });
    actor.send({ type: 'form.submit', values });
    const after = await waitFor(actor, (s) => s.context.submitted === 1);
    expect(after.value).toBe('editing');
    expect(submit).toHaveBeenCalledOnce();
    expect(announceDone).toHaveBeenCalledOnce();
  });

  it('keeps the reason when the server refuses', async () => {
    const actor = createActor(
      submitMachine.provide({
        actors: { submit: fromPromise(() => Promise.reject(new Error('Price must be more than 0'))) },
      }),
    ).start();
    actor.send({ type: 'form.submit', values });
    const after = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(after.context).toEqual({ submitted: 0, error: 'Price must be more than 0' });
  });
});
