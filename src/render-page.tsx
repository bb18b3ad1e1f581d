// The site server's renderer (built by `vite build --ssr`, used by scripts/serve-site.ts): the HTML of
// a public page, which the browser paints before its JavaScript arrives and then hydrates (main.tsx).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { versionOfTag } from '../server/contract/menu.ts';
import { recordAnswersWith } from './api/http.ts';
import { type PageData, serializePageData } from './api/page-data.ts';
import { App } from './app.tsx';
import { type AppRouter, createAppRouter } from './router.tsx';
import { pageTitle } from './routes/page-title.ts';
import { describeFailure } from './ui/failure.ts';

/** A page rendered on the server. */
export interface RenderedPage {
  kind: 'rendered';
  status: 200 | 404;
  /** What goes inside `<div id="root">`. */
  html: string;
  title: string;
  /** The API answers it was rendered with (src/api/page-data.ts). */
  pageData: string;
  /**
   * The oldest menu version among those answers (their ETags), undefined when it shows no menu data:
   * the site server caches the page for that version (scripts/lib/page-cache.ts).
   */
  menuVersion: number | undefined;
}

/**
 * How the site server answers: a rendered page; 'missing', a 404 whose error page the browser renders
 * (an item that does not exist); 'browser', a page the browser renders (signed-in pages, /auth); or
 * undefined: the page's data failed or was late, so it goes unrendered this time.
 */
export type PageAnswer = RenderedPage | { kind: 'missing' } | { kind: 'browser' } | undefined;

/** What a render records of its loaders' API answers. */
interface Recorded {
  data: PageData;
  versions: number[];
}

// Each render records the API answers of its own loaders, however many renders run at once.
const answers = new AsyncLocalStorage<Recorded>();
recordAnswersWith(() => {
  const recorded = answers.getStore();
  if (!recorded) return undefined;
  return (url, body, etag) => {
    recorded.data[url] = body;
    const version = versionOfTag(etag);
    if (version !== undefined) recorded.versions.push(version);
  };
});

// A page whose data is slow to come (the API busy or down) is sent unrendered rather than late: the
// browser then loads it as it would without the server's help.
const DATA_WAIT_MS = 1500;

async function loadWithin(router: AppRouter, recorded: Recorded, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    answers.run(recorded, () => router.load()).then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function rendered(router: AppRouter, { data, versions }: Recorded, status: 200 | 404): RenderedPage {
  const pageName = status === 404 ? 'Error' : (router.state.matches.at(-1)?.staticData.pageName ?? '');
  return {
    kind: 'rendered',
    status,
    html: renderToString(<App router={router} />),
    title: pageTitle(pageName),
    pageData: serializePageData(data),
    menuVersion: versions.length > 0 ? Math.min(...versions) : undefined,
  };
}

export async function renderPage(url: string): Promise<PageAnswer> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  const recorded: Recorded = { data: {}, versions: [] };
  const [, , page] = router.getMatchedRoutes(router.state.location.pathname);
  // No page at this address: the error page, with the status a search engine understands.
  if (!page) {
    return (await loadWithin(router, recorded, DATA_WAIT_MS)) ? rendered(router, recorded, 404) : undefined;
  }
  if (!page.options.staticData?.serverRendered) return { kind: 'browser' };

  if (!(await loadWithin(router, recorded, DATA_WAIT_MS))) return undefined;
  const failures = router.state.matches.filter((match) => match.status !== 'success');
  if (failures.some((match) => describeFailure(match.error).status === 404)) return { kind: 'missing' };
  // Any other failure is the browser's to show, as it always has been.
  return failures.length === 0 ? rendered(router, recorded, 200) : undefined;
}
