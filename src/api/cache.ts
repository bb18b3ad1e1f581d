import type { RouteSpec } from '../../contract/route-entry.ts';

/** Results are kept for 5 minutes under a name (the spec's cache time). */
export const CACHE_TIME_MS = 5 * 60 * 1000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}
const entries = new Map<string, Entry>();

/** Shares one request per key while fresh; a failed request is forgotten so the next call retries. */
export function cached<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  // The site server renders every page from fresh data: one visitor's cache is no other's business.
  if (import.meta.env.SSR) return load();
  const hit = entries.get(key);
  if (hit && now - hit.at < CACHE_TIME_MS) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { at: now, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Drops every entry whose key starts with `prefix` (e.g. after a change the cache cannot see). */
export function invalidate(prefix: string): void {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}

/** The spec names a cached answer by its route's path ('all-items', 'add-to-cart'). */
export const cacheName = (entry: Pick<RouteSpec, 'path'>): string => entry.path.slice(1);
