import './styles/app.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadActors } from './actors/lazy.ts';
import { App } from './app.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

// The session and cart start as soon as their chunk arrives, fetched while the first page renders.
void loadActors().then((actors) => actors.connectRouter(router));

const container = document.getElementById('root')!;
if (container.hasChildNodes()) {
  // The site server rendered this page (src/render-page.tsx). Once the router holds the page's code and
  // data, React adopts the HTML as it is; as a transition, hydrating yields to the browser between
  // components instead of holding the main thread in one long task.
  // `router.ssr` tells the router it renders a server's page: its tree then matches the server's.
  router.ssr = { manifest: undefined };
  void router.load().then(() => startTransition(() => void hydrateRoot(container, <App router={router} />)));
} else {
  createRoot(container).render(<App router={router} />);
}
