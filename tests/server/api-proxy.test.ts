import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/api/app.ts';
import { createApiProxy, isApiPath, isEventStream, upstreamPath } from '../../server/site/api-proxy.ts';
import { sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import { fixture } from './support/test-app.ts';
import { until } from './support/until.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An upstream that records what reached it and answers 201 with a Link header. */
async function upstream(): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const url = await listen(
    createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      seen.push({ method: request.method, url: request.url, headers: request.headers, body });
      response.writeHead(201, { 'Content-Type': 'application/json', Link: '<?cursor=x>; rel="next"' });
      response.end(JSON.stringify({ ok: true }));
    }),
  );
  return { url, seen };
}

async function proxyTo(apiUrl: string): Promise<string> {
  const proxy = createApiProxy(apiUrl);
  return listen(
    createServer((incoming, outgoing) => {
      if (isApiPath(incoming.url ?? '/')) proxy(incoming, outgoing);
      else outgoing.writeHead(404).end('site');
    }),
  );
}

describe('the storefront’s /api', () => {
  it('is /api and what is under it, nothing else', () => {
    for (const path of ['/api', '/api/', '/api/all-items', '/api?x=1', '/api/jwt?uid=a']) {
      expect(isApiPath(path), path).toBe(true);
    }
    for (const path of ['/', '/apis', '/api-docs', '/menu/api', '/API/all-items']) {
      expect(isApiPath(path), path).toBe(false);
    }
    expect(upstreamPath('/api/all-items?category=all')).toBe('/all-items?category=all');
    expect(upstreamPath('/api')).toBe('/');
    expect(upstreamPath('/api?x=1')).toBe('/?x=1');
  });

  it('passes method, path, query, body and headers on, and the answer back unchanged', async () => {
    const api = await upstream();
    const site = await proxyTo(api.url);
    const response = await fetch(`${site}/api/add-to-cart?uid=u1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json', Origin: site },
      body: JSON.stringify({ itemId: 'i', quantity: 2 }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('Link')).toBe('<?cursor=x>; rel="next"');
    expect(await response.json()).toEqual({ ok: true });
    const [call] = api.seen;
    expect(call).toMatchObject({ method: 'POST', url: '/add-to-cart?uid=u1' });
    expect(JSON.parse(call!.body)).toEqual({ itemId: 'i', quantity: 2 });
    expect(call!.headers.authorization).toBe('Bearer t');
    expect(call!.headers.origin).toBe(site);
    expect(call!.headers.host).toBe(new URL(api.url).host);
  });

  it('appends the visitor’s address to X-Forwarded-For (the API counts limits per visitor)', async () => {
    const api = await upstream();
    const site = await proxyTo(api.url);
    await fetch(`${site}/api/health`);
    await fetch(`${site}/api/health`, { headers: { 'X-Forwarded-For': '198.51.100.9' } });
    expect(api.seen.map((call) => call.headers['x-forwarded-for'])).toEqual([
      '127.0.0.1',
      '198.51.100.9, 127.0.0.1',
    ]);
  });

  it('answers 502 with a message the storefront can show when the API is down', async () => {
    const gone = await listen(createServer());
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const site = await proxyTo(gone);
    const response = await fetch(`${site}/api/all-items`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/try again/) });
    expect((await fetch(`${site}/menu`)).status).toBe(404);
  });

  it('takes the order streams for event streams, however their path is spelled', () => {
    for (const path of [
      '/my-orders-stream',
      '/admin-order-stream?x=1',
      '/my-orders%2Dstream',
      '/x/../admin-order-stream',
      '//my-orders-stream',
    ]) {
      expect(isEventStream(path, undefined), path).toBe(true);
    }
    expect(isEventStream('/all-items', 'text/event-stream')).toBe(true);
    for (const path of ['/all-items', '/my-orders', '/my-orders/1/events', '/admin-order?q=stream']) {
      expect(isEventStream(path, 'application/json'), path).toBe(false);
    }
  });

  it('gives each event stream a connection of its own: 300 open streams leave every other call its pool', async () => {
    const held: ServerResponse[] = [];
    const api = await listen(
      createServer((request, response) => {
        if (request.url?.includes('-stream')) {
          response.writeHead(200, { 'Content-Type': 'text/event-stream' });
          response.write(': live\n\n');
          held.push(response);
          return;
        }
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ ok: true }));
      }),
    );
    const site = await proxyTo(api);
    // The visitors' side: a connection per stream, as 300 browser tabs would have.
    const visitors = new Agent({ keepAlive: false });
    const opened: IncomingMessage[] = [];
    for (let i = 0; i < 300; i++) {
      // Half without Accept: a script need not say it wants a stream to get one.
      const headers = i % 2 ? { Accept: 'text/event-stream' } : {};
      httpRequest(`${site}/api/my-orders-stream`, { agent: visitors, headers }, (response) =>
        opened.push(response),
      )
        .on('error', () => {})
        .end();
    }
    try {
      // The old pool of 256 was full by then; the rest of the streams waited behind it.
      await until(
        () => held.length,
        (count) => count >= 256,
        10_000,
      );
      // Behind a full pool this call would wait for a stream to end; the abort fails the test first.
      const call = await fetch(`${site}/api/all-items`, { signal: AbortSignal.timeout(3_000) });
      expect(await call.json()).toEqual({ ok: true });
      expect(
        await until(
          () => opened.length,
          (count) => count === 300,
          10_000,
        ),
      ).toBe(300);
    } finally {
      for (const response of held) response.end();
      for (const response of opened) response.destroy();
      visitors.destroy();
      for (const server of servers) server.closeAllConnections();
    }
  }, 30_000);
});

/** What a visitor sending a chunked body saw: the answer, when it came, and how the sending ended. */
interface Sent {
  status: number;
  body: string;
  /** The answer came before the visitor had sent its whole body. */
  beforeSent: boolean;
  /** Why the sending failed (the connection cut under it), if it did. */
  error: string | undefined;
}

/**
 * POSTs `bytes` to `url` in chunks of 64 kB, `gapMs` apart (none: as fast as the socket takes them),
 * without a length (Transfer-Encoding: chunked), on a kept-alive connection of its own as a browser
 * would; resolves once the answer has arrived and the body is all sent (or its sending failed).
 */
function sendChunked(url: string, bytes: number, gapMs: number): Promise<Sent> {
  const agent = new Agent({ keepAlive: true });
  return new Promise<Sent>((resolve) => {
    let sent = false;
    let error: string | undefined;
    let answer: Omit<Sent, 'error'> | undefined;
    const settle = () => {
      if (answer && (sent || error)) resolve({ ...answer, error });
    };
    const request = httpRequest(
      url,
      { method: 'POST', agent, headers: { 'Content-Type': 'application/json' } },
      (response) => {
        const beforeSent = !sent;
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => {
          answer = { status: response.statusCode ?? 0, body, beforeSent };
          settle();
        });
      },
    );
    request.on('error', (cause) => {
      error = cause.message;
      answer ??= { status: 0, body: '', beforeSent: !sent };
      settle();
    });
    request.on('finish', () => {
      sent = true;
      settle();
    });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let left = Math.ceil(bytes / chunk.length);
    const next = () => {
      while (left > 0 && !error) {
        left -= 1;
        const more = request.write(chunk);
        if (gapMs > 0) return void setTimeout(next, gapMs);
        if (!more) return void request.once('drain', next);
      }
      request.end();
    };
    next();
  }).finally(() => agent.destroy());
}

describe('the storefront’s /api in front of the API', () => {
  const scratch = sharedScratchDatabase();
  const api = fixture(() => startApiProcess(scratch.url), stopApi);
  const TOO_LARGE = { message: `The request body is too large (at most ${MAX_BODY_BYTES} bytes)` };

  it('answers a chunked 2 MB body with the API’s 413, as the API does, and the next call as usual', async () => {
    const direct = await sendChunked(`${api.url}/reservations`, 2 * 1024 * 1024, 0);
    expect({ status: direct.status, body: JSON.parse(direct.body) }).toEqual({
      status: 413,
      body: TOO_LARGE,
    });
    const site = await proxyTo(api.url);
    for (let round = 0; round < 3; round++) {
      const refused = await sendChunked(`${site}/api/reservations`, 2 * 1024 * 1024, 0);
      expect({ status: refused.status, body: JSON.parse(refused.body) }).toEqual({
        status: 413,
        body: TOO_LARGE,
      });
      // At once, on the proxy's pool of connections to the API.
      expect((await fetch(`${site}/api/health`)).status).toBe(200);
    }
  });

  it('passes the 413 on while the visitor is still sending a large body, and lets it finish sending', async () => {
    const warned = vi.spyOn(console, 'warn');
    try {
      const site = await proxyTo(api.url);
      // More than the sockets between here and the API hold, over about a second: the API refuses it
      // after its first 100 kB and reads no more.
      const refused = await sendChunked(`${site}/api/reservations`, 16 * 1024 * 1024, 5);
      expect(refused).toEqual({
        status: 413,
        body: JSON.stringify(TOO_LARGE),
        beforeSent: true,
        error: undefined,
      });
      expect((await fetch(`${site}/api/health`)).status).toBe(200);
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
  });
});
