import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import type { createSubmitMachine } from '../../../machines/submit.machine.ts';

type Saver = ReturnType<typeof createSubmitMachine>;

/**
 * A rules form's save (a submit machine): `save` sends the values; once the server took them, `onSaved`
 * (the page then reads the rules again, so the form holds what the server keeps).
 */
export function useSaver(logic: Saver, onSaved: () => void) {
  const [state, send] = useMachine(logic);
  const { submitted } = state.context;
  useEffect(() => {
    if (submitted > 0) onSaved();
  }, [submitted, onSaved]);
  return { state, save: (values: object) => send({ type: 'form.submit', values: { ...values } }) };
}
