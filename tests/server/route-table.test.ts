import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_HOURS } from '../../contract/opening-hours.ts';
import { routeKey } from '../../contract/route-entry.ts';
import { DOCS_FILES, ROUTE_LIST, ROUTES } from '../../contract/routes.ts';
import { openApiPath } from '../../server/api/openapi.ts';
import { checkAnswer, routeOf } from './support/route-answers.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

type Operation = {
  operationId: string;
  security: unknown[];
  parameters: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const readDocument = async (): Promise<Document> => (await ctx.request('/openapi.json')).json();

describe('the route table', () => {
  it('declares every route the app answers, and the app answers every route it declares', () => {
    const served = new Set(
      ctx.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
    );
    expect([...served].sort()).toEqual(ROUTE_LIST.map(routeKey).sort());
  });

  it('declares each route once', () => {
    const keys = ROUTE_LIST.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds the entry a call is answered by', () => {
    expect(routeOf('GET', '/item-detail/abc?x=1')).toBe(ROUTES.itemDetail);
    expect(routeOf('HEAD', '/all-items')).toBe(ROUTES.allItems);
    expect(routeOf('POST', '/admin-order/abc/transition')).toBe(ROUTES.transitionOrder);
    expect(routeOf('GET', '/admin-order-stream')).toBe(ROUTES.staffStream);
    expect(routeOf('GET', '/item-detail/a/b')).toBeUndefined();
  });
});

describe('the test app’s check of every answer', () => {
  const json = (body: unknown, status = 200) => Response.json(body, { status });

  it('refuses a success its entry’s answer schema refuses', async () => {
    await expect(checkAnswer('GET', '/profile?uid=u', json({ uid: 'u' }))).rejects.toThrow(
      /GET \/profile answered 200 against its schema/,
    );
    await expect(checkAnswer('GET', '/shop-status', json({ closed: 'no' }))).rejects.toThrow(/closed/);
  });

  it('refuses a refusal that is not { message }', async () => {
    await expect(checkAnswer('GET', '/my-orders', json({ error: 'x' }, 401))).rejects.toThrow(/message/);
  });

  it('refuses JSON from a route whose entry declares none', async () => {
    await expect(checkAnswer('GET', '/docs', json({}))).rejects.toThrow(/does not declare/);
  });

  it('reads a compressed answer, and leaves a route a test mounts for itself alone', async () => {
    const zipped = new Response(gzipSync(JSON.stringify({ closed: 'no' })), {
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    await expect(checkAnswer('GET', '/shop-status', zipped)).rejects.toThrow(/closed/);
    await checkAnswer('GET', '/test-only', json({ anything: true }));
  });

  it('passes what the table says', async () => {
    await checkAnswer(
      'GET',
      '/shop-status',
      json({ closed: false, openNow: true, opensAt: null, hours: DEFAULT_SHOP_HOURS }),
    );
    await checkAnswer('GET', '/nowhere', json({ message: 'No route for GET /nowhere' }, 404));
  });
});

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document of every route of the table, and of nothing else', async () => {
    const document = await readDocument();
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(ROUTE_LIST.map((e) => `${e.method} ${openApiPath(e.path)}`).sort());
  });

  it('names each operation by its table entry and gives each JSON answer and body its schema', async () => {
    const document = await readDocument();
    for (const [name, entry] of Object.entries(ROUTES)) {
      const operation = document.paths[openApiPath(entry.path)]![entry.method.toLowerCase()]!;
      expect(operation.operationId).toBe(name);
      const status = String('status' in entry ? entry.status : 200);
      if ('answer' in entry && !('kind' in entry)) {
        expect(operation.responses[status]!.content!['application/json']!.schema, name).toHaveProperty(
          'type',
        );
      }
      if ('body' in entry && !('bodyKind' in entry)) {
        // An object, or a choice of objects told apart by a field (checkout's delivery or pickup).
        const body = operation.requestBody!.content['application/json']!.schema as {
          type?: string;
          oneOf?: Array<{ type?: string }>;
        };
        expect(new Set(body.oneOf?.map((choice) => choice.type) ?? [body.type]), name).toEqual(
          new Set(['object']),
        );
      }
    }
    const item = document.paths['/item-detail/{id}']!.get!;
    expect(item.responses['200']!.content!['application/json']!.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['_id', 'name', 'price', 'quantity', 'category']),
    });
    expect(document.paths['/all-items']!.get!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'category', in: 'query', required: true })]),
    );
  });

  it('says who may call each route: the API token, the ID token, or anyone', async () => {
    const document = await readDocument();
    const operation = (entry: (typeof ROUTE_LIST)[number]) =>
      document.paths[openApiPath(entry.path)]![entry.method.toLowerCase()]!;
    expect(operation(ROUTES.allItems).security).toEqual([]);
    expect(operation(ROUTES.apiToken).security).toEqual([{ idToken: [] }]);
    expect(operation(ROUTES.adminOrders).security).toEqual([{ apiToken: [] }]);
    // Signed-in calls name their caller in ?uid=, as the storefront does.
    expect(operation(ROUTES.profile).parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'uid', in: 'query' })]),
    );
    expect(operation(ROUTES.adminOrders).responses).toHaveProperty('403');
    expect(operation(ROUTES.checkout).responses).toHaveProperty('503');
  });
});

describe('GET /docs', () => {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

  it('is Swagger UI served by the API itself, under a policy that lets the page load only its own files', async () => {
    const response = await ctx.request('/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    const policy = response.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/https?:|unsafe-inline|unsafe-eval/);
    const html = await response.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>|<style>/);
    // Relative addresses: the page works at the API's /docs and at the storefront's /api/docs.
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, file]) => file!);
    expect(files.sort()).toEqual(DOCS_FILES.map((file) => `docs/${file}`).sort());
  });

  it('serves the package’s own files, compressed, cacheable, and 304 for a copy still good', async () => {
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css'] as const) {
      const response = await ctx.request(`/docs/${file}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Encoding')).toBe('gzip');
      expect(response.headers.get('Cache-Control')).toMatch(/max-age=\d+/);
      const body = gunzipSync(Buffer.from(await response.arrayBuffer()));
      expect(body.equals(readFileSync(join(dist, file)))).toBe(true);
      const again = await ctx.request(`/docs/${file}`, {
        headers: { 'If-None-Match': response.headers.get('ETag') ?? '' },
      });
      expect(again.status).toBe(304);
    }
    const start = await (await ctx.request('/docs/start.js')).text();
    expect(start).toContain("new URL('openapi.json', document.baseURI)");
    expect(start).toContain('validatorUrl: null');
  });

  it('has no other file: any other name is refused', async () => {
    for (const file of ['index.html', 'swagger-ui-bundle.js.map', '..%2Fpackage.json']) {
      expect((await ctx.request(`/docs/${file}`)).status).toBe(400);
    }
  });
});
