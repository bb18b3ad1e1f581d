// `npm run bench:site-libraries`: the site server's hand-written static files, headers and /api proxy
// (server/site/) against what Hono offers for them (`serveStatic`, `compress`, `secureHeaders`,
// `hono/proxy`), on the built storefront (dist/client). Ours answers as server/site/index.ts does; the
// libraries are one Hono app on @hono/node-server, set to send the same security headers and caching.
// Both proxies pass to the same upstream (this file run with `upstream`: the seed menu as JSON, gzipped
// once, as the API answers its menu). Each row is measured by wrk in slices that alternate with a bare
// Hono hello-world ceiling at the same connections; BENCH_RUNS runs, the worst reported
// (docs/decisions/040-site-server-libraries.md).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { proxy } from 'hono/proxy';
import { secureHeaders } from 'hono/secure-headers';
import { SEED_MENU_ITEMS } from '../server/db/seed-data.ts';
import { localhostUrl, loopbackUrl, readEnv } from '../server/env.ts';
import { accepts, gzip } from '../server/http/gzip.ts';
import { createApiProxy, isApiPath, upstreamPath } from '../server/site/api-proxy.ts';
import { createSiteServer } from '../server/site/server.ts';
import { siteHeaders, siteOriginsFromEnv, subresourceHeaders } from '../server/site/site-headers.ts';
import { loadStaticFiles, staticAnswer } from '../server/site/static-files.ts';
import { BENCH_ENV } from './lib/bench-env.ts';
import { machineLine, table, writeSection } from './lib/bench-report.ts';
import { buildStorefront } from './lib/build.ts';
import { startChild, stopChild, TSX, waitForHttp } from './lib/processes.ts';
import { assertWrkInstalled, runWrk, type WrkResult } from './lib/wrk.ts';

const CLIENT = 'dist/client';
const PORTS = { hello: 5641, upstream: 5642, ours: 5643, hono: 5644, honoPrecompressed: 5645 };
const HELLO_URL = `${localhostUrl(PORTS.hello)}/bench/hello`;
const UPSTREAM_URL = loopbackUrl(PORTS.upstream);
const UPSTREAM_PATH = '/all-items';
const CONNECTIONS = 20;
const SLICES = 2;
const WARMUP_SECONDS = 1;
/** What a browser sends. */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The proxies' upstream: the seed menu as JSON, gzipped once for a client that takes it. */
function serveUpstream(port: number) {
  const json = JSON.stringify(SEED_MENU_ITEMS);
  const zipped = gzip(json);
  const type = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  const app = new Hono().get(UPSTREAM_PATH, (c) =>
    accepts(c.req.header('Accept-Encoding'), 'gzip')
      ? c.body(zipped, 200, { ...type, 'Content-Encoding': 'gzip' })
      : c.body(json, 200, type),
  );
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** secureHeaders() sending exactly the headers `sent` (ours): its own defaults off, our values on. */
function sameSecureHeaders(sent: Record<string, string>): SecureHeadersOptions {
  const policy = sent['Content-Security-Policy'];
  const directives = policy?.split('; ').map((directive) => {
    const [name = '', ...sources] = directive.split(' ');
    return [name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()), sources];
  });
  return {
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xContentTypeOptions: sent['X-Content-Type-Options'] ?? false,
    xFrameOptions: sent['X-Frame-Options'] ?? false,
    referrerPolicy: sent['Referrer-Policy'] ?? false,
    crossOriginOpenerPolicy: sent['Cross-Origin-Opener-Policy'] ?? false,
    ...(directives && { contentSecurityPolicy: Object.fromEntries(directives) }),
  };
}

/**
 * The site server as the libraries would make it: compress() over everything, /api through
 * hono/proxy (the caller's address appended to X-Forwarded-For, as ours does), our headers on files
 * (a page's on documents, the subresources' on the rest), files by serveStatic with our Cache-Control.
 * Precompressed, serveStatic sends the .br and .gz files beside each file and compress() is left out,
 * so what it costs hono/proxy shows apart.
 */
