// What each route of the built SPA costs: read from Vite's manifest (dist/client/.vite/manifest.json) and the
// lazy route files named in src/router.tsx, gzipped as the site server sends them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteCost extends RouteFiles {
  /** gzip bytes of the JS and CSS the route needs beyond the entry. */
  ownJs: number;
  ownCss: number;
  /** gzip bytes of everything its first load needs: the entry and the route. */
  firstLoadJs: number;
  firstLoadCss: number;
}

export interface BundleReport {
  /** The entry chunk's file (what dist/client/index.html loads). */
  entryFile: string;
  entry: { js: number; css: number };
  routes: RouteCost[];
  /** Chunk files that only signed-in (guarded) routes load: a guest should never fetch one. */
  signedInOnly: Set<string>;
  /** The manifest's chunk name of every JS file (e.g. 'swiper' for assets/swiper-CRhNzmVw.js). */
  chunkName: (file: string) => string;
  /**
   * The JS files a route's first render cannot do without: the entry, the route's lazy files and
   * everything they import statically. What they import dynamically (lazy sections, dialogs, the
   * session's chunk) is fetched while or after the page paints.
   */
  renderFiles: (routePath: string) => Set<string>;
}

const gzipCache = new Map<string, number>();
export function gzipSize(distDir: string, file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(`${distDir}/${file}`)).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The keys reachable from `start` through static imports, `start` included. */
function staticClosure(manifest: Manifest, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(start);
  return seen;
}

interface RouteDecl {
  name: string;
  parent: string | undefined;
  path: string;
  file: string | undefined;
  guarded: boolean;
}

export interface RouteFiles {
  path: string;
  /** The lazy files of the page and of its layouts; none when the page is in the entry chunk. */
  files: string[];
  /** Behind a sign-in guard (its own beforeLoad or a layout's): never a guest's download. */
  guarded: boolean;
}

/**
 * The URL path and lazy file of every route in src/router.tsx. The router is plain code, so this reads
 * the `createRoute({ getParentRoute, path, component })` calls it is written with; a route it cannot
 * read makes the benchmark fail rather than quietly leave the route out.
 */
export function readRoutes(routerFile = 'src/router.tsx'): RouteFiles[] {
  const source = readFileSync(routerFile, 'utf8');
  const lazyConsts = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = lazyRouteComponent\(\(\) => import\('\.\/([^']+)'\)/g)) {
    lazyConsts.set(m[1]!, `src/${m[2]!}`);
  }
  const decls = new Map<string, RouteDecl>();
  for (const m of source.matchAll(/const (\w+) = createRoute\(\{([\s\S]*?)\n\}\);/g)) {
    const [, name, body] = m as unknown as [string, string, string];
    const parent = /getParentRoute: \(\) => (\w+)/.exec(body)?.[1];
    // A layout without a path of its own (an `id` instead) adds nothing to its pages' URLs.
    const path = /\bpath: '([^']*)'/.exec(body)?.[1] ?? (/\bid: '[^']*'/.test(body) ? '' : undefined);
    if (path === undefined)
      throw new Error(`src/router.tsx: route ${name} has no path the benchmark can read`);
    const component = /\bcomponent: (?:lazyRouteComponent\(\(\) => import\('\.\/([^']+)'\)|(\w+))/.exec(body);
    const file = component?.[1] ? `src/${component[1]}` : lazyConsts.get(component?.[2] ?? '');
    const guarded = /\bbeforeLoad: /.test(body);
    decls.set(name, { name, parent: parent === 'rootRoute' ? undefined : parent, path, file, guarded });
  }
  if (decls.size === 0) throw new Error('src/router.tsx: no createRoute calls found');
  const fullPath = (decl: RouteDecl): string => {
    const parent = decl.parent ? decls.get(decl.parent) : undefined;
    const base = parent ? fullPath(parent) : '';
    const joined = `${base.replace(/\/$/, '')}/${decl.path.replace(/^\//, '')}`;
    return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
  };
  const files = (decl: RouteDecl): string[] => {
    const parent = decl.parent ? decls.get(decl.parent) : undefined;
    return [...(parent ? files(parent) : []), ...(decl.file ? [decl.file] : [])];
  };
  const guarded = (decl: RouteDecl): boolean => {
    const parent = decl.parent ? decls.get(decl.parent) : undefined;
    return decl.guarded || (parent ? guarded(parent) : false);
  };
  // A layout is never a page of its own: its index route (path '/') is the page at its URL.
  const layouts = new Set([...decls.values()].map((decl) => decl.parent));
  return [...decls.values()]
    .filter((decl) => !layouts.has(decl.name))
    .map((decl) => ({ path: fullPath(decl), files: [...new Set(files(decl))], guarded: guarded(decl) }));
}

