import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/api/config.ts';
import { createApiProxy } from '../../server/site/api-proxy.ts';
import { createSiteServer, siteServerOptions } from '../../server/site/server.ts';
import { expectClosedAt, expectHeadersCut, slowLoris, trickle } from './support/slow-client.ts';

/**
 * The site server (server/site/index.ts) faces visitors as the API does, and cuts a request that
 * trickles in at the API's limits (fault-slow.test.ts shows the API's own), scaled down here.
 */
const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 1_500;
/** Node looks for timed-out requests every HEADERS_TIMEOUT_MS / 2; the rest is a loaded machine's slack. */
const LATE_MS = HEADERS_TIMEOUT_MS / 2 + 700;
const PROMPT_MS = 500;

const listening = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

describe('the site server’s timeouts', () => {
  it('are the API’s: its defaults (10 s for the headers, 30 s for the request) and its variables', () => {
    const api = readConfig({ DATABASE_URL: 'postgres://pizzon@127.0.0.1/pizzon' }).config.http;
    expect(siteServerOptions({})).toEqual({
      headersTimeout: api.headersTimeoutMs,
      requestTimeout: api.requestTimeoutMs,
      connectionsCheckingInterval: api.checkIntervalMs,
    });
    expect(api).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(siteServerOptions({ API_HEADERS_TIMEOUT_MS: '4000', API_REQUEST_TIMEOUT_MS: '9000' })).toEqual({
      headersTimeout: 4_000,
      requestTimeout: 9_000,
      connectionsCheckingInterval: 1_000,
    });
  });

  describe('on a slow visitor', () => {
    let api: Server;
    let site: Server;
    let port = 0;
    beforeAll(async () => {
      // The API behind /api, reading each body whole before it answers.
      api = createServer((request, response) => {
        request.resume();
        request.once('end', () =>
          response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'),
        );
      });
      const proxy = createApiProxy(`http://127.0.0.1:${await listening(api)}`);
      site = createSiteServer(
        (incoming, outgoing) => {
          if (incoming.url?.startsWith('/api/')) proxy(incoming, outgoing);
          else outgoing.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><p>Pizzon</p>');
        },
        {
          API_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
          API_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        },
      );
      port = await listening(site);
    });
    afterAll(async () => {
      for (const server of [site, api]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    /** Reads the home page one call after another until `done` settles: how long each took. */
    async function pagesWhile(done: Promise<unknown>): Promise<number[]> {
      let finished = false;
      void done.finally(() => {
        finished = true;
      });
      const took: number[] = [];
      while (!finished) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) });
        expect(response.status).toBe(200);
        await response.text();
        took.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return took;
    }

    it('closes a request whose headers trickle in at the headers timeout; pages answer meanwhile', async () => {
      const closings = slowLoris(port, 10, '/');
      const took = await pagesWhile(closings);
      expectHeadersCut(await closings, HEADERS_TIMEOUT_MS, LATE_MS);
      expect(took.length).toBeGreaterThan(2);
      for (const ms of took) expect(ms).toBeLessThan(PROMPT_MS);
    });

    it('closes a call to /api whose body trickles in at the request timeout', async () => {
      const head =
        'POST /api/reservations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 5000\r\n\r\n{"name":"';
      const closed = trickle(port, head, 'slow');
      const took = await pagesWhile(closed);
      expectClosedAt(await closed, REQUEST_TIMEOUT_MS, LATE_MS);
      for (const ms of took) expect(ms).toBeLessThan(PROMPT_MS);
    });
  });
});
