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
      violations(
        'machines',
        (s) => !(s === 'xstate' || s.startsWith('../server/contract/') || s.startsWith('./')),
      ),
    ).toEqual([]);
  });

  it('the server never imports the browser app or the machines', () => {
    expect(violations('server', (s) => /(^|\/)(src|machines)\//.test(s))).toEqual([]);
  });

  it('the shared contract imports only valibot and itself', () => {
    expect(violations('server/contract', (s) => !(s === 'valibot' || s.startsWith('./')))).toEqual([]);
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

  it('no import loops in src/, machines/, server/ or scripts/, not even through a type', () => {
    const files = ['src', 'machines', 'server', 'scripts'].flatMap(sourceFiles);
    expect(importCycles(files).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
