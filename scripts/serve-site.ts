// Serves the built storefront (dist/client): static files, the public pages rendered on the server
// (dist/server/render-page.js, see src/render-page.tsx), and index.html for every other client-side route.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { fillPage } from './lib/fill-page.ts';
import { siteHeaders, siteOriginsFromEnv } from './lib/site-headers.ts';

type RenderPage = typeof import('../src/render-page.tsx').renderPage;

const port = Number(process.env.WEB_PORT ?? 5173);
const indexHtml = readFileSync('dist/client/index.html', 'utf8');
const { renderPage }: { renderPage: RenderPage } = await import(
  new URL('../dist/server/render-page.js', import.meta.url).href
);
// The build read the same variables, so the policy names exactly the API and auth hosts it calls.
const headers = siteHeaders(siteOriginsFromEnv(process.env));

/** index.html with the page's HTML and title inside when the page was rendered, and its status. */
async function pageResponse(url: string): Promise<{ html: string; status: 200 | 404 }> {
  const answer = await renderPage(url).catch((error: unknown) => {
    console.error(`rendering ${url} failed; sending the page unrendered`, error);
    return undefined;
  });
  if (!answer) return { html: indexHtml, status: 200 };
  if (!('html' in answer)) return { html: indexHtml, status: answer.status };
  return { status: answer.status, html: fillPage(indexHtml, answer) };
}

const site = new Hono();
site.use(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
});
site.use(compress());
site.use('/assets/*', async (c, next) => {
  await next();
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
});
const page = async (c: Context) => {
  const url = new URL(c.req.url);
  const { html, status } = await pageResponse(url.pathname + url.search);
  // Always revalidated: a new release (new asset names) must reach the next page load.
  c.header('Cache-Control', 'no-cache');
  return c.html(html, status);
};
// Home is a page, not the folder's index.html.
site.get('/', page);
site.use('*', serveStatic({ root: './dist/client' }));
site.get('*', page);

const server = serve({ fetch: site.fetch, port, hostname: '127.0.0.1' }, () =>
  console.log(`site listening on http://localhost:${port}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