function libraryApp(headers: Record<string, string>, root: string, precompressed: boolean) {
  const documents = secureHeaders(sameSecureHeaders(headers));
  const subresources = secureHeaders(sameSecureHeaders(subresourceHeaders(headers)));
  const app = new Hono();
  if (!precompressed) app.use(compress());
  return app
    .all('/api/*', (c) => {
      const { pathname, search } = new URL(c.req.url);
      const forwarded = c.req.header('x-forwarded-for');
      const peer = getConnInfo(c).remote.address ?? 'unknown';
      return proxy(`${UPSTREAM_URL}${upstreamPath(pathname + search)}`, {
        raw: c.req.raw,
        headers: {
          ...c.req.header(),
          host: undefined,
          'x-forwarded-for': forwarded ? `${forwarded}, ${peer}` : peer,
        },
      });
    })
    .use((c, next) => (/\.(html|svg)$/.test(c.req.path) ? documents : subresources)(c, next))
    .use(
      serveStatic({
        root,
        precompressed,
        onFound: (_, c) =>
          c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache'),
      }),
    );
}

/** Our server: a file or /api, exactly as server/site/index.ts answers them. */
function ourServer(files: ReturnType<typeof loadStaticFiles>) {
  const api = createApiProxy(UPSTREAM_URL);
  return createSiteServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = incoming.url ?? '/';
    if (isApiPath(url)) return api(incoming, outgoing);
    const file = files.get(url.split('?')[0]!);
    if (!file) return void outgoing.writeHead(404).end();
    const asked = incoming.headers;
    const { status, headers, body } = staticAnswer(file, asked['accept-encoding'], asked['if-none-match']);
    outgoing.writeHead(status, headers).end(body ?? undefined);
  });
}

/** serveStatic's precompressed files: a copy of the build with our .br and .gz beside each file. */
function precompressedCopy(files: ReturnType<typeof loadStaticFiles>): string {
  const root = mkdtempSync(join(tmpdir(), 'pizzon-precompressed-'));
  for (const [urlPath, file] of files) {
    const path = join(root, urlPath);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.body);
    for (const form of file.encoded)
      writeFileSync(`${path}.${form.coding === 'br' ? 'br' : 'gz'}`, form.body);
  }
  return root;
}

interface Row {
  what: string;
  server: string;
  url: string;
  /** Throws when the answer is wrong. */
  check: (answer: Response) => Promise<void>;
}

const expect = (ok: boolean, row: Row, what: string) => {
  if (!ok) throw new Error(`${row.server}, ${row.what}: ${what}`);
};

/** The rows: each file from every server, the menu through each proxy. */
async function plan(headers: Record<string, string>, files: ReturnType<typeof loadStaticFiles>) {
  const assets = readdirSync(`${CLIENT}/assets`);
  const css = `/assets/${assets.find((name) => /^index-.*\.css$/.test(name))}`;
  const js = `/assets/${assets.find((name) => /^app-.*\.js$/.test(name))}`;
  const upstream = await (await fetch(`${UPSTREAM_URL}${UPSTREAM_PATH}`, { headers: BROWSER })).text();
  const servers = [
    { server: 'ours', proxy: 'ours (createApiProxy)', port: PORTS.ours },
    { server: 'serveStatic + compress + secureHeaders', proxy: 'hono/proxy + compress', port: PORTS.hono },
    {
      server: 'serveStatic (precompressed) + secureHeaders',
      proxy: 'hono/proxy, sent uncompressed',
      port: PORTS.honoPrecompressed,
    },
  ];
  const staticRow = (path: string, what: string) =>
    servers.map(({ server, port }) => {
      const row: Row = {
        what,
        server,
        url: `${localhostUrl(port)}${path}`,
        check: async (answer) => {
          const file = files.get(path)!;
          expect(answer.status === 200, row, `status ${answer.status}`);
          expect(answer.headers.has('Content-Encoding'), row, 'no Content-Encoding');
          expect(answer.headers.get('Cache-Control') === IMMUTABLE, row, 'not cached for good');
          for (const [name, value] of Object.entries(subresourceHeaders(headers))) {
            expect(answer.headers.get(name) === value, row, `${name}: ${answer.headers.get(name)}`);
          }
          expect(Buffer.from(await answer.arrayBuffer()).equals(file.body), row, 'not the file');
        },
      };
      return row;
    });
  const proxyRow = ({ proxy, port }: (typeof servers)[number]): Row => {
    const row: Row = {
      what: `GET /api${UPSTREAM_PATH}`,
      server: proxy,
      url: `${localhostUrl(port)}/api${UPSTREAM_PATH}`,
      check: async (answer) => {
        expect(answer.status === 200, row, `status ${answer.status}`);
        expect((await answer.text()) === upstream, row, "not upstream's body");
      },
    };
    return row;
  };
  const rows = [...staticRow(css, `GET ${css}`), ...staticRow(js, `GET ${js}`), ...servers.map(proxyRow)];
  // A document carries the page's headers (the policy, framing, opener) from every server.
  for (const { server, port } of servers) {
    const answer = await fetch(`${localhostUrl(port)}/favicon.svg`);
    for (const [name, value] of Object.entries(headers)) {
      if (answer.headers.get(name) !== value) throw new Error(`${server}, /favicon.svg: ${name} differs`);
    }
  }
  for (const row of rows) await row.check(await fetch(row.url, { headers: BROWSER }));
  return rows;
}

