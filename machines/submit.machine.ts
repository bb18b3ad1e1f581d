import { assign, setup } from 'xstate';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/** A form's values, checked by the provided `submit` against the form's schema. */
export type FormValues = Record<string, unknown>;

/**
 * A form that sends what it holds (Add items, a table booking): one submission at a time; success is
 * counted (the form resets on it), kept as `stored` (what the server took, until `form.clear`) and
 * announced; a failure keeps the form, stops the spinner and shows the reason.
 */
export function createSubmitMachine(id: string) {
  return setup({
    types: {
      context: {} as {
        submitted: number;
        error: string | null;
        /** The values being sent. */
        sending: FormValues | null;
        /** The values the server last stored: shown back to whoever sent them. */
        stored: FormValues | null;
      },
      events: {} as { type: 'form.submit'; values: FormValues } | { type: 'form.clear' },
    },
    actors: {
      /** Answers the id of what it created. */
      submit: providedLater<string, FormValues>('submit'),
    },
    actions: {
      announceDone: () => {},
      announceFailure: (_, _params: { message: string }) => {},
    },
  }).createMachine({
    id,
    context: { submitted: 0, error: null, sending: null, stored: null },
    initial: 'editing',
    states: {
      editing: {
        on: {
          'form.submit': {
            target: 'submitting',
            actions: assign({ sending: ({ event }) => event.values, stored: null }),
          },
          'form.clear': { actions: assign({ stored: null }) },
        },
      },
      submitting: {
        entry: assign({ error: null }),
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => context.sending ?? {},
          onDone: {
            target: 'editing',
            actions: [
              assign({
                submitted: ({ context }) => context.submitted + 1,
                stored: ({ context }) => context.sending,
              }),
              'announceDone',
            ],
          },
          onError: {
            target: 'editing',
            actions: [
              assign({ error: ({ event }) => errorMessage(event.error) }),
              { type: 'announceFailure', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            ],
          },
        },
      },
    },
  });
}
