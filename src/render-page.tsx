// The site server's renderer (built by `vite build --ssr`, used by scripts/serve-site.ts): the HTML of
// a public page, which the browser paints before its JavaScript arrives and then hydrates (main.tsx).
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './app.tsx';
import { createAppRouter } from './router.tsx';
import { pageTitle } from './routes/page-title.ts';

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  title: string;
}

// A page whose data is slow to come (the API busy or down) is sent unrendered rather than late: the
// browser then loads it as it would without the server's help.
const DATA_WAIT_MS = 1500;

/** The page at `url` rendered, or undefined when it is not a server-rendered page or could not be. */
export async function renderPage(url: string): Promise<RenderedPage | undefined> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  const [, , page] = router.getMatchedRoutes(router.state.location.pathname);
  if (!page?.options.staticData?.serverRendered) return undefined;

  let timer: NodeJS.Timeout | undefined;
  const loaded = await Promise.race([
    router.load().then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATA_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const matches = router.state.matches;
  // A failed load (an item that does not exist) is the browser's to show, as it always has been.
  if (!loaded || matches.some((match) => match.status !== 'success')) return undefined;

  return {
    html: renderToString(<App router={router} />),
    title: pageTitle(matches.at(-1)?.staticData.pageName ?? ''),
  };
}