const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** Slices as one stretch: their requests over their time, their worst latencies. */
function asOne(slices: WrkResult[]): WrkResult {
  const requests = total(slices.map((slice) => slice.requests));
  return {
    requests,
    requestsPerSecond: requests / total(slices.map((slice) => slice.requests / slice.requestsPerSecond)),
    p50: Math.max(...slices.map((slice) => slice.p50)),
    p99: Math.max(...slices.map((slice) => slice.p99)),
    bytesPerAnswer: total(slices.map((slice) => slice.bytesPerAnswer * slice.requests)) / requests,
    failed: total(slices.map((slice) => slice.failed)),
  };
}

interface Run {
  result: WrkResult;
  ceiling: number;
}

/** A row's run: a warm-up, then its slices, each right after a slice of the ceiling. */
async function measure(row: Row, seconds: number): Promise<Run> {
  const at = { connections: CONNECTIONS, seconds, headers: BROWSER };
  await runWrk({ ...at, url: row.url, seconds: WARMUP_SECONDS });
  const ceiling: WrkResult[] = [];
  const slices: WrkResult[] = [];
  for (let slice = 0; slice < SLICES; slice++) {
    ceiling.push(await runWrk({ ...at, url: HELLO_URL }));
    slices.push(await runWrk({ ...at, url: row.url }));
  }
  return { result: asOne(slices), ceiling: asOne(ceiling).requestsPerSecond };
}

const share = ({ result, ceiling }: Run) => result.requestsPerSecond / ceiling;
const percent = (n: number) => `${Math.round(n * 100)} %`;

function report(measured: Array<{ row: Row; worst: Run; failed: number }>, runs: number, seconds: number) {
  const ours = new Map(measured.filter((m) => m.row.server.startsWith('ours')).map((m) => [m.row.what, m]));
  const lines = measured.map(({ row, worst, failed }) => {
    const mine = ours.get(row.what);
    return [
      `\`${row.what}\``,
      row.server,
      String(Math.round(worst.result.requestsPerSecond)),
      String(Math.round(worst.ceiling)),
      percent(share(worst)),
      mine === undefined || mine.row === row ? '' : percent(share(worst) / share(mine.worst)),
      `${worst.result.p50.toFixed(1)} ms`,
      `${worst.result.p99.toFixed(1)} ms`,
      `${(worst.result.bytesPerAnswer / 1024).toFixed(1)} kB`,
      failed === 0 ? '0' : `**${failed}**`,
    ];
  });
  return `## Site server: ours or Hono's libraries (\`npm run bench:site-libraries\`)

Machine: ${machineLine()}.
The built storefront's files and an \`/api\` call, from our site server's code (\`loadStaticFiles\` +
\`staticAnswer\`, \`createApiProxy\`, on \`createSiteServer\` as server/site/index.ts runs them) and
from one Hono app on @hono/node-server: \`compress()\`, \`secureHeaders()\` set to our headers,
\`hono/proxy\` for \`/api\`, \`serveStatic\` with our Cache-Control; and again with
\`precompressed: true\` on a copy of the build with our brotli and gzip forms beside each file and
no compress(), so the proxied answers go out as hono/proxy gives them, uncompressed.
serveStatic sends no ETag and answers no 304 (ours does): these are the libraries without it. Both
proxies pass to the same upstream (the seed menu, ${(JSON.stringify(SEED_MENU_ITEMS).length / 1024).toFixed(1)} kB of JSON, gzipped once); hono/proxy
asks it for its own encoding and decodes the answer, so compress() gzips it again for the visitor.
All servers run in one process (one is loaded at a time), the upstream and the ceiling in their own.
${runs} run${runs === 1 ? '' : 's'}; in each, wrk (one thread, from the same machine) measures each row at ${CONNECTIONS} connections after
${WARMUP_SECONDS} s of warm-up, in ${SLICES} slices of ${seconds} s, each right after a slice of the bare Hono hello-world
ceiling. Requests carry \`Accept-Encoding: gzip, deflate, br\`. Each row is its worst run (the lowest
share of its ceiling); "vs ours" is that share over the worst share of ours for the same request. "Answer"
is the bytes received per answer, headers included; "failed" counts socket errors and statuses of 400
or more, over all runs. Every answer was checked first: status 200, the file's bytes (or upstream's
body) after decoding, Content-Encoding, Cache-Control and our security headers on the files.

${table(['request', 'server', 'requests/s', 'ceiling', 'of ceiling', 'vs ours', 'p50', 'p99', 'answer', 'failed'], lines)}
`;
}

