import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeKey } from '../../contract/route-entry.ts';
import { ROUTE_LIST } from '../../contract/routes.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Each string literal's text, and each template literal's up to its first `${`. */
function literals(text: string): string[] {
  return [...text.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.|\$(?!\{))*)/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
}

/** 'item-detail/:id' → how a literal would start that writes it: 'item-detail/'; '/all-items' → 'all-items'. */
const PATHS = ROUTE_LIST.map((entry) => {
  const path = entry.path.slice(1);
  const param = path.indexOf(':');
  return { route: routeKey(entry), path, prefix: param === -1 ? undefined : path.slice(0, param) };
});

/** The API path a literal writes by hand, if any (with or without its leading slash and /api). */
function apiPathIn(literal: string): string | undefined {
  // A router pattern ('/item-detail/$id') names the storefront's page of the same name, not a call.
  if (/\$\w/.test(literal)) return undefined;
  const text = literal.replace(/^\//, '').replace(/^api\//, '');
  return PATHS.find(
    ({ path, prefix }) =>
      text === path ||
      text.startsWith(`${path}?`) ||
      text.startsWith(`${path}/`) ||
      (prefix !== undefined && text.startsWith(prefix)),
  )?.route;
}

/** Words that are a path of the API and also name something else: the list machines named as the spec's lists. */
const NOT_PATHS = new Set(["src/actors/admin.ts: 'users'", "src/actors/admin.ts: 'reservations'"]);

describe('API paths', () => {
  it('are written once, in the route table: src/ calls the API by its entries (src/api/call.ts)', () => {
    const found = sourceFiles('src').flatMap((file) =>
      literals(readFileSync(file, 'utf8')).flatMap((literal) => {
        const route = apiPathIn(literal);
        return route && !NOT_PATHS.has(`${file}: '${literal}'`) ? [`${file}: '${literal}' (${route})`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('finds a path written by hand, in a string or a template', () => {
    const found = (text: string) => literals(text).map(apiPathIn).filter(Boolean);
    expect(found("apiClient.get('add-to-cart', { searchParams })")).toEqual(['GET /add-to-cart']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal as a source file holds it
    expect(found('directClient.get(`item-detail/${encodeURIComponent(id)}`)')).toEqual([
      'GET /item-detail/:id',
    ]);
    expect(found("fetch('/api/my-orders-stream')")).toEqual(['GET /my-orders-stream']);
    expect(found("navigate({ to: '/user-dashboard/my-cart' })")).toEqual([]);
    expect(found("<Link to='/item-detail/$id' params={{ id }}>")).toEqual([]);
  });
});
