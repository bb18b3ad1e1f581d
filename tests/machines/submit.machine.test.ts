import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { submitMachine, submitModel, values } from './support/models/submit.ts';

describe('submit machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(submitModel);
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
    expect(after.context).toMatchObject({ submitted: 0, error: 'Price must be more than 0', stored: null });
  });

  it('answers what the server stored until the form is cleared', async () => {
    const actor = createActor(
      submitMachine.provide({ actors: { submit: fromPromise(async () => 'id-1') } }),
    ).start();
    actor.send({ type: 'form.submit', values });
    expect(actor.getSnapshot().context.stored).toBeNull();
    const after = await waitFor(actor, (s) => s.context.submitted === 1);
    expect(after.context.stored).toEqual(values);
    actor.send({ type: 'form.clear' });
    expect(actor.getSnapshot().context.stored).toBeNull();
  });
});
