// Serves the built storefront (dist/client): its files from memory, the public pages rendered on the
// server (dist/server/render-page.js, see src/render-page.tsx) and cached by menu version, and
// index.html for every other client-side route.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connectDatabase } from '../db/client.ts';
import { listenMenuVersion, type MenuVersion } from '../db/menu-version.ts';
import { readEnv, SERVERS_ENV } from '../env.ts';
import { accepts, bytes } from '../http/gzip.ts';
import { createApiProxy, isApiPath } from './api-proxy.ts';
import { SITE_ENV } from './env.ts';
import { fillPage } from './fill-page.ts';
import { type BuiltPage, buildPage, createPageCache, type Rendering } from './page-cache.ts';
import { createSiteServer } from './server.ts';
import { siteHeaders, siteOriginsFromEnv } from './site-headers.ts';
import { loadStaticFiles, type SiteAnswer, staticAnswer } from './static-files.ts';

type RenderPage = typeof import('../../src/render-page.tsx').renderPage;

const CLIENT = 'dist/client';
/** Rendered pages kept in memory, gzip included (a page is ~10–60 kB). */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

// API_INTERNAL_URL as given: unset, the site passes no /api on (the renderer still calls its default).
const env = readEnv(
  { ...SERVERS_ENV, ...SITE_ENV },
  { read: ['WEB_PORT', 'DATABASE_URL'], given: ['API_INTERNAL_URL'] },
);
const port = env.WEB_PORT;
const indexHtml = readFileSync(`${CLIENT}/index.html`, 'utf8');
// The site serves the production build, and renders it with React's production build too: React picks
// its build from NODE_ENV when the renderer first loads it, and the development one renders the same
// pages several times slower (checks and warnings for a developer's console). The API's own meaning of
// NODE_ENV (server/api/config.ts) is not this process's concern.
process.env.NODE_ENV = 'production';
const { renderPage }: { renderPage: RenderPage } = await import(
  new URL('../../dist/server/render-page.js', import.meta.url).href
);
// The build read the same variables, so the policy names exactly the API and auth hosts it calls.
const headers = siteHeaders(siteOriginsFromEnv());
const files = loadStaticFiles(CLIENT, headers);

/** Renders `url` into index.html (or leaves it to the browser), ready to send. */
async function render(url: string): Promise<Rendering> {
  const answer = await renderPage(url).catch((error: unknown) => {
    console.error(`rendering ${url} failed; sending the page unrendered`, error);
    return undefined;
  });
  if (answer === undefined)
    return { page: buildPage(indexHtml, 200, headers), menuVersion: undefined, keep: false };
  if (answer.kind === 'rendered') {
    return {
      page: buildPage(fillPage(indexHtml, answer), answer.status, headers),
      menuVersion: answer.menuVersion,
      keep: true,
    };
  }
  return {
    page: buildPage(indexHtml, answer.kind === 'missing' ? 404 : 200, headers),
    menuVersion: undefined,
    keep: true,
  };
}

// The menu version comes from PostgreSQL (LISTEN/NOTIFY); without a database nothing is cached.
let menuVersion: MenuVersion | undefined;
const databaseUrl = env.DATABASE_URL;
if (databaseUrl) {
  const database = connectDatabase(databaseUrl, () => {});
  menuVersion = await listenMenuVersion({
    url: databaseUrl,
    db: database.db,
    onError: (error) =>
      console.warn(`menu version listener lost its connection (${error.message}); reconnecting`),
  });
} else {
  console.warn('DATABASE_URL is not set: every page is rendered afresh');
}
const pages = createPageCache({ render, version: () => menuVersion?.current(), maxBytes: PAGE_CACHE_BYTES });

/** A page's answer: gzipped when the client takes it. */
const pageAnswer = (page: BuiltPage, acceptEncoding: string | undefined): SiteAnswer =>
  accepts(acceptEncoding, 'gzip')
    ? { status: page.status, headers: page.gzipHeaders, body: page.gzip }
    : { status: page.status, headers: page.headers, body: page.body };

const NOT_FOUND_BODY = bytes(Buffer.from('404 Not Found'));
const NOT_FOUND: SiteAnswer = {
  status: 404,
  headers: { ...headers, 'Content-Type': 'text/plain', 'Content-Length': String(NOT_FOUND_BODY.byteLength) },
  body: NOT_FOUND_BODY,
};

/**
 * The whole site is a map lookup or a page from the cache, read from the request as Node parsed it:
 * no framework, no Request or Response objects (docs/benchmarks.md measures this path).
 */
function answer({ method, headers: asked, url = '/' }: IncomingMessage): SiteAnswer | Promise<SiteAnswer> {
  if (method !== 'GET' && method !== 'HEAD') return NOT_FOUND;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  // Home is a page, not the folder's index.html.
  const file = path === '/' ? undefined : files.get(path);
  if (file) return staticAnswer(file, asked['accept-encoding'], asked['if-none-match']);
  const personal = asked.authorization !== undefined || asked.cookie !== undefined;
  return pages.get(url, personal).then((page) => pageAnswer(page, asked['accept-encoding']));
}

/**
 * Writes the answer in one go, its length among its headers (made once with the answer: given apart,
 * Node would send it in chunks); a HEAD gets the GET's headers only.
 */
function send(incoming: IncomingMessage, outgoing: ServerResponse, { status, headers, body }: SiteAnswer) {
  outgoing.writeHead(status, headers).end(incoming.method === 'HEAD' ? undefined : (body ?? undefined));
}

function site(incoming: IncomingMessage, outgoing: ServerResponse) {
  const answered = answer(incoming);
  if (!(answered instanceof Promise)) return send(incoming, outgoing, answered);
  answered.then(
    (ready) => send(incoming, outgoing, ready),
    (error: unknown) => {
      console.error(`answering ${incoming.url} failed`, error);
      if (!outgoing.headersSent) outgoing.writeHead(500, { ...headers, 'Content-Type': 'text/plain' });
      outgoing.end('500 Internal Server Error');
    },
  );
}
// The API under the site's own origin (API_INTERNAL_URL is where this server reaches it).
const apiInternalUrl = env.API_INTERNAL_URL;
const api = apiInternalUrl ? createApiProxy(apiInternalUrl) : undefined;
if (!api) console.warn('API_INTERNAL_URL is not set: /api is not passed to the API');
const server = createSiteServer((incoming, outgoing) => {
  if (api && isApiPath(incoming.url ?? '/')) api(incoming, outgoing);
  else site(incoming, outgoing);
});
server.listen(port, '127.0.0.1', () => console.log(`site listening on http://localhost:${port}`));
process.on('SIGTERM', () =>
  server.close(() => {
    void (menuVersion?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  }),
);
