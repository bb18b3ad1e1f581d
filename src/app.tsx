import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { ActorsProvider } from './actors/context.tsx';
import type { Actors } from './actors/registry.ts';
import type { AppRouter } from './router.tsx';
import { AfterHydration } from './ui/after-hydration.tsx';

// The toast host (react-hot-toast) is not needed to paint a page: it arrives in a chunk of its own.
const Toaster = lazy(() => import('./ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

/**
 * The whole storefront, as the browser renders it and as the server renders a public page, with the
 * registry of actors its components read (src/actors/context.tsx).
 */
export function App({ router, actors }: { router: AppRouter; actors: Actors | Promise<Actors> }) {
  return (
    <StrictMode>
      <ActorsProvider actors={actors}>
        <RouterProvider router={router} />
        <AfterHydration placeholder={null}>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </AfterHydration>
      </ActorsProvider>
    </StrictMode>
  );
}
