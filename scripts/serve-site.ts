// Serves the built storefront (dist/client): its files from memory, the public pages rendered on the
// server (dist/server/render-page.js, see src/render-page.tsx) and cached by menu version, and
// index.html for every other client-side route.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { listenMenuVersion, type MenuVersion } from '../server/cache/menu-version.ts';
import { connectDatabase } from '../server/db/client.ts';
import { acceptsGzip } from '../server/http/gzip.ts';
import { createApiProxy, isApiPath } from './lib/api-proxy.ts';
import { fillPage } from './lib/fill-page.ts';
import { type BuiltPage, buildPage, createPageCache, type Rendering } from './lib/page-cache.ts';
import { siteHeaders, siteOriginsFromEnv } from './lib/site-headers.ts';
import { loadStaticFiles, staticResponse } from './lib/static-files.ts';

type RenderPage = typeof import('../src/render-page.tsx').renderPage;

const CLIENT = 'dist/client';
/** Rendered pages kept in memory, gzip included (a page is ~10–60 kB). */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

const port = Number(process.env.WEB_PORT ?? 5173);
const indexHtml = readFileSync(`${CLIENT}/index.html`, 'utf8');
const { renderPage }: { renderPage: RenderPage } = await import(
  new URL('../dist/server/render-page.js', import.meta.url).href
);
// The build read the same variables, so the policy names exactly the API and auth hosts it calls.
const headers = siteHeaders(siteOriginsFromEnv(process.env));
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
const databaseUrl = process.env.DATABASE_URL;
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

const send = (page: BuiltPage, acceptEncoding: string | undefined) =>
  acceptsGzip(acceptEncoding)
    ? new Response(page.gzip, { status: page.status, headers: page.gzipHeaders })
    : new Response(page.body, { status: page.status, headers: page.headers });

const NOT_FOUND = new Uint8Array(Buffer.from('404 Not Found'));

/**
 * The whole site is a map lookup or a page from the cache: no framework between the socket and the
 * answer, and the request's headers read as Node parsed them (docs/benchmarks.md measures this path).
 */
async function answer(request: Request, incoming: IncomingMessage): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(NOT_FOUND, { status: 404, headers: { ...headers, 'Content-Type': 'text/plain' } });
  }
  const { headers: asked, url = '/' } = incoming;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  // Home is a page, not the folder's index.html.
  const file = path === '/' ? undefined : files.get(path);
  if (file) return staticResponse(file, asked['accept-encoding'], asked['if-none-match']);
  const personal = asked.authorization !== undefined || asked.cookie !== undefined;
  return send(await pages.get(url, personal), asked['accept-encoding']);
}

/** A HEAD gets the headers of the GET, without its body. */
const withoutBody = (response: Response) =>
  new Response(null, { status: response.status, headers: response.headers });

const site = getRequestListener(async (request: Request, env: HttpBindings | Http2Bindings) => {
  const response = await answer(request, env.incoming as IncomingMessage);
  return request.method === 'HEAD' ? withoutBody(response) : response;
});
// The API under the site's own origin (API_INTERNAL_URL is where this server reaches it).
const apiInternalUrl = process.env.API_INTERNAL_URL;
const api = apiInternalUrl ? createApiProxy(apiInternalUrl) : undefined;
if (!api) console.warn('API_INTERNAL_URL is not set: /api is not passed to the API');
const server = createServer((incoming, outgoing) => {
  if (api && isApiPath(incoming.url ?? '/')) api(incoming, outgoing);
  else void site(incoming, outgoing);
});
server.listen(port, '127.0.0.1', () => console.log(`site listening on http://localhost:${port}`));
process.on('SIGTERM', () =>
  server.close(() => {
    void (menuVersion?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  }),
);
