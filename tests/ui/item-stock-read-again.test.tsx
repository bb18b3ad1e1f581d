// The site server keeps item pages through sales (menuShown 'listing'), so their HTML may show a count of
// stock a few sales old; sent so, it says `Server-Timing: menu;desc=behind`, and the page reads its item
// again once the browser has taken it over (server/site/page-cache.ts, src/routes/item-detail.tsx).
import { createMemoryHistory } from '@tanstack/react-router';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../contract/menu.ts';
import { MENU_BEHIND } from '../../contract/menu.ts';
import { menuItem } from './support/fixtures.ts';

const server = vi.hoisted(() => ({
  stock: 5,
  fail: false,
  reads: 0,
  /** Holds the read's answer back until it settles. */
  answer: Promise.resolve(),
}));
vi.mock('../../src/api/menu.ts', () => ({
  fetchMenuItem: async (): Promise<MenuItem> => {
    server.reads++;
    await server.answer;
    if (server.fail) throw new Error('We could not reach Pizzon. Check your connection and try again.');
    return menuItem(1, server.stock);
  },
}));

const { App } = await import('../../src/app.tsx');
const { createAppRouter } = await import('../../src/router.tsx');
const { guestContext, testActors } = await import('./support/actors.tsx');

const URL = '/item-detail/item-1';
const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
  vi.restoreAllMocks();
  Object.assign(server, { stock: 5, fail: false, reads: 0, answer: Promise.resolve() });
});

/** The page as this document's navigation brought it: with these Server-Timing entries, if readable. */
function navigatedWith(serverTiming: Array<{ name: string; description: string }> | undefined) {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'navigation' ? [{ serverTiming } as unknown as PerformanceEntry] : [],
  );
}

/** The site server's HTML at the current stock, then the browser taking it over. */
async function hydrateItemPage(meanwhile = () => {}): Promise<{ recoverable: ReturnType<typeof vi.fn> }> {
  const rendering = createAppRouter(guestContext, createMemoryHistory({ initialEntries: [URL] }));
  rendering.isServer = true;
  await rendering.load();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<App router={rendering} actors={testActors()} />);
  document.body.append(container);
  containers.push(container);
  // Meanwhile sales went on; the browser's first render is the page's own data (what the HTML shows).
  const router = createAppRouter(guestContext, createMemoryHistory({ initialEntries: [URL] }));
  router.ssr = { manifest: undefined };
  await router.load();
  server.stock = 2;
  server.reads = 0;
  meanwhile();
  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(container, <App router={router} actors={testActors()} />, {
      onRecoverableError: recoverable,
    });
  });
  return { recoverable };
}

describe('an item page the site kept while sales went on', () => {
  it('reads its item again once taken over, and shows the stock as it is now', async () => {
    navigatedWith([{ name: MENU_BEHIND.name, description: MENU_BEHIND.description }]);
    const { recoverable } = await hydrateItemPage();
    await waitFor(() => expect(screen.getByText('2 (items)')).toBeInTheDocument());
    expect(server.reads).toBe(1);
    expect(recoverable).not.toHaveBeenCalled();
    // The stepper's bounds are the stock read again.
    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    await act(async () => increase.click());
    expect(increase).toBeDisabled();
    expect(screen.getByText('There are only 2 Pizza 1 in stock.')).toBeInTheDocument();
  });

  it('keeps the count the customer stepped to while the read was on its way, within the new stock', async () => {
    navigatedWith([{ name: MENU_BEHIND.name, description: MENU_BEHIND.description }]);
    let answer = () => {};
    await hydrateItemPage(() => {
      server.stock = 4;
      server.answer = new Promise((resolve) => {
        answer = resolve;
      });
    });
    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    await act(async () => increase.click());
    await act(async () => increase.click());
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('3');
    await act(async () => answer());
    await waitFor(() => expect(screen.getByText('4 (items)')).toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('3');
    // Bounded by the stock read again: one more step reaches it.
    await act(async () => increase.click());
    expect(increase).toBeDisabled();
    expect(screen.getByText('There are only 4 Pizza 1 in stock.')).toBeInTheDocument();
  });

  it('asks nothing again when it was sent current', async () => {
    navigatedWith([]);
    await hydrateItemPage();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('5 (items)')).toBeInTheDocument();
    expect(server.reads).toBe(0);
  });

  it('reads again where the browser can not tell (Server-Timing unread outside a secure context)', async () => {
    navigatedWith(undefined);
    await hydrateItemPage();
    await waitFor(() => expect(screen.getByText('2 (items)')).toBeInTheDocument());
  });

  it('keeps showing the page when the read fails', async () => {
    navigatedWith([{ name: MENU_BEHIND.name, description: MENU_BEHIND.description }]);
    await hydrateItemPage(() => {
      server.fail = true;
    });
    await waitFor(() => expect(server.reads).toBe(1));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('5 (items)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pizza 1');
  });
});
