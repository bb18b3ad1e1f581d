import './styles/app.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isSessionSettled } from '../machines/session.machine.ts';
import { startCart } from './actors/cart.ts';
import { session, startSession } from './actors/session.ts';
import { handleUnauthorized } from './api/http.ts';
import { router } from './router.tsx';
import { Toaster } from './ui/toaster.tsx';

startSession();
startCart();

// Our server said "who are you?" or "you may not": sign out and go to /auth, remembering the page.
handleUnauthorized(() => {
  session.send({ type: 'session.signOut' });
  const here = router.state.location;
  if (here.pathname !== '/auth') void router.navigate({ to: '/auth', search: { redirect: here.href } });
});

// Guards run again whenever the session settles differently (signed in, signed out, another role);
// the first settling needs no rerun, as the guards wait for it.
let settledAs: string | undefined;
session.subscribe((snapshot) => {
  if (!isSessionSettled(snapshot)) return;
  const now = `${snapshot.context.user?.uid ?? ''}:${snapshot.context.role ?? ''}`;
  if (settledAs !== undefined && now !== settledAs) void router.invalidate();
  settledAs = now;
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toaster />
  </StrictMode>,
);
