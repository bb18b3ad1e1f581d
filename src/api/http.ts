import ky, { type HTTPError } from 'ky';
import { API_TOKEN_STORAGE_KEY } from '../../server/contract/user.ts';
import { takePageAnswer } from './page-data.ts';

/** The API's origin; set at build time by the start script. */
export const API_URL: string = import.meta.env.VITE_API_URL ?? 'http://localhost:5000';

// The spec's data defaults: GET retried 3 times, 1 s doubling up to 30 s, never on a 4xx.
const RETRY = {
  limit: 3,
  methods: ['get'],
  statusCodes: [408, 500, 502, 503, 504],
  backoffLimit: 30_000,
  delay: (attempt: number) => 1000 * 2 ** (attempt - 1),
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
  prefixUrl: API_URL,
  retry: RETRY,
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      (request) => {
        if (import.meta.env.SSR || request.method !== 'GET') return;
        const body = takePageAnswer(request.url);
        if (body === undefined) return;
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        const record = import.meta.env.SSR ? currentRecorder() : undefined;
        if (record && request.method === 'GET' && response.ok)
          record(request.url, await response.clone().json(), response.headers.get('ETag'));
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