async function main() {
  const env = readEnv(BENCH_ENV, { read: ['BENCH_RUNS', 'BENCH_DURATION'] });
  assertWrkInstalled();
  if (!existsSync(`${CLIENT}/index.html`)) buildStorefront({ logLevel: 'warn' });
  const headers = siteHeaders(siteOriginsFromEnv());
  const files = loadStaticFiles(CLIENT, headers);
  const hello = startChild('hello', process.execPath, [...TSX, 'scripts/lib/hello-server.ts'], {
    ...process.env,
    API_PORT: String(PORTS.hello),
  });
  const upstream = startChild(
    'upstream',
    process.execPath,
    [...TSX, 'scripts/bench-site-libraries.ts', 'upstream', String(PORTS.upstream)],
    { ...process.env },
  );
  const listen = (app: Hono, port: number) => serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  const servers = [
    ourServer(files).listen(PORTS.ours, '127.0.0.1'),
    listen(libraryApp(headers, CLIENT, false), PORTS.hono),
    listen(libraryApp(headers, precompressedCopy(files), true), PORTS.honoPrecompressed),
  ];
  try {
    await waitForHttp(HELLO_URL, 'hello-world server');
    await waitForHttp(`${UPSTREAM_URL}${UPSTREAM_PATH}`, 'upstream');
    const rows = await plan(headers, files);
    const runs = new Map<Row, Run[]>(rows.map((row) => [row, []]));
    for (let run = 1; run <= env.BENCH_RUNS; run++) {
      console.log(`Run ${run} of ${env.BENCH_RUNS}`);
      for (const [row, done] of runs) {
        const measured = await measure(row, env.BENCH_DURATION);
        done.push(measured);
        const { requestsPerSecond, p99, failed } = measured.result;
        console.log(
          `  ${row.what}, ${row.server}: ${Math.round(requestsPerSecond)}/s (${percent(share(measured))}), p99 ${p99.toFixed(1)} ms, failed ${failed}`,
        );
      }
    }
    const measured = [...runs].map(([row, done]) => ({
      row,
      worst: done.reduce((worst, run) => (share(run) < share(worst) ? run : worst)),
      failed: total(done.map((run) => run.result.failed)),
    }));
    const markdown = report(measured, env.BENCH_RUNS, env.BENCH_DURATION);
    console.log(`\n${markdown}`);
    writeSection('bench:site-libraries', markdown);
    const failing = measured.filter((m) => m.failed > 0).map((m) => `${m.row.what} (${m.row.server})`);
    if (failing.length > 0) throw new Error(`Requests failed: ${failing.join(', ')}`);
  } finally {
    for (const server of servers) server.close();
    await Promise.all([stopChild(hello), stopChild(upstream)]);
  }
}

if (process.argv[2] === 'upstream') serveUpstream(Number(process.argv[3]));
else {
  main().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
