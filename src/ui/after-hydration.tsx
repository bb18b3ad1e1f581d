import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true from then on. What
 * loads in chunks of its own (the account links, the cart bar, the shop-closed notice) shows
 * its placeholder in the server's HTML and during hydration, so the first render in the browser
 * matches the HTML exactly; the chunk is asked for once hydration is done.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Calls `then` once a component whose first render hydrated the server's HTML is the browser's; never
 * for one the browser rendered itself. `then` should keep its identity (useCallback).
 */
export function useWhenHydrated(then: () => void): void {
  const hydrated = useHydrated();
  const [hydrating] = useState(!hydrated);
  useEffect(() => {
    if (hydrated && hydrating) then();
  }, [hydrated, hydrating, then]);
}

/** Renders `placeholder` on the server and while hydrating, `children` after. */
export function AfterHydration({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  return useHydrated() ? children : placeholder;
}
