// The menu's front (server/api/http/menu-front.ts, wired in server/api/index.ts): Node's own requests for the menu,
// answered from memory before a web Request is made of them. It must answer exactly as the app does,
// and leave to the app whatever it cannot answer from memory.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenu } from '../../server/db/seed/menu.ts';
import { SITE_ORIGIN, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

/** The same app served twice: with the front before it (as server/api/index.ts serves it), and without. */
let withFront: Server;
let appOnly: Server;
const answeredByFront: string[] = [];

function listen(listener: (request: IncomingMessage, response: ServerResponse) => void): Promise<Server> {
  const server = createServer(listener);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const urlOf = (server: Server, path: string) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

beforeAll(async () => {
  await seedMenu(ctx.db);
  const answerWithApp = getRequestListener(ctx.app.fetch);
  withFront = await listen((request, response) => {
    if (ctx.app.menuFront(request, response)) answeredByFront.push(`${request.method} ${request.url}`);
    else void answerWithApp(request, response);
  });
  appOnly = await listen((request, response) => void answerWithApp(request, response));
  // The menu in memory, as it is after the first read.
  await fetch(urlOf(appOnly, '/all-items?category=all&limit=0'));
});
afterAll(async () => {
  for (const server of [withFront, appOnly]) await new Promise((resolve) => server.close(resolve));
});

/** An answer's status, headers (but the connection's own, and the request id each answer makes) and body. */
async function answer(server: Server, path: string, init: RequestInit = {}) {
  const response = await fetch(urlOf(server, path), init);
  const raw = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id'].includes(name),
    ),
  );
  return { status: response.status, headers, body: raw.toString('utf8') };
}

describe('the menu front', () => {
  it('answers the menu reads itself, exactly as the app answers them', async () => {
    const [item] = (await (
      await fetch(urlOf(appOnly, '/all-items?category=pizza&limit=1'))
    ).json()) as Array<{
      _id: string;
    }>;
    const menuTag = (await fetch(urlOf(appOnly, '/all-items?category=all&limit=0'))).headers.get('ETag')!;
    const reads: Array<[string, Record<string, string>]> = [
      ['/all-items?category=all&limit=0', {}],
      ['/all-items?category=pizza&limit=8', { Origin: SITE_ORIGIN }],
      ['/all-items?category=desert&limit=0', { 'Accept-Encoding': 'identity' }],
      ['/all-items?category=all&limit=0', { 'If-None-Match': menuTag, Origin: SITE_ORIGIN }],
      [`/item-detail/${item!._id}`, { 'Accept-Encoding': 'gzip' }],
      [`/item-detail/${item!._id}?from=menu`, { Origin: 'https://elsewhere.example' }],
    ];
    for (const [path, headers] of reads) {
      answeredByFront.length = 0;
      const fromFront = await answer(withFront, path, { headers });
      expect(answeredByFront, path).toEqual([`GET ${path}`]);
      expect(fromFront, path).toEqual(await answer(appOnly, path, { headers }));
    }
    // fetch takes the gzip away: the bytes on the wire are gzip when the client said it takes it.
    answeredByFront.length = 0;
    const gzipped = await new Promise<Buffer>((resolve, reject) => {
      const request = createRawGet(urlOf(withFront, '/all-items?category=all&limit=0'), resolve);
      request.on('error', reject);
    });
    expect(answeredByFront).toHaveLength(1);
    expect(JSON.parse(gunzipSync(gzipped).toString('utf8'))).toHaveLength(
      ((await (await fetch(urlOf(appOnly, '/all-items?category=all&limit=0'))).json()) as unknown[]).length,
    );
  });

  it('leaves to the app what it cannot answer from memory, which answers as it always did', async () => {
    const left = [
      '/all-items?limit=-1',
      '/all-items?category=nothing',
      '/item-detail/no-such-item',
      '/item-detail/%2E%2E',
      '/all-items?category=%00',
      '/all-items/',
      '/all-items',
      '/health',
    ];
    for (const path of left) {
      answeredByFront.length = 0;
      const fromFront = await answer(withFront, path);
      expect(answeredByFront, path).toEqual([]);
      expect(fromFront, path).toEqual(await answer(appOnly, path));
    }
    answeredByFront.length = 0;
    const head = await fetch(urlOf(withFront, '/all-items?category=all&limit=8'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(answeredByFront).toEqual([]);
  });
});

/** A GET whose body comes back as sent (gzip), which fetch would have decoded. */
function createRawGet(url: string, done: (body: Buffer) => void) {
  return httpRequest(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(Buffer.concat(chunks)));
  }).end();
}
