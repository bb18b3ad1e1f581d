import { PAGE_DATA_ELEMENT_ID } from '../../contract/http.ts';

/**
 * The API answers a server-rendered page was rendered with, carried in its HTML (keyed by the GET's
 * address after the API's: pageDataKey in http.ts).
 * The browser runs the page's loaders again before hydrating; their requests are answered from the
 * page, once each, instead of from the network: the page responds a round trip sooner, and its first
 * render matches the HTML by construction.
 */
export type PageData = Record<string, unknown>;

/** JSON that can sit inside `<script type="application/json">`: no `<` in it can close the element. */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

let unread: Map<string, unknown> | undefined;

function readPage(): Map<string, unknown> {
  const text =
    typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  try {
    return new Map(Object.entries(text ? (JSON.parse(text) as PageData) : {}));
  } catch {
    return new Map();
  }
}

/** The page's answer to a GET of `url`, the first time it is asked for; undefined after, or if none. */
export function takePageAnswer(url: string): unknown {
  unread ??= readPage();
  const body = unread.get(url);
  unread.delete(url);
  return body;
}