/**
 * The manifest's key of the chunk that holds each source file a group took in (vite.config.ts's
 * codeSplitting groups): the manifest names such a chunk by its group, not by its modules, so its
 * source map says which it holds.
 */
function groupedSources(distDir: string, manifest: Manifest): Map<string, string> {
  const held = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!key.startsWith('_') || !chunk.file.endsWith('.js')) continue;
    const map = `${distDir}/${chunk.file}.map`;
    // Rolldown's runtime helpers come from no source file, and have no map.
    if (!existsSync(map)) continue;
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
    for (const source of sources) held.set(resolve(dirname(map), source), key);
  }
  return held;
}

export function readBundle(distDir = 'dist/client'): BundleReport {
  const manifest = JSON.parse(readFileSync(`${distDir}/.vite/manifest.json`, 'utf8')) as Manifest;
  const grouped = groupedSources(distDir, manifest);
  /** The manifest's key of the chunk a source file (e.g. src/routes/menu.tsx) is in. */
  const keyOf = (file: string) => {
    const key = manifest[file] ? file : grouped.get(resolve(file));
    if (!key) throw new Error(`The Vite manifest has no chunk for ${file}`);
    return key;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('The Vite manifest names no entry chunk');
  const sum = (keys: Iterable<string>, kind: 'js' | 'css') => {
    const files = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key]!;
      if (kind === 'js') files.add(chunk.file);
      else for (const css of chunk.css ?? []) files.add(css);
    }
    return [...files].reduce((total, file) => total + gzipSize(distDir, file), 0);
  };
  // The entry waits for the first screen to be shown, then imports the app that takes the page over
  // (src/boot.tsx): what it imports, statically or that way, is the entry's JS.
  const entry = new Set(
    [entryKey, ...(manifest[entryKey]!.dynamicImports ?? [])].flatMap((key) => [
      ...staticClosure(manifest, key),
    ]),
  );
  const closureOf = (files: string[]) => {
    const keys = new Set<string>();
    for (const file of files) for (const key of staticClosure(manifest, keyOf(file))) keys.add(key);
    return keys;
  };
  const routes: RouteCost[] = readRoutes().map((route) => {
    const own = [...closureOf(route.files)].filter((key) => !entry.has(key));
    const loaded = new Set([...entry, ...own]);
    return {
      ...route,
      ownJs: sum(own, 'js'),
      ownCss: sum(own, 'css'),
      firstLoadJs: sum(loaded, 'js'),
      firstLoadCss: sum(loaded, 'css'),
    };
  });
  const guestKeys = new Set(entry);
  const signedInKeys = new Set<string>();
  for (const route of routes) {
    for (const key of closureOf(route.files)) (route.guarded ? signedInKeys : guestKeys).add(key);
  }
  // What a guest's pages import later on their own (the actors' registry, lazy sections, the banner)
  // is a guest's code too; only the router's lazy pages are left to their own routes.
  const routeFiles = new Set(routes.flatMap((route) => route.files.map(keyOf)));
  const later = [...guestKeys];
  for (let key = later.pop(); key !== undefined; key = later.pop()) {
    for (const target of manifest[key]?.dynamicImports ?? []) {
      if (routeFiles.has(target)) continue;
      for (const reached of staticClosure(manifest, target)) {
        if (!guestKeys.has(reached)) {
          guestKeys.add(reached);
          later.push(reached);
        }
      }
    }
  }
  const fileOf = (key: string) => manifest[key]!.file.replace(/^assets\//, '');
  const names = new Map(
    Object.values(manifest).map((chunk) => [chunk.file.replace(/^assets\//, ''), chunk.name]),
  );
  return {
    renderFiles: (routePath) => {
      const route = routes.find((candidate) => candidate.path === routePath);
      if (!route) throw new Error(`src/router.tsx has no route ${routePath}`);
      return new Set([...entry, ...closureOf(route.files)].map(fileOf));
    },
    entryFile: fileOf(entryKey),
    entry: { js: sum(entry, 'js'), css: sum(entry, 'css') },
    routes,
    signedInOnly: new Set([...signedInKeys].filter((key) => !guestKeys.has(key)).map(fileOf)),
    chunkName: (file) => names.get(file) ?? file.replace(/-[\w-]{8}\.js$/, ''),
  };
}
