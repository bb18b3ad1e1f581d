// Issue 14: a picture that does not load shows the fallback, in the browser and after the server's HTML
// is hydrated (an image can fail before React attaches onError).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DISH_FALLBACK,
  DishImage,
  PERSON_FALLBACK,
  PersonImage,
} from '../../src/components/fallback-image.tsx';

const PIZZA = '/images/menu/pizza-gone.png';

describe('a picture that fails in the browser', () => {
  it('is replaced by the fallback, once (a failing fallback is not retried)', () => {
    render(<DishImage src={PIZZA} alt="Pizza" width={48} height={48} />);
    const image = screen.getByRole('img', { name: 'Pizza' });
    expect(image).toHaveAttribute('src', PIZZA);
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', DISH_FALLBACK);
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', DISH_FALLBACK);
    // Size and alt stay, so nothing jumps and the name is still read.
    expect(image).toHaveAttribute('width', '48');
  });

  it('tries a new address afresh', () => {
    const { rerender } = render(<DishImage src={PIZZA} alt="Pizza" />);
    fireEvent.error(screen.getByRole('img'));
    rerender(<DishImage src="/images/menu/pizza-new.png" alt="Pizza" />);
    expect(screen.getByRole('img')).toHaveAttribute('src', '/images/menu/pizza-new.png');
  });

  it('gives a person with no photo the silhouette, and one whose photo fails too', () => {
    const { container, rerender } = render(<PersonImage src="" alt="" />);
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', PERSON_FALLBACK);
    rerender(<PersonImage src="https://photos.example.com/me.jpg" alt="" />);
    expect(image).toHaveAttribute('src', 'https://photos.example.com/me.jpg');
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', PERSON_FALLBACK);
  });
});

describe('a server-rendered picture', () => {
  let container: HTMLElement;
  afterEach(() => container.remove());

  /** The server's HTML in the page, its image as the browser left it before hydration. */
  function serverPage(state: { complete: boolean; naturalWidth: number; decodes: boolean }) {
    container = document.createElement('div');
    container.innerHTML = renderToString(<DishImage src={PIZZA} alt="Pizza" width={480} height={480} />);
    document.body.append(container);
    const image = container.querySelector('img')!;
    Object.defineProperties(image, {
      complete: { value: state.complete },
      naturalWidth: { value: state.naturalWidth },
      decode: {
        value: () => (state.decodes ? Promise.resolve() : Promise.reject(new Error('EncodingError'))),
      },
    });
    return image;
  }

  async function hydrate() {
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <DishImage src={PIZZA} alt="Pizza" width={480} height={480} />, {
        onRecoverableError: recoverable,
      });
    });
    // A mismatch would be reported here (and as a console.error, which fails the test).
    expect(recoverable).not.toHaveBeenCalled();
  }

  it('that failed before hydration is swapped once hydrated, without a mismatch', async () => {
    const image = serverPage({ complete: true, naturalWidth: 0, decodes: false });
    expect(image).toHaveAttribute('src', PIZZA);
    await hydrate();
    await waitFor(() => expect(image).toHaveAttribute('src', DISH_FALLBACK));
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('that loaded is kept', async () => {
    const image = serverPage({ complete: true, naturalWidth: 480, decodes: true });
    await hydrate();
    await act(async () => {});
    expect(image).toHaveAttribute('src', PIZZA);
  });

  it('that loaded but has no size of its own (an SVG) is kept', async () => {
    const image = serverPage({ complete: true, naturalWidth: 0, decodes: true });
    await hydrate();
    await act(async () => {});
    expect(image).toHaveAttribute('src', PIZZA);
  });

  it('still loading at hydration is swapped when it fails later', async () => {
    const image = serverPage({ complete: false, naturalWidth: 0, decodes: false });
    await hydrate();
    expect(image).toHaveAttribute('src', PIZZA);
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', DISH_FALLBACK);
  });
});
