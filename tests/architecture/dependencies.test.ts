import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

function violations(dir: string, forbidden: (specifier: string, file: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    imports(file)
      .filter((specifier) => forbidden(specifier, file))
      .map((specifier) => `${file} imports ${specifier}`),
  );
}

/** A file's imports that bring only types: `import type … from '…'`, or `typeof import('…')`. */
function typeOnlyImports(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const found = text.matchAll(
    /import\s+type\s[^;]*?from\s*['"]([^'"]+)['"]|typeof import\(\s*['"]([^'"]+)['"]/g,
  );
  return new Set([...found].map((m) => (m[1] ?? m[2])!));
}

/** The project file a relative import names (`./x.ts`, `../y.tsx`); undefined for a package. */
function resolved(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const path = normalize(join(dirname(file), specifier));
  return /\.(ts|tsx)$/.test(path) ? path : undefined;
}

/** Every import loop among `files`, each as the files it runs through (type-only imports included). */
function importCycles(files: string[]): string[][] {
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      imports(file)
        .map((specifier) => resolved(file, specifier))
        .filter((target): target is string => target !== undefined && known.has(target)),
    ]),
  );
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      cycles.push([...path.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of edges.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of files) visit(file);
  return cycles;
}

describe('the dependency rules of docs/decisions and the architecture guide', () => {
  it('machines import only xstate and the server contract', () => {
    expect(
      violations('machines', (s) => !(s === 'xstate' || s.startsWith('../contract/') || s.startsWith('./'))),
    ).toEqual([]);
  });

  it('the server never imports the browser app or the machines, but the site server its renderer', () => {
    const browser = (s: string) => /(^|\/)(src|machines)\//.test(s);
    // The site server runs the SPA's renderer (dist/server, built from src/render-page.tsx): its types.
    const rendererType = (s: string, file: string) =>
      file.startsWith(join('server', 'site')) &&
      s.endsWith('/src/render-page.tsx') &&
      typeOnlyImports(file).has(s);
    expect(violations('server', (s, file) => browser(s) && !rendererType(s, file))).toEqual([]);
  });

  it('the API and the site server are apart: what both use is in server/db, server/http, server/env.ts', () => {
    const reaches = (from: string, to: string) =>
      violations(
        join('server', from),
        (s, file) => resolved(file, s)?.startsWith(join('server', to)) ?? false,
      );
    expect([...reaches('api', 'site'), ...reaches('site', 'api')]).toEqual([]);
  });

  it('what both servers share imports neither: server/env.ts, server/db, server/http reach no server', () => {
    const shared = [
      join('server', 'env.ts'),
      ...sourceFiles(join('server', 'db')),
      ...sourceFiles(join('server', 'http')),
    ];
    const found = shared.flatMap((file) =>
      imports(file)
        .filter((specifier) => /^server\/(api|site)\//.test(resolved(file, specifier) ?? ''))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(found).toEqual([]);
  });

  it('the shared contract imports only valibot and itself', () => {
    expect(violations('contract', (s) => !(s === 'valibot' || s.startsWith('./')))).toEqual([]);
  });

  it('only the transport imports hono: server/api/app.ts, index.ts, routes/, middleware/, http/', () => {
    const transport = /^server\/api\/((app|index)\.ts$|(routes|middleware|http)\/)/;
    const hono = (s: string, file: string) => /^(@hono\/|hono($|\/))/.test(s) && !transport.test(file);
    expect(violations('server', hono)).toEqual([]);
  });

  it('routes and components never fetch: no ky, no src/api, no fetch()', () => {
    const fetching = (s: string) => s === 'ky' || /(^|\/)api\//.test(s) || s.startsWith('firebase');
    const allowedLoaders = new Set(['src/router.tsx']);
    expect([
      ...violations('src/components', fetching),
      ...violations('src/routes', fetching),
      ...sourceFiles('src/components')
        .concat(sourceFiles('src/routes'))
        .filter((file) => !allowedLoaders.has(file) && /\bfetch\(/.test(readFileSync(file, 'utf8'))),
    ]).toEqual([]);
  });

  it('routes and components take actors from context: from src/actors they import only types and hooks', () => {
    const fromActors = (file: string, specifier: string) =>
      resolved(file, specifier)?.startsWith(join('src', 'actors')) ?? false;
    const found = sourceFiles('src/components')
      .concat(sourceFiles('src/routes'))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        const statics = [...text.matchAll(/import\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/g)]
          .filter(([, , , specifier]) => fromActors(file, specifier!))
          .filter(([, typeOnly, bindings]) => {
            if (typeOnly) return false;
            const named = /^\{([^}]*)\}$/.exec(bindings!.trim());
            // A default or namespace import could reach anything the module holds.
            if (!named) return true;
            return named[1]!
              .split(',')
              .map((binding) => binding.trim())
              .some((binding) => binding !== '' && !/^(type\s+\w+|use[A-Z]\w*)$/.test(binding));
          })
          .map(([statement]) => `${file}: ${statement}`);
        // A module loaded for its effects, or later: either way not through the provider.
        const unnamed = [...text.matchAll(/\bimport\s*\(?\s*['"]([^'"]+)['"]/g)]
          .filter(([, specifier]) => fromActors(file, specifier!))
          .map(([statement]) => `${file}: ${statement}`);
        return [...statics, ...unnamed];
      });
    expect(found).toEqual([]);
  });

  it('the actors are made in one place: only boot.tsx and the server render make a registry', () => {
    const files = sourceFiles('src');
    expect(files.filter((file) => /\bcreateActor\(/.test(readFileSync(file, 'utf8')))).toEqual([
      join('src', 'actors', 'registry.ts'),
    ]);
    expect(files.filter((file) => /\bcreateActors\(/.test(readFileSync(file, 'utf8'))).sort()).toEqual(
      [join('src', 'actors', 'registry.ts'), join('src', 'boot.tsx'), join('src', 'render-page.tsx')].sort(),
    );
  });

  it('no import loops in src/, machines/, server/ or scripts/, not even through a type', () => {
    const files = ['src', 'machines', 'server', 'scripts'].flatMap(sourceFiles);
    expect(importCycles(files).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
