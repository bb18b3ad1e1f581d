import './styles/app.css';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { loadActors } from './actors/lazy.ts';
import { router } from './router.tsx';

// The toast host (react-hot-toast) is not needed to paint a page: it arrives in a chunk of its own.
const Toaster = lazy(() => import('./ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

// The session and cart start as soon as their chunk arrives, fetched while the first page renders.
void loadActors().then((actors) => actors.connectRouter(router));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  </StrictMode>,
);
