import { expect, it } from 'vitest';
import { fillPage } from '../../server/site/fill-page.ts';

const indexHtml =
  '<html><head><title>Pizzon</title></head><body><div id="root"></div><script src="/a.js"></script></body></html>';

it('puts a rendered page into index.html verbatim, whatever its text says', () => {
  const page = {
    html: "<p>Two for $10 — $& and $' and $$</p>",
    title: 'Item <Detail> - Pizzon',
    pageData: '{"x":"$\'"}',
  };
  expect(fillPage(indexHtml, page)).toBe(
    '<html><head><title>Item &lt;Detail&gt; - Pizzon</title></head><body>' +
      '<div id="root"><p>Two for $10 — $& and $\' and $$</p></div>' +
      '<script id="page-data" type="application/json">{"x":"$\'"}</script>' +
      '<script src="/a.js"></script></body></html>',
  );
});
