// Issue 34, item 3: a guest's first load takes a page over from a few chunks, not dozens: the entry in
// the HTML (which asks for nothing before the first paint), then at most three requests; Home's JS to
// hydrate stays within 90 kB gzip. Measured on the browser's build, as `npm run bench:web` reads it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BundleReport, gzipSize, readBundle } from '../../scripts/lib/bundle-sizes.ts';

const outDir = mkdtempSync(join(tmpdir(), 'pizzon-build-'));
let bundle: BundleReport;

beforeAll(() => {
  // As `npm run build` makes it: the test runner's NODE_ENV would have Vite bundle React's development build.
  execFileSync(
    'node_modules/.bin/vite',
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  bundle = readBundle(outDir);
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const GUEST_PAGES = ['/', '/menu', '/item-detail/$id'];

it('takes each page a guest lands on over in at most three requests after the entry', () => {
  for (const page of GUEST_PAGES) {
    const files = [...bundle.renderFiles(page)].filter((file) => file !== bundle.entryFile);
    expect(files.length, `${page}: ${files.join(', ')}`).toBeLessThanOrEqual(3);
  }
});

it('has the entry ask for nothing before the first screen is shown', () => {
  const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, 'utf8')) as Record<
    string,
    { isEntry?: boolean; imports?: string[] }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  expect(entry?.imports ?? []).toEqual([]);
});

it('keeps Home’s JS to hydrate within 90 kB gzip', () => {
  const bytes = [...bundle.renderFiles('/')].reduce(
    (total, file) => total + gzipSize(outDir, `assets/${file}`),
    0,
  );
  expect(bytes).toBeLessThanOrEqual(90_000);
});
