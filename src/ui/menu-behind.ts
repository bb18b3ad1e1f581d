import { MENU_BEHIND } from '../../contract/menu.ts';

/**
 * Whether this document's page may show the menu's stock behind: the site server sent it from its
 * cache after the menu had moved (Server-Timing, server/site/page-cache.ts), or the browser can not
 * tell (it reads Server-Timing only in a secure context).
 */
export function loadedBehindMenu(): boolean {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  const timing = (navigation as PerformanceNavigationTiming | undefined)?.serverTiming;
  return (
    timing === undefined ||
    timing.some(
      ({ name, description }) => name === MENU_BEHIND.name && description === MENU_BEHIND.description,
    )
  );
}
