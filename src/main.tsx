import './styles/app.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { createAppRouter } from './router.tsx';

// The tab's one registry of actors (session, cart), made here and handed to the router and to React.
// Its chunk (XState, the API client, the machines) is fetched while the first page renders; what
// needs it waits: the guards in `visitor`, the components in a Suspense boundary (src/actors/context.tsx).
const actors = import('./actors/registry.ts').then(({ createActors }) => {
  const registry = createActors();
  registry.start();
  return registry;
});

const router = createAppRouter({ visitor: () => actors.then((registry) => registry.settledVisitor()) });
void actors.then((registry) => registry.connectRouter(router));

const container = document.getElementById('root')!;
if (container.hasChildNodes()) {
  // The site server rendered this page (src/render-page.tsx). Once the router holds the page's code and
  // data, React adopts the HTML as it is; as a transition, hydrating yields to the browser between
  // components instead of holding the main thread in one long task.
  // `router.ssr` tells the router it renders a server's page: its tree then matches the server's.
  router.ssr = { manifest: undefined };
  void router
    .load()
    .then(() => startTransition(() => void hydrateRoot(container, <App router={router} actors={actors} />)));
} else {
  createRoot(container).render(<App router={router} actors={actors} />);
}
