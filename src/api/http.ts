import ky, { HTTPError } from 'ky';
import { MAX_RETRY_AFTER_MS } from '../../contract/admission.ts';
import { API_PATH_PREFIX } from '../../contract/http.ts';
import { API_TOKEN_STORAGE_KEY } from '../../contract/user.ts';
import { takePageAnswer } from './page-data.ts';

/**
 * Where the API is called: the page's own origin under /api (whatever address the storefront was
 * opened at), or another host named at build time by VITE_API_URL. The site server's renderer has no
 * page origin: it calls the API where the site server reaches it (API_INTERNAL_URL).
 */
const API_URL: string = import.meta.env.SSR
  ? // Imported in the renderer only: the browser's build drops this branch, and the schema with it.
    (await import('../../server/site/env.ts')).apiInternalUrl()
  : import.meta.env.VITE_API_URL || API_PATH_PREFIX;

/** The absolute address API_URL names (the page's origin for /api); no trailing slash. */
export const API_BASE = new URL(
  API_URL,
  typeof location === 'undefined' ? 'http://localhost' : location.href,
).href.replace(/\/+$/, '');

/**
 * A GET's key in the page data: its address after the API's, so the renderer (calling the API
 * directly) and the browser (calling /api) name an answer alike.
 */
export const pageDataKey = (url: string): string =>
  url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;

/**
 * A refusal for overload: 503 with Retry-After (server/api/middleware/admission.ts). The server did nothing
 * with the call, so sending it again is safe whatever its method. A 503 without Retry-After (the
 * database away) may have come half-way: it is not one.
 */
const isShed = (response: Response): boolean =>
  response.status === 503 && response.headers.has('Retry-After');

/** Retry-After in milliseconds: seconds, or an HTTP date. */
function retryAfterMs(response: Response): number {
  const value = response.headers.get('Retry-After') ?? '';
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isNaN(ms) ? 0 : Math.max(0, ms);
}

/**
 * A refused call goes once more, after the wait the server named and a little more at random: the
 * callers it refused together do not all come back in the same millisecond. Its second refusal is the
 * caller's to show (its message says to try again in a few seconds).
 */
function retryOnceWhenShed(
  _request: Request,
  _options: unknown,
  response: Response,
  { retryCount }: { retryCount: number },
) {
  if (retryCount > 0 || !isShed(response)) return;
  return ky.retry({ delay: Math.min(MAX_RETRY_AFTER_MS, retryAfterMs(response) * (1 + Math.random() / 4)) });
}

// The spec's data defaults: GET retried 3 times, 1 s doubling up to 30 s, never on a 4xx; a refusal
// for overload is sent again once (retryOnceWhenShed), whatever the method, and not again after that.
const RETRY = {
  limit: 3,
  methods: ['get'],
  statusCodes: [408, 500, 502, 503, 504],
  backoffLimit: 30_000,
  delay: (attempt: number) => 1000 * 2 ** (attempt - 1),
  shouldRetry: ({ error }: { error: Error }) =>
    error instanceof HTTPError && isShed(error.response) ? false : undefined,
};

/** Puts the server's `{ message }` into the error, so every caller can show it as it is. */
async function adoptServerMessage(error: HTTPError): Promise<HTTPError> {
  const body = (await error.response
    .clone()
    .json()
    .catch(() => undefined)) as { message?: unknown } | undefined;
  if (typeof body?.message === 'string') error.message = body.message;
  return error;
}

/**
 * Told of each answer while the site server renders a page (src/render-page.tsx), with its ETag (the
 * menu's version, for the site's page cache); nobody in the browser.
 */
type AnswerRecorder = (url: string, body: unknown, etag: string | null) => void;
let currentRecorder: () => AnswerRecorder | undefined = () => undefined;
export function recordAnswersWith(recorder: () => AnswerRecorder | undefined): void {
  currentRecorder = recorder;
}

/** The direct client: public calls that carry no stored API token. */
export const directClient = ky.create({
  prefixUrl: API_BASE,
  retry: RETRY,
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      (request) => {
        if (import.meta.env.SSR || request.method !== 'GET') return;
        const body = takePageAnswer(pageDataKey(request.url));
        if (body === undefined) return;
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      },
    ],
    afterResponse: [
      retryOnceWhenShed,
      async (request, _options, response) => {
        const record = import.meta.env.SSR ? currentRecorder() : undefined;
        if (record && request.method === 'GET' && response.ok)
          record(pageDataKey(request.url), await response.clone().json(), response.headers.get('ETag'));
      },
    ],
    beforeError: [adoptServerMessage],
  },
});

/** Called when our server answers 401 or 403: the session signs out and the page goes to /auth. */
type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};
export function handleUnauthorized(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}
/** For calls made without the shared client (the order streams' fetch): a 401 or 403 signs out too. */
export const reportUnauthorized = (): void => onUnauthorized();

export const storedApiToken = (): string | null => localStorage.getItem(API_TOKEN_STORAGE_KEY);
export const storeApiToken = (token: string): void => localStorage.setItem(API_TOKEN_STORAGE_KEY, token);
export const clearApiToken = (): void => localStorage.removeItem(API_TOKEN_STORAGE_KEY);

/** The shared client: every call after sign-in carries the stored API token. */
export const apiClient = directClient.extend({
  hooks: {
    beforeRequest: [
      (request) => {
        const token = storedApiToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (_request, _options, response) => {
        // The error still reaches the caller (ky throws for the status); this only signs out.
        if (response.status === 401 || response.status === 403) onUnauthorized();
      },
    ],
  },
});
