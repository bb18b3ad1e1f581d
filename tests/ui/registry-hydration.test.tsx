// Issue 16: the browser's registry of actors arrives in a chunk of its own, after the server's HTML. A
// page rendered on the server hydrates as it is meanwhile, and what reads the session and the cart (the
// item page's stepper) comes to life when the registry does, reading that registry and no other.
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actors } from '../../src/actors/registry.ts';
import { menuItem } from './support/fixtures.ts';

vi.mock('../../src/api/menu.ts', () => ({
  fetchMenuItem: async (id: string) => (id === 'item-1' ? menuItem(1, 5) : undefined),
}));

const { App } = await import('../../src/app.tsx');
const { ActorsProvider, useActors } = await import('../../src/actors/context.tsx');
const { createAppRouter } = await import('../../src/router.tsx');
const { guestContext, testActors } = await import('./support/actors.tsx');
const { sessionOf } = await import('./support/fixtures.ts');

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

const URL = '/item-detail/item-1';

async function serverHtml(): Promise<string> {
  const router = createAppRouter(guestContext, createMemoryHistory({ initialEntries: [URL] }));
  router.isServer = true;
  await router.load();
  return renderToString(<App router={router} actors={testActors()} />);
}

describe('the registry arriving after the page', () => {
  it('hydrates the item page without a mismatch, then its stepper reads the registry it was given', async () => {
    const container = document.createElement('div');
    container.innerHTML = await serverHtml();
    document.body.append(container);
    containers.push(container);
    for (const link of container.querySelectorAll('link')) document.head.append(link);
    const addButton = () => within(container).getByRole('button', { name: 'Add to Cart' });
    // The server knows nobody's session: the button waits.
    expect(addButton()).toHaveAttribute('aria-busy', 'true');

    let arrive: (actors: Actors) => void = () => {};
    const registry = new Promise<Actors>((resolve) => {
      arrive = resolve;
    });
    const router = createAppRouter(guestContext, createMemoryHistory({ initialEntries: [URL] }));
    router.ssr = { manifest: undefined };
    await router.load();
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <App router={router} actors={registry} />, { onRecoverableError: recoverable });
    });
    // Still the server's stepper, waiting, while the registry is on its way.
    expect(addButton()).toHaveAttribute('aria-busy', 'true');

    // An admin's registry: the stepper says admins do not shop, which only that session can tell it.
    await act(async () => arrive(testActors({ session: sessionOf('admin') })));
    await waitFor(() => expect(addButton()).toHaveAttribute('aria-busy', 'false'));
    expect(addButton()).toBeDisabled();
    expect(addButton()).toHaveAttribute('title', 'Only customers can order');
    expect(recoverable).not.toHaveBeenCalled();
  });
});

describe('a reader that waits for the registry before the provider is on screen', () => {
  // React 18 throws away the state of a tree that suspended before it ever committed, provider included,
  // and renders it anew when the promise it waited for settles: a new promise to wait for on each try
  // would have it try forever, the page's main thread busy and nothing on screen.
  function Reader() {
    useActors();
    return <p>registry read</p>;
  }

  it('shows once the registry arrives', async () => {
    let arrive: (actors: Actors) => void = () => {};
    const registry = new Promise<Actors>((resolve) => {
      arrive = resolve;
    });
    render(
      <ActorsProvider actors={registry}>
        <Reader />
      </ActorsProvider>,
    );
    expect(screen.queryByText('registry read')).toBeNull();

    await act(async () => arrive(testActors()));
    expect(await screen.findByText('registry read')).toBeInTheDocument();
  });
});
