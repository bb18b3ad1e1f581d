// The site server's renderer (built by `vite build --ssr`, used by server/site/index.ts): the HTML of
// a public page, which the browser paints before its JavaScript arrives and then hydrates (main.tsx, boot.tsx).
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { createMemoryHistory } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { type MenuPart, type MenuVersions, versionsOfTag } from '../contract/menu.ts';
import { createActors } from './actors/registry.ts';
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
   * The menu version the page shows: which of the menu's versions covers it (the page's `menuShown`)
   * and the oldest among its answers (their ETags); undefined when it shows no menu data. The site
   * server caches the page for that version (server/site/page-cache.ts).
   */
  menuVersion: ShownVersion | undefined;
}

/**
 * How the site server answers: a rendered page; 'missing', a 404 whose error page the browser renders
 * (an item that does not exist); 'browser', a page the browser renders (signed-in pages, /auth); or
 * undefined: the page's data failed or was late, so it goes unrendered this time.
 */
export type PageAnswer = RenderedPage | { kind: 'missing' } | { kind: 'browser' } | undefined;

/** Which of the menu's versions a page is kept for, and its value when the page was rendered. */
export interface ShownVersion {
  part: MenuPart;
  version: number;
  /**
   * The whole menu's version its data showed: a page kept for the listing while stock moves is behind
   * on stock once the menu has moved past it (the item page then reads its stock again).
   */
  whole?: number;
}

/** What a render records of its loaders' API answers. */
interface Recorded {
  data: PageData;
  versions: MenuVersions[];
}

// Each render records the API answers of its own loaders, however many renders run at once.
const answers = new AsyncLocalStorage<Recorded>();
recordAnswersWith(() => {
  const recorded = answers.getStore();
  if (!recorded) return undefined;
  return (url, body, etag) => {
    recorded.data[url] = body;
    const versions = versionsOfTag(etag);
    if (versions !== undefined) recorded.versions.push(versions);
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

// A part of the page still waiting after this long (code or data that never came) is left to the
// browser: React sends it as a boundary the browser renders itself.
const RENDER_WAIT_MS = 1000;

/**
 * The page's HTML, streamed by React and collected whole once every Suspense boundary is ready: the
 * boundaries are what the browser hydrates one by one (src/ui/hydrate-later.tsx), and a part that waits
 * for its code is rendered here rather than left out. It is never sent to a visitor half done: a
 * boundary completed after the first bytes would need React's inline scripts, which the site's
 * Content-Security-Policy refuses, and the site server keeps the page whole (server/site/page-cache.ts).
 */
function renderHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(page),
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    timer = setTimeout(() => stream.abort(), RENDER_WAIT_MS);
  });
}

async function rendered(
  router: AppRouter,
  { data, versions }: Recorded,
  status: 200 | 404,
): Promise<RenderedPage> {
  const page = router.state.matches.at(-1)?.staticData;
  const pageName = status === 404 ? 'Error' : (page?.pageName ?? '');
  const part = (status === 200 && page?.menuShown) || 'version';
  return {
    kind: 'rendered',
    status,
    // A registry of its own, never started: the page shows nobody's session, as the browser first paints it.
    html: await renderHtml(<App router={router} actors={createActors()} />),
    title: pageTitle(pageName),
    pageData: serializePageData(data),
    menuVersion:
      versions.length > 0
        ? {
            part,
            version: Math.min(...versions.map((shown) => shown[part])),
            whole: Math.min(...versions.map((shown) => shown.version)),
          }
        : undefined,
  };
}

// The server knows nobody's session: its guards would take anyone for a guest (it renders no guarded page).
const nobody = async () => ({ signedIn: false, customer: false, admin: false });

export async function renderPage(url: string): Promise<PageAnswer> {
  const router = createAppRouter({ visitor: nobody }, createMemoryHistory({ initialEntries: [url] }));
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
