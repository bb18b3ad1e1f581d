import { fromPromise } from 'xstate';

/**
 * A promise actor the machine only declares: its effect (an API call, the identity provider) is
 * injected by src/actors with `.provide()`, so the machine stays pure. Running the bare machine
 * without providing it fails loudly instead of silently doing nothing.
 */
export const providedLater = <Output, Input = void>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by src/actors`);
  });
