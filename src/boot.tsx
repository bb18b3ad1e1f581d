import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Actors } from './actors/registry.ts';
import { App } from './app.tsx';
import { type AppRouter, createAppRouter } from './router.tsx';
import { stopKeepingTaps } from './ui/early-taps.ts';
import { hydrateAllOnFirstInput } from './ui/hydrate-later.tsx';
import { nextTask, whenIdle } from './ui/yield.ts';

// The tab's one registry of actors (session, cart), handed to the router and to React. Its chunk
// (XState, the API client, the machines) is fetched when first needed: by a guard asking who visits,
// or once a server-rendered page is the browser's. What needs it meanwhile waits: the guards in
// `visitor`, the components in a Suspense boundary (src/actors/context.tsx). Making and starting it
// are tasks of their own.
let needActors!: () => void;
const actors: Promise<Actors> = new Promise<void>((resolve) => {
  needActors = resolve;
})
  .then(() => import('./actors/registry.ts'))
  .then(async ({ createActors }) => {
    await nextTask();
    const registry = createActors();
    await nextTask();
    registry.start();
    return registry;
  });

/** The router: made in a task of its own, after the one that evaluated the app's chunk. */
async function makeRouter(): Promise<AppRouter> {
  await nextTask();
  const router = createAppRouter({
    visitor: () => {
      needActors();
      return actors.then((registry) => registry.settledVisitor());
    },
  });
  void actors.then((registry) => registry.connectRouter(router));
  return router;
}

async function takeOver(container: HTMLElement, router: AppRouter) {
  // The site server rendered this page (src/render-page.tsx). Once the router holds the page's code and
  // data, React adopts the HTML as it is; as a transition, hydrating yields to the browser between
  // components instead of holding the main thread in one long task. What lies below the first screen
  // waits until it is near or the visitor does something (src/ui/hydrate-later.tsx).
  // `router.ssr` tells the router it renders a server's page: its tree then matches the server's.
  router.ssr = { manifest: undefined };
  await nextTask();
  await router.load();
  await nextTask();
  hydrateAllOnFirstInput();
  startTransition(() => void hydrateRoot(container, <App router={router} actors={actors} />));
  // React answers taps itself from now on; those that came before are answered once it has adopted the page.
  const replayTaps = stopKeepingTaps();
  await whenIdle();
  replayTaps();
  needActors();
}

const container = document.getElementById('root')!;
void makeRouter().then((router) => {
  if (container.hasChildNodes()) return takeOver(container, router);
  needActors();
  createRoot(container).render(<App router={router} actors={actors} />);
});
