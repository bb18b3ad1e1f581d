import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;

/** Sends every inspection event to the Stately inspector, which @statelyai/inspect opens in a new window. */
function relayToStately(): Inspect {
  // The app's actors are created before the package has loaded: keep their first events until it has.
  const early: InspectionEvent[] = [];
  let relay: Inspect = (event) => void early.push(event);
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const { inspect } = createBrowserInspector();
    relay = (event) => inspect.next?.(event);
    for (const event of early.splice(0)) relay(event);
  });
  return (event) => relay(event);
}

/**
 * The `inspect` option of the app's actors: undefined unless the dev server runs with VITE_INSPECT=1
 * (`VITE_INSPECT=1 npm run dev`). Both conditions are build-time constants, so a production build drops
 * the import and never contains the inspector.
 */
export const inspect: Inspect | undefined =
  import.meta.env.DEV && import.meta.env.VITE_INSPECT ? relayToStately() : undefined;
