// The site server's Node server (server/site/index.ts). It faces visitors as the API does, so a request
// that trickles in is cut at the API's limits (API_HEADERS_TIMEOUT_MS, API_REQUEST_TIMEOUT_MS): with
// Node's own, slow headers held one of its sockets for 71 s.
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import { type EnvSource, readEnv, SERVERS_ENV } from '../env.ts';
import { checkIntervalFor } from '../http/timeouts.ts';

/** The site server's timeouts, read from `source` (the process's environment unless given). */
export function siteServerOptions(source?: EnvSource): ServerOptions {
  const env = readEnv(SERVERS_ENV, { read: ['API_HEADERS_TIMEOUT_MS', 'API_REQUEST_TIMEOUT_MS'] }, source);
  return {
    headersTimeout: env.API_HEADERS_TIMEOUT_MS,
    requestTimeout: env.API_REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: checkIntervalFor(env.API_HEADERS_TIMEOUT_MS),
  };
}

export function createSiteServer(listener: RequestListener, source?: EnvSource): Server {
  return createServer(siteServerOptions(source), listener);
}
