// Issue 16, item 5: Home's chefs and reviews are in the server's HTML; only Swiper waits, fetched as the
// visitor scrolls near a carousel, and it takes the rendered slides over as the visitor chose (playing,
// paused, or still under reduced motion).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import type { SwiperOptions } from 'swiper/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChefsCarousel } from '../../src/components/home/chefs-carousel.tsx';
import { ReviewsCarousel } from '../../src/components/home/reviews-carousel.tsx';
import { CHEFS } from '../../src/content/chefs.ts';
import { REVIEWS } from '../../src/content/reviews.ts';
import { FakeIntersectionObserver, observed, scrollNear } from './support/intersection-observer.ts';

const swiper = vi.hoisted(() => {
  class FakeSwiper {
    autoplay = { running: false, start: () => {}, stop: () => {} };
    constructor(
      readonly el: HTMLElement,
      readonly params: SwiperOptions & { autoplay: { enabled: boolean; delay: number } },
    ) {
      this.autoplay.running = params.autoplay.enabled;
      this.autoplay.start = () => {
        this.autoplay.running = true;
      };
      this.autoplay.stop = () => {
        this.autoplay.running = false;
      };
      swiper.created.push(this);
    }
    on() {}
    destroy() {}
  }
  return { loaded: [] as string[], created: [] as FakeSwiper[], FakeSwiper };
});
// Each factory runs when its module is first imported: what `loaded` lists is what was downloaded.
vi.mock('swiper', () => {
  swiper.loaded.push('swiper');
  return { default: swiper.FakeSwiper, Swiper: swiper.FakeSwiper };
});
vi.mock('swiper/modules', () => {
  swiper.loaded.push('swiper/modules');
  return { A11y: {}, Autoplay: {}, Pagination: {} };
});

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  }));
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  observed.length = 0;
  swiper.created.length = 0;
  reducedMotion(false);
});
afterEach(() => vi.unstubAllGlobals());

describe('Home’s carousels', () => {
  it('render their chefs and reviews on the server, with no Swiper in sight', () => {
    const chefs = renderToString(<ChefsCarousel />);
    expect(chefs).toContain('Our Best Chef');
    for (const chef of CHEFS) {
      expect(chefs).toContain(chef.name);
      expect(chefs).toContain(chef.title);
      expect(chefs).toContain(`alt="Portrait of ${chef.name}"`);
    }
    const reviews = renderToString(<ReviewsCarousel />);
    expect(reviews).toContain('Customer Reviews');
    for (const review of REVIEWS) {
      expect(reviews).toContain(review.name);
      expect(reviews).toContain(`Rated ${review.rating} out of 5`);
    }
    expect(reviews).toContain(REVIEWS[0]!.review_text);
    expect(swiper.loaded).toEqual([]);
  });

  it('fetch Swiper only once the carousel comes near the screen, and hand it the rendered slides', async () => {
    const { container } = render(<ChefsCarousel />);
    const carousel = container.querySelector<HTMLElement>('.swiper')!;
    expect(screen.getByRole('heading', { name: 'Our Best Chef' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Portrait of / })).toHaveLength(CHEFS.length);
    // Give a lazy import every chance to have happened already.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(swiper.loaded).toEqual([]);

    scrollNear(carousel);
    await waitFor(() => expect(swiper.created).toHaveLength(1));
    expect(swiper.loaded).toContain('swiper');
    const [made] = swiper.created;
    expect(made!.el).toBe(carousel);
    expect(made!.el.querySelectorAll('.swiper-wrapper > .swiper-slide')).toHaveLength(CHEFS.length);
    expect(made!.params).toMatchObject({
      autoplay: { enabled: true, delay: 2500, pauseOnMouseEnter: true },
      pagination: { clickable: true },
      breakpoints: { 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } },
    });
    expect((made!.params.pagination as { el: Element }).el).toBe(
      carousel.querySelector('.swiper-pagination'),
    );
    expect(made!.params.speed).toBeGreaterThan(0);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Pause chef carousel' }));
    expect(made!.autoplay.running).toBe(false);
    expect(screen.getByRole('button', { name: 'Play chef carousel' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('keep still under reduced motion until the visitor presses Play', async () => {
    reducedMotion(true);
    const { container } = render(<ReviewsCarousel />);
    const play = await screen.findByRole('button', { name: 'Play reviews carousel' });
    scrollNear(container.querySelector('.swiper')!);
    await waitFor(() => expect(swiper.created).toHaveLength(1));
    const [made] = swiper.created;
    expect(made!.params).toMatchObject({ direction: 'vertical', speed: 0, autoplay: { enabled: false } });

    await userEvent.setup().click(play);
    expect(made!.autoplay.running).toBe(true);
    expect(screen.getByRole('button', { name: 'Pause reviews carousel' })).toBeInTheDocument();
  });

  it('keep a Pause pressed before Swiper came', async () => {
    const { container } = render(<ChefsCarousel />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pause chef carousel' }));
    scrollNear(container.querySelector('.swiper')!);
    await waitFor(() => expect(swiper.created).toHaveLength(1));
    expect(swiper.created[0]!.autoplay.running).toBe(false);
  });
});
