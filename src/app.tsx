import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { ActorsProvider } from './actors/context.tsx';
import type { Actors } from './actors/registry.ts';
import type { AppRouter } from './router.tsx';
import { ToastHost } from './ui/toast-host.tsx';

/**
 * The whole storefront, as the browser renders it and as the server renders a public page, with the
 * registry of actors its components read (src/actors/context.tsx).
 */
export function App({ router, actors }: { router: AppRouter; actors: Actors | Promise<Actors> }) {
  return (
    <StrictMode>
      <ActorsProvider actors={actors}>
        <RouterProvider router={router} />
        <ToastHost />
      </ActorsProvider>
    </StrictMode>
  );
}
