// The ceiling `npm run bench:api` compares the API with: a bare Hono app on the same @hono/node-server
// setup and runtime as the API (server/api/index.ts under tsx), answering a small JSON body. It exists only
// while the benchmark runs.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { API_ENV } from '../../server/api/env.ts';
import { readEnv } from '../../server/env.ts';

const port = readEnv(API_ENV, { read: ['API_PORT'] }).API_PORT;
const app = new Hono().get('/bench/hello', (c) => c.json({ message: 'Hello, world!' }));
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
  console.log(`hello-world server on http://localhost:${port}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
