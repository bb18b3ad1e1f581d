// Serves the built SPA (dist/) with a fallback to index.html for client-side routes.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { siteHeaders, siteOriginsFromEnv } from './lib/site-headers.ts';

const port = Number(process.env.WEB_PORT ?? 5173);
const indexHtml = readFileSync('dist/index.html', 'utf8');
// The build read the same variables, so the policy names exactly the API and auth hosts it calls.
const headers = siteHeaders(siteOriginsFromEnv(process.env));

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
site.use('*', serveStatic({ root: './dist' }));
site.get('*', (c) => c.html(indexHtml));

const server = serve({ fetch: site.fetch, port, hostname: '127.0.0.1' }, () =>
  console.log(`site listening on http://localhost:${port}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
