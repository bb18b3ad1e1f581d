/**
 * The session and cart (XState, the API client and their machines) come in a chunk of their own:
 * a page paints with React and the router alone, and the navbar's account links and the guards wait
 * for this chunk, which main.tsx starts fetching at once.
 */
export type LiveActors = typeof import('./live.ts');

let loading: Promise<LiveActors> | undefined;

export function loadActors(): Promise<LiveActors> {
  loading ??= import('./live.ts');
  return loading;
}
