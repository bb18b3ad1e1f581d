// Issue 34, item 2: a section below the first screen is hydrated when it comes near the viewport or on the
// visitor's first input, not with the page; the server's HTML stays as it is meanwhile, and a tap on it
// still reaches its button.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver, observed, scrollNear } from './support/intersection-observer.ts';

/** Whether React has taken this element of the server's HTML over (it keeps its props on the node). */
const adopted = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));

const containers: HTMLElement[] = [];
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  observed.length = 0;
  // The module keeps what the page's visitor did (an input opens every section): a fresh one per test.
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const container of containers.splice(0)) container.remove();
});

/** A page: a first screen that re-renders on demand, then a section with a counter, hydrated when near. */
async function page() {
  const { hydratedWhenNear } = await import('../../src/ui/hydrate-later.tsx');
  const renders = { section: 0 };
  // What renders the page again from elsewhere than an input (a store, a timer): not an input.
  const outside = { visit: () => {} };
  function Reviews() {
    renders.section += 1;
    const [likes, setLikes] = useState(0);
    return (
      <section aria-label="Reviews">
        <button type="button" onClick={() => setLikes(likes + 1)}>{`Likes: ${likes}`}</button>
      </section>
    );
  }
  const ReviewsWhenNear = hydratedWhenNear(Reviews);
  function Page() {
    const [visits, setVisits] = useState(0);
    outside.visit = () => setVisits((count) => count + 1);
    return (
      <main>
        <button type="button" onClick={() => setVisits(visits + 1)}>{`Visits: ${visits}`}</button>
        <ReviewsWhenNear />
      </main>
    );
  }
  return { Page, renders, outside };
}

/** The page as the site server sends it, then hydrated as boot.tsx hydrates it. */
async function hydrated() {
  const { Page, renders, outside } = await page();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  containers.push(container);
  const serverMarkup = container.innerHTML;
  renders.section = 0;
  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
  });
  const section = container.querySelector('section')!;
  const likes = section.querySelector('button')!;
  return { container, renders, outside, recoverable, serverMarkup, section, likes };
}

describe('a section hydrated when near', () => {
  it('is in the server’s HTML, and left as the server sent it until it comes near', async () => {
    const { container, renders, recoverable, serverMarkup, section, likes } = await hydrated();
    expect(serverMarkup).toContain('Likes: 0');
    // The first screen is the browser's; the section is not, nor rendered in the browser yet.
    expect(adopted(container.querySelector('main > button')!)).toBe(true);
    expect(adopted(likes)).toBe(false);
    expect(renders.section).toBe(0);

    scrollNear(section);
    await waitFor(() => expect(adopted(likes)).toBe(true));
    expect(renders.section).toBeGreaterThan(0);
    // Adopted as it was, not rendered again in its place.
    expect(container.querySelector('section')).toBe(section);
    expect(container.innerHTML).toBe(serverMarkup);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('answers a tap that lands before it came near: hydrated there and then, the tap reaches its button', async () => {
    const { renders, recoverable, likes } = await hydrated();
    expect(adopted(likes)).toBe(false);

    await userEvent.setup().click(likes);
    expect(likes).toHaveTextContent('Likes: 1');
    expect(renders.section).toBeGreaterThan(0);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('stays the server’s while the page around it renders again', async () => {
    const { container, outside, recoverable, section, likes } = await hydrated();
    act(() => outside.visit());
    expect(container.querySelector('main > button')).toHaveTextContent('Visits: 1');
    expect(adopted(likes)).toBe(false);
    expect(container.querySelector('section')).toBe(section);

    scrollNear(section);
    await waitFor(() => expect(adopted(likes)).toBe(true));
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('hydrates with the page where the browser cannot say what is near', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { renders, likes, recoverable } = await hydrated();
    expect(adopted(likes)).toBe(true);
    expect(renders.section).toBeGreaterThan(0);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('tells a part the browser renders itself when the visitor first acts, tap or key', async () => {
    const { useFirstInputCame } = await import('../../src/ui/hydrate-later.tsx');
    function Booking() {
      return <p>{useFirstInputCame() ? 'Booking form' : 'Placeholder'}</p>;
    }
    render(<Booking />);
    expect(screen.getByText('Placeholder')).toBeInTheDocument();

    act(() => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })));
    expect(screen.getByText('Booking form')).toBeInTheDocument();
  });

  it('renders at once where the browser renders the page itself (a page reached by a link)', async () => {
    const { Page, renders } = await page();
    render(<Page />);
    expect(screen.getByRole('button', { name: 'Likes: 0' })).toBeInTheDocument();
    expect(renders.section).toBeGreaterThan(0);
    expect(observed).toEqual([]);
  });
});
