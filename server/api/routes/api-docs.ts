import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type DOCS_FILES, ROUTES } from '../../../contract/routes.ts';
import { accepts, type Bytes, bytes, gzip } from '../../http/gzip.ts';
import { openApiDocument } from '../openapi.ts';
import type { RegisterRoute } from './table.ts';

/**
 * The reference page loads only its own files, from this API: Swagger UI's script and style (from the
 * swagger-ui-dist package, never a CDN), its start script, and the document. Its pictures are data:
 * addresses in the style; "Try it out" calls this same API.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Relative addresses, so the page works where it is read: at the API's /docs, and at the storefront's
 * /api/docs (the document then lies at /api/openapi.json).
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pizzon API reference</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/start.js"></script>
</body>
</html>
`;

/** No inline script (the policy forbids it): the page's start is a file of its own. */
const START = `window.ui = SwaggerUIBundle({
  url: new URL('openapi.json', document.baseURI).href,
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
});
`;

const TYPES: Record<(typeof DOCS_FILES)[number], string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'start.js': 'text/javascript; charset=utf-8',
};

interface DocsFile {
  body: Bytes;
  gzipped: Bytes;
  tag: string;
}

/** Read and compressed once, on the first request: most API processes never serve the page. */
function docsFiles(): () => Record<(typeof DOCS_FILES)[number], DocsFile> {
  let files: Record<(typeof DOCS_FILES)[number], DocsFile> | undefined;
  return () => {
    if (files) return files;
    const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    const file = (body: Bytes): DocsFile => ({
      body,
      gzipped: gzip(body),
      tag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    });
    files = {
      'swagger-ui.css': file(bytes(readFileSync(join(dist, 'swagger-ui.css')))),
      'swagger-ui-bundle.js': file(bytes(readFileSync(join(dist, 'swagger-ui-bundle.js')))),
      'start.js': file(bytes(new TextEncoder().encode(START))),
    };
    return files;
  };
}

/**
 * GET /openapi.json and the reference page, GET /docs: public, as they describe the API and expose no
 * data (docs/decisions/030-one-route-table.md).
 */
export function apiDocsRoutes(on: RegisterRoute) {
  const document = openApiDocument();
  const files = docsFiles();
  on(ROUTES.openApi, () => document);
  on(ROUTES.docs, (c) => {
    c.header('Content-Security-Policy', DOCS_CSP);
    return c.html(PAGE);
  });
  on(ROUTES.docsFile, (c, { params }) => {
    const { body, gzipped, tag } = files()[params.file];
    const zip = accepts(c.req.header('Accept-Encoding'), 'gzip');
    c.header('Content-Type', TYPES[params.file]);
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('ETag', tag);
    c.header('Vary', 'Origin, Accept-Encoding');
    if (c.req.header('If-None-Match') === tag) return c.body(null, 304);
    if (zip) c.header('Content-Encoding', 'gzip');
    return c.body(zip ? gzipped : body);
  });
}
