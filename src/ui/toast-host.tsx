import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastsWanted } from './toast.ts';

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));
const notOnTheServer = () => false;

/** The toast host, fetched and mounted with the page's first toast (src/ui/toast.ts says why). */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToToasts, toastsWanted, notOnTheServer);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
