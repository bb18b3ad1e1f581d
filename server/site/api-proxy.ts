// The storefront's own /api: the site server (and Vite's dev server) pass these calls to the API, so
// the browser calls its page's origin, whatever address it was opened at, and needs no CORS.
import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { API_PATH_PREFIX } from '../../contract/http.ts';
import { ROUTE_LIST } from '../../contract/routes.ts';

/** True for `/api` and everything under it. */
export function isApiPath(url: string): boolean {
  return (
    url.startsWith(API_PATH_PREFIX) &&
    (url.length === API_PATH_PREFIX.length || '/?'.includes(url[API_PATH_PREFIX.length]!))
  );
}

/** `/api/all-items?x=1` → `/all-items?x=1`; `/api` → `/`. */
export function upstreamPath(url: string): string {
  const rest = url.slice(API_PATH_PREFIX.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The API's answers that stay open as long as their page: the route table's event streams. */
const STREAM_PATHS = ROUTE_LIST.filter((entry) => 'kind' in entry && entry.kind === 'events').map((entry) =>
  entry.path.slice(1),
);

/**
 * Whether a call to the API's `path` (as upstreamPath gives it) will hold its connection for long: an
 * event stream. Judged loosely, on the path with its escapes undone (as the API reads it, whatever dot
 * segments or prefixes surround it) and on what the client accepts. A call taken for a stream by
 * mistake merely gets a connection of its own; a stream taken for a call would take one of the pool's.
 */
export function isEventStream(path: string, accept: string | undefined): boolean {
  if (accept?.includes('text/event-stream')) return true;
  const pathname = (path.split('?')[0] ?? '').replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return STREAM_PATHS.some((stream) => pathname.includes(stream));
}

/** Connection-level headers: they describe one hop, not the request (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

function withoutHopByHop(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * Passes a request to `apiUrl` (the API's own address) and streams its answer back unchanged. The
 * caller's address is appended to X-Forwarded-For, so the API (TRUST_PROXY) counts its limits per
 * visitor rather than for this server.
 */
export function createApiProxy(apiUrl: string) {
  const upstream = new URL(apiUrl);
  // Kept-alive connections: a page's API calls must not each pay for a new TCP handshake.
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  // An event stream holds its connection as long as its page is open: 256 of them in the pool above
  // would leave no socket for any other visitor's call. Each gets a connection of its own, closed with
  // it; how many may be open is the API's to say (STREAM_MAX_PER_ACCOUNT, STREAM_MAX_PER_ADDRESS).
  const streamAgent = new Agent({ keepAlive: false });
  return (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const headers = withoutHopByHop(incoming.headers);
    const peer = incoming.socket.remoteAddress ?? 'unknown';
    const forwarded = incoming.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${peer}` : peer;
    headers.host = upstream.host;
    const path = upstreamPath(incoming.url ?? API_PATH_PREFIX);
    let answer: IncomingMessage | undefined;
    const toApi = httpRequest(
      {
        agent: isEventStream(path, incoming.headers.accept) ? streamAgent : agent,
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: `${upstream.pathname.replace(/\/+$/, '')}${path}`,
        headers,
      },
      (fromApi) => {
        answer = fromApi;
        // Refused (413: the API stops reading a body over its limit) or answered before the body was all
        // here: the API takes no more of this request and drops the connection soon after, and passing
        // on regardless turned that into a 502 (or a stalled upload). The rest is read and dropped, so
        // the visitor finishes sending and reads the answer, and the connection is never used again.
        if (fromApi.statusCode === 413 || !incoming.readableEnded) {
          const { socket } = fromApi;
          incoming.unpipe(toApi);
          incoming.resume();
          fromApi.once('end', () => socket.destroy());
        }
        outgoing.writeHead(fromApi.statusCode ?? 502, withoutHopByHop(fromApi.headers));
        fromApi.pipe(outgoing);
      },
    );
    let visitorLeft = false;
    toApi.on('error', (error) => {
      // Cut by us because the visitor left, or after the API's whole answer came: nothing failed.
      if (visitorLeft || answer?.complete) return;
      console.warn(`/api: ${incoming.method} ${incoming.url} could not reach the API (${error.message})`);
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      outgoing.writeHead(502, { 'Content-Type': 'application/json; charset=UTF-8' });
      outgoing.end(
        JSON.stringify({ message: 'The kitchen is briefly offline. Please try again in a moment.' }),
      );
    });
    // A visitor who leaves mid-call frees the API's connection too.
    outgoing.on('close', () => {
      if (outgoing.writableFinished) return;
      visitorLeft = true;
      toApi.destroy();
    });
    incoming.pipe(toApi);
  };
}
