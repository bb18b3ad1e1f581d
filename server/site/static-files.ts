// The built storefront's files (dist/client), read into memory once at start, each with its gzip form
// and headers ready: a file costs the site server a map lookup, not a disk read and a compression.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { accepts, type Bytes, brotli, bytes, gzip as gzipped } from '../http/gzip.ts';
import { subresourceHeaders } from './site-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=UTF-8',
  '.js': 'text/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=UTF-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};
/** Text compresses; woff2 and pictures are compressed already. Small files are not worth it (as hono/compress). */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;

/** A compressed form of a file, with the headers of its answer. */
export interface EncodedFile {
  coding: 'br' | 'gzip';
  body: Bytes;
  headers: Record<string, string>;
}

/** One file as the site sends it. */
export interface StaticFile {
  body: Bytes;
  /** Headers of the identity answer (the site's own headers included). */
  headers: Record<string, string>;
  /** Headers of a 304: the identity answer's but its length, which may not be the client's form's. */
  notModifiedHeaders: Record<string, string>;
  /** Its compressed forms, the smallest first (none for a small or already compressed file). */
  encoded: EncodedFile[];
  etag: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // .vite holds the build's manifest: not the site's to publish.
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file under `root` by its URL path (`/assets/index-x.js`), with the site's headers that apply to it. */
export function loadStaticFiles(root: string, siteHeaders: Record<string, string>): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of filesUnder(root)) {
    const urlPath = `/${relative(root, path).split(sep).join('/')}`;
    const body = readFileSync(path);
    const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    // HTML and SVG open as documents; everything else is only ever a part of one.
    const document = type.startsWith('text/html') || type === 'image/svg+xml';
    const headers: Record<string, string> = {
      ...(document ? siteHeaders : subresourceHeaders(siteHeaders)),
      'Content-Type': type,
      ETag: etag,
      // Hashed names never change their content; other files (pictures, favicon) are revalidated.
      'Cache-Control': urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const compress = COMPRESSIBLE.test(type) && body.length >= MIN_COMPRESS_BYTES;
    if (compress) headers.Vary = 'Accept-Encoding';
    // Each answer with its length: sent whole, not in chunks.
    const encoded = compress
      ? (['br', 'gzip'] as const).map((coding) => {
          const compressed = coding === 'br' ? brotli(body) : gzipped(body);
          return {
            coding,
            body: compressed,
            headers: {
              ...headers,
              'Content-Encoding': coding,
              'Content-Length': String(compressed.byteLength),
            },
          };
        })
      : [];
    files.set(urlPath, {
      body: bytes(body),
      headers: { ...headers, 'Content-Length': String(body.byteLength) },
      notModifiedHeaders: headers,
      encoded,
      etag,
    });
  }
  return files;
}

/** An answer as the site writes it to the socket: no Request or Response objects in between. */
export interface SiteAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** Null for a 304. */
  body: Bytes | null;
}

/** A file's answer: 304 when the client holds it, else its smallest form the client takes. */
export function staticAnswer(
  file: StaticFile,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): SiteAnswer {
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
    return { status: 304, headers: file.notModifiedHeaders, body: null };
  }
  for (const form of file.encoded) {
    if (accepts(acceptEncoding, form.coding)) return { status: 200, headers: form.headers, body: form.body };
  }
  return { status: 200, headers: file.headers, body: file.body };
}
