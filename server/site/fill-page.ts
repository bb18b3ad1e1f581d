// index.html filled with a page the site server rendered (server/site/index.ts).
import { PAGE_DATA_ELEMENT_ID } from '../../contract/http.ts';
import type { RenderedPage } from '../../src/render-page.tsx';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The page's title, its HTML in the root element and the API answers it was rendered with after it. */
export function fillPage(indexHtml: string, page: Pick<RenderedPage, 'html' | 'title' | 'pageData'>): string {
  // Replacer functions, not strings: a `$&` or `$'` in an item's text would otherwise be expanded.
  return indexHtml
    .replace('<title>Pizzon</title>', () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>` +
        `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${page.pageData}</script>`,
    );
}
