import { createSubmitMachine, type FormValues } from '../../../../machines/submit.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

/** The factory's machine, drawn and walked as one instance: every form page makes the same machine. */
export const submitMachine = createSubmitMachine('addItem');
export const values = { name: 'Margherita' };

const pending = submitMachine.provide({
  actors: { submit: neverAnswers<string, FormValues>() },
});

export const submitModel = defineModel(pending, [
  {
    events: (snapshot) =>
      [
        ...(snapshot.context.submitted < 1 ? [{ type: 'form.submit', values }] : []),
        ...(snapshot.context.stored ? [{ type: 'form.clear' }] : []),
        ...(snapshot.matches('submitting')
          ? [
              { type: 'xstate.done.actor.submit', output: 'id-1' },
              { type: 'xstate.error.actor.submit', error: new Error('Price must be more than 0') },
            ]
          : []),
      ] as never,
  },
]);
