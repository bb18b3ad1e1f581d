// Issue 14, the Menu on a phone: the tab lives in the address (rendered on the server, hydrated as it
// is, kept by the router) and a card's cut description ends with an ellipsis.
import { createMemoryHistory } from '@tanstack/react-router';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESCRIPTION_PREVIEW, descriptionPreview, type MenuItem } from '../../contract/menu.ts';

const menu: MenuItem[] = [
  ['Pepperoni', 'pizza'],
  ['Margherita', 'pizza'],
  ['Cheese Burger', 'burger'],
  ['Lemonade', 'drink'],
].map(([name, category], n) => ({
  _id: `item-${n}`,
  name: name!,
  price: 10 + n,
  quantity: 5,
  image: `/images/menu/${n}.webp`,
  category: category as MenuItem['category'],
  description: `${name} made to order, with a description long enough to be cut on its card, as the spec says.`,
}));

vi.mock('../../src/api/menu.ts', () => ({
  fetchMenu: async (category: string) =>
    category === 'all' ? menu : menu.filter((item) => item.category === category),
  fetchFullMenu: async () => menu,
  fetchMenuItem: async (id: string) => menu.find((item) => item._id === id),
}));

const { App } = await import('../../src/app.tsx');
const { guestContext, testActors } = await import('./support/actors.tsx');
const { createAppRouter } = await import('../../src/router.tsx');

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

async function serverHtml(url: string): Promise<string> {
  const router = createAppRouter(guestContext, createMemoryHistory({ initialEntries: [url] }));
  // As on the site server (jsdom has a document, which the router would take for a browser).
  router.isServer = true;
  await router.load();
  return renderToString(<App router={router} actors={testActors()} />);
}

/** The page at `url` as the site server sends it, then hydrated as boot.tsx hydrates it. */
async function hydrated(url: string) {
  const container = document.createElement('div');
  container.innerHTML = await serverHtml(url);
  document.body.append(container);
  containers.push(container);
  // React's resource hints (an image's preload) belong to the document's head, where React looks for them.
  for (const link of container.querySelectorAll('link')) document.head.append(link);
  const serverMarkup = container.innerHTML;
  const router = createAppRouter(guestContext, createMemoryHistory({ initialEntries: [url] }));
  router.ssr = { manifest: undefined };
  await router.load();
  const recoverable = vi.fn();
  await act(async () => {
    // As boot.tsx gives it: a registry still on its way.
    hydrateRoot(container, <App router={router} actors={Promise.resolve(testActors())} />, {
      onRecoverableError: recoverable,
    });
  });
  return { container, router, recoverable, serverMarkup };
}

const cardNames = (root: HTMLElement) =>
  within(root)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('the Menu keeps its tab in the address', () => {
  it('renders /menu?category=pizza with the pizza tab on the server', async () => {
    const html = await serverHtml('/menu?category=pizza');
    const container = document.createElement('div');
    container.innerHTML = html;
    expect(within(container).getByRole('tab', { name: 'pizza' })).toHaveAttribute('aria-selected', 'true');
    expect(within(container).getByRole('tab', { name: 'all' })).toHaveAttribute('aria-selected', 'false');
    expect(cardNames(container)).toEqual(['Pepperoni', 'Margherita']);
  });

  it('hydrates /menu?category=pizza without a mismatch', async () => {
    const { container, recoverable, serverMarkup } = await hydrated('/menu?category=pizza');
    expect(recoverable).not.toHaveBeenCalled();
    expect(within(container).getByRole('tab', { name: 'pizza' })).toHaveAttribute('aria-selected', 'true');
    expect(cardNames(container)).toEqual(['Pepperoni', 'Margherita']);
    expect(serverMarkup).toContain('Margherita');
  });

  it('shows all for a missing, default or spoiled category', async () => {
    for (const url of ['/menu', '/menu?category=all', '/menu?category=sushi']) {
      const container = document.createElement('div');
      container.innerHTML = await serverHtml(url);
      expect(within(container).getByRole('tab', { name: 'all' }), url).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(cardNames(container), url).toHaveLength(menu.length);
    }
  });

  it('puts the chosen tab in the address, and follows the address when it changes (Back)', async () => {
    const { container, router } = await hydrated('/menu');
    fireEvent.click(within(container).getByRole('tab', { name: 'burger' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'burger' }));
    await waitFor(() => expect(cardNames(container)).toEqual(['Cheese Burger']));

    fireEvent.click(within(container).getByRole('tab', { name: 'all' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(cardNames(container)).toHaveLength(menu.length));

    // As Back or a link does: the address moves, the tabs follow. The navigation settles only once
    // React has drawn the new address, which act holds back until its callback settles: not awaited.
    await act(async () => {
      void router.navigate({ to: '/menu', search: { category: 'drink' } });
    });
    await waitFor(() =>
      expect(within(container).getByRole('tab', { name: 'drink' })).toHaveAttribute('aria-selected', 'true'),
    );
    await waitFor(() => expect(cardNames(container)).toEqual(['Lemonade']));
  });

  it('keeps the tabs in a sticky band under the navbar', async () => {
    const container = document.createElement('div');
    container.innerHTML = await serverHtml('/menu');
    const band = within(container).getByRole('tablist').closest('[data-sticky-tabs]');
    expect(band).toHaveClass('sticky');
  });
});

describe('a menu card’s description', () => {
  it('shows the first 80 characters and an ellipsis when cut', () => {
    const long = `${'x'.repeat(DESCRIPTION_PREVIEW - 1)}yz and more`;
    expect(descriptionPreview(long)).toBe(`${long.slice(0, DESCRIPTION_PREVIEW)}…`);
  });

  it('is whole, without an ellipsis, when it fits', () => {
    const exact = 'a'.repeat(DESCRIPTION_PREVIEW);
    expect(descriptionPreview(exact)).toBe(exact);
    expect(descriptionPreview('Short.')).toBe('Short.');
  });

  it('is what the Menu’s cards show', async () => {
    const container = document.createElement('div');
    container.innerHTML = await serverHtml('/menu');
    const first = menu[0]!;
    expect(within(container).getByRole('link', { name: new RegExp(first.name) })).toHaveTextContent(
      `${first.description.slice(0, DESCRIPTION_PREVIEW)}…`,
    );
  });
});
