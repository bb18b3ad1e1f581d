// The site server's renderer (built by `vite build --ssr`, used by scripts/serve-site.ts): the HTML of
// a public page, which the browser paints before its JavaScript arrives and then hydrates (main.tsx).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { recordAnswersWith } from './api/http.ts';
import { type PageData, serializePageData } from './api/page-data.ts';
import { App } from './app.tsx';
import { type AppRouter, createAppRouter } from './router.tsx';
import { pageTitle } from './routes/page-title.ts';
import { describeFailure } from './ui/failure.ts';

/**
 * How the site server answers: a rendered page (what goes inside `<div id="root">`, its title and the
 * API answers it was rendered with, see src/api/page-data.ts), a 404 whose error page the browser
 * renders (an item that does not exist), or, undefined, the page unrendered for the browser to render.
 */
export type PageAnswer =
  | { status: 200 | 404; html: string; title: string; pageData: string }
  | { status: 404 }
  | undefined;

// Each render records the API answers of its own loaders, however many renders run at once.
const answers = new AsyncLocalStorage<PageData>();
recordAnswersWith(() => {
  const data = answers.getStore();
  if (!data) return undefined;
  return (url, body) => {
    data[url] = body;
  };
});

// A page whose data is slow to come (the API busy or down) is sent unrendered rather than late: the
// browser then loads it as it would without the server's help.
const DATA_WAIT_MS = 1500;

async function loadWithin(router: AppRouter, data: PageData, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    answers.run(data, () => router.load()).then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function rendered(router: AppRouter, data: PageData, status: 200 | 404): PageAnswer {
  const pageName = status === 404 ? 'Error' : (router.state.matches.at(-1)?.staticData.pageName ?? '');
  return {
    status,
    html: renderToString(<App router={router} />),
    title: pageTitle(pageName),
    pageData: serializePageData(data),
  };
}

export async function renderPage(url: string): Promise<PageAnswer> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  const data: PageData = {};
  const [, , page] = router.getMatchedRoutes(router.state.location.pathname);
  // No page at this address: the error page, with the status a search engine understands.
  if (!page) return (await loadWithin(router, data, DATA_WAIT_MS)) ? rendered(router, data, 404) : undefined;
  if (!page.options.staticData?.serverRendered) return undefined;

  if (!(await loadWithin(router, data, DATA_WAIT_MS))) return undefined;
  const failures = router.state.matches.filter((match) => match.status !== 'success');
  if (failures.some((match) => describeFailure(match.error).status === 404)) return { status: 404 };
  // Any other failure is the browser's to show, as it always has been.
  return failures.length === 0 ? rendered(router, data, 200) : undefined;
}
