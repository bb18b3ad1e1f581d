import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { MenuPart, MenuVersions } from '../../contract/menu.ts';
import { buildPage, createPageCache, type Rendering } from '../../server/site/page-cache.ts';
import { loadStaticFiles, staticAnswer } from '../../server/site/static-files.ts';

const HEADERS = {
  'Content-Security-Policy': "default-src 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * A site whose renders are counted; each render shows the menu's `part` (the whole menu unless said)
 * at `answerVersion` (or the site's), or no menu data.
 */
function site(
  options: {
    maxBytes?: number;
    keep?: boolean;
    part?: MenuPart;
    answerVersion?: () => number | undefined;
  } = {},
) {
  let versions: MenuVersions | undefined = { version: 1, listing: 1 };
  const part = options.part ?? 'version';
  const renders: string[] = [];
  const render = async (url: string): Promise<Rendering> => {
    renders.push(url);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const shown = options.answerVersion ? options.answerVersion() : versions?.[part];
    return {
      page: buildPage(`<p>${url} #${renders.length}</p>${'x'.repeat(1000)}`, 200, HEADERS),
      menuVersion: shown === undefined ? undefined : { part, version: shown },
      keep: options.keep ?? true,
    };
  };
  const pages = createPageCache({ render, version: () => versions, maxBytes: options.maxBytes ?? 1_000_000 });
  const text = async (url: string, personal = false) =>
    Buffer.from((await pages.get(url, personal)).body)
      .toString()
      .slice(0, 40);
  return {
    pages,
    renders,
    text,
    /** The whole menu's version moves to `next` (a sale); undefined: the site stops listening. */
    setVersion: (next: number | undefined) => {
      versions = next === undefined ? undefined : { version: next, listing: versions?.listing ?? 1 };
    },
    /** A change Home and the Menu show (a new item): both versions move. */
    relist: () => {
      versions = versions && { version: versions.version + 1, listing: versions.listing + 1 };
    },
  };
}

describe('the site’s page cache', () => {
  it('serves a kept page while the menu version holds, and renders again when it moves', async () => {
    const s = site();
    expect(await s.text('/menu')).toMatch(/#1/);
    expect(await s.text('/menu')).toMatch(/#1/);
    expect(await s.text('/menu')).toMatch(/#1/);
    s.setVersion(2);
    expect(await s.text('/menu')).toMatch(/#2/);
    expect(s.renders).toEqual(['/menu', '/menu']);
  });

  it('keeps a listing page (Home, the Menu) through sales, and renders it again when the listing moves', async () => {
    const s = site({ part: 'listing' });
    expect(await s.text('/menu')).toMatch(/#1/);
    s.setVersion(2);
    s.setVersion(3);
    expect(await s.text('/menu')).toMatch(/#1/);
    s.relist();
    expect(await s.text('/menu')).toMatch(/#2/);
    expect(s.renders).toEqual(['/menu', '/menu']);
  });

  it('renders a page once for every request that waits for it', async () => {
    const s = site();
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.text('/')));
    expect(new Set(answers).size).toBe(1);
    expect(s.renders).toHaveLength(1);
  });

  it('keeps a page for the older version when its API answers were behind the site', async () => {
    // The site knows version 3; the API that answered the render still showed 2.
    const s = site({ answerVersion: () => 2 });
    s.setVersion(3);
    await s.text('/menu');
    await s.text('/menu');
    expect(s.renders).toHaveLength(2);
  });

  it('keeps a page that showed no menu data whatever the version', async () => {
    const s = site({ answerVersion: () => undefined });
    await s.text('/blog');
    s.setVersion(2);
    s.setVersion(3);
    expect(await s.text('/blog')).toMatch(/#1/);
    expect(s.renders).toHaveLength(1);
  });

  it('keeps nothing while the site is not listening, nor a page whose data failed', async () => {
    const offline = site();
    offline.setVersion(undefined);
    await offline.text('/');
    await offline.text('/');
    expect(offline.renders).toHaveLength(2);
    const failing = site({ keep: false });
    await failing.text('/');
    await failing.text('/');
    expect(failing.renders).toHaveLength(2);
  });

  it('never serves a kept page to a request that carries credentials', async () => {
    const s = site();
    await s.text('/');
    await s.text('/', true);
    expect(s.renders).toHaveLength(2);
    // …and what it rendered for that request is not kept for the others.
    expect(await s.text('/')).toMatch(/#1/);
  });

  it('stays within its byte budget, forgetting the least recently used pages', async () => {
    const s = site({ maxBytes: 5_000 });
    for (let i = 0; i < 10; i++) await s.text(`/item-detail/${i}`);
    await s.text('/item-detail/9');
    await s.text('/item-detail/0');
    // The newest was kept; the oldest had to go.
    expect(s.renders.filter((url) => url === '/item-detail/9')).toHaveLength(1);
    expect(s.renders.filter((url) => url === '/item-detail/0')).toHaveLength(2);
  });

  it('gzips each page once, the same HTML', async () => {
    const page = buildPage('<p>Menu</p>'.repeat(200), 200, HEADERS);
    expect(gunzipSync(page.gzip).toString()).toBe(Buffer.from(page.body).toString());
    expect(page.gzipHeaders['Content-Encoding']).toBe('gzip');
    expect(page.headers['Cache-Control']).toBe('no-cache');
    expect(page.headers['X-Content-Type-Options']).toBe('nosniff');
    // Each answer carries its length: Node sends it whole, not in chunks.
    expect(page.headers['Content-Length']).toBe(String(page.body.byteLength));
    expect(page.gzipHeaders['Content-Length']).toBe(String(page.gzip.byteLength));
  });
});

describe('the site’s files', () => {
  const root = mkdtempSync(join(tmpdir(), 'pizzon-static-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log("pizza");\n'.repeat(200));
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
  writeFileSync(join(root, '.vite', 'manifest.json'), '{}');
  const files = loadStaticFiles(root, HEADERS);

  it('holds every published file by its path, with its type and the site’s headers', () => {
    expect([...files.keys()].sort()).toEqual(['/assets/index-abc.js', '/favicon.svg']);
    const script = files.get('/assets/index-abc.js')!;
    expect(script.headers['Content-Type']).toBe('text/javascript; charset=UTF-8');
    expect(script.headers['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['X-Content-Type-Options']).toBe('nosniff');
    expect(files.get('/favicon.svg')!.headers['Cache-Control']).toBe('no-cache');
  });

  it('gives documents (an SVG opened on its own) the page policy, and parts of a page only what applies to them', () => {
    expect(files.get('/favicon.svg')!.headers).toMatchObject(HEADERS);
    const script = files.get('/assets/index-abc.js')!.headers;
    expect(script['Content-Security-Policy']).toBeUndefined();
    expect(script).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });

  it('answers brotli or gzip to a client that takes it, plain otherwise, and 304 for the copy it holds', async () => {
    const script = files.get('/assets/index-abc.js')!;
    const text = Buffer.from(script.body).toString();
    const squeezed = staticAnswer(script, 'gzip, deflate, br', undefined);
    expect(squeezed.headers['Content-Encoding']).toBe('br');
    expect(brotliDecompressSync(squeezed.body!).toString()).toBe(text);
    const zipped = staticAnswer(script, 'gzip, br;q=0', undefined);
    expect(zipped.headers['Content-Encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body!).toString()).toBe(text);
    expect(zipped.headers.Vary).toBe('Accept-Encoding');
    expect(staticAnswer(script, undefined, undefined).headers['Content-Encoding']).toBeUndefined();
    // Too small to be worth compressing.
    expect(files.get('/favicon.svg')!.encoded).toEqual([]);
    const held = staticAnswer(script, 'gzip', script.etag);
    expect(held.status).toBe(304);
    expect(held.body).toBeNull();
    // Each answer carries its length (sent whole, not in chunks); a 304 none, as the client's form may differ.
    for (const answer of [squeezed, zipped, staticAnswer(script, undefined, undefined)]) {
      expect(answer.headers['Content-Length']).toBe(String(answer.body!.byteLength));
    }
    expect(held.headers['Content-Length']).toBeUndefined();
  });
});
