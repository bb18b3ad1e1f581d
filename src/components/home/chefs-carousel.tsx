import type { SwiperOptions } from 'swiper/types';
import { CHEFS } from '../../content/chefs.ts';
import { CarouselPlayButton } from '../carousel-play-button.tsx';
import { useCarousel } from '../use-carousel-autoplay.ts';

const SPACE_PX = 24;

const OPTIONS: SwiperOptions = {
  spaceBetween: SPACE_PX,
  slidesPerView: 1,
  // Tailwind's sm and lg: the still row below shows as many chefs at the same widths.
  breakpoints: { 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } },
};

// Swiper's own arithmetic for a slide (it sets the same width and margin inline when it starts), so
// the server's row is where the carousel will be. Inline, because Swiper's CSS, once loaded, outranks
// Tailwind's layered utilities.
const SLIDE_STYLE = {
  width: `calc((100% - (var(--per-view) - 1) * ${SPACE_PX}px) / var(--per-view))`,
  marginRight: SPACE_PX,
};

export function ChefsCarousel() {
  const { carouselRef, playing, toggle } = useCarousel(OPTIONS);

  return (
    <section aria-labelledby="chefs-title" className="render-when-near bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-end sm:justify-between sm:text-left">
          <div>
            <p className="eyebrow">Meet the team</p>
            <h2 id="chefs-title" className="section-title mt-2">
              Our Best Chef
            </h2>
            <p className="mt-3 max-w-xl text-neutral-700">
              The people behind every crust, sauce and dessert.
            </p>
          </div>
          <CarouselPlayButton name="chef" playing={playing} onToggle={toggle} tone="light" />
        </div>
        <div
          ref={carouselRef}
          className="swiper relative mt-10 overflow-hidden pb-12! [--per-view:1] [--swiper-pagination-bullet-horizontal-gap:4px] [--swiper-pagination-bullet-size:12px] [--swiper-pagination-color:var(--color-brand-dark)] sm:[--per-view:2] lg:[--per-view:3]"
        >
          <div className="swiper-wrapper flex">
            {CHEFS.map((chef) => (
              <div key={chef.name} className="swiper-slide shrink-0" style={SLIDE_STYLE}>
                <figure className="mx-auto max-w-xs overflow-hidden rounded-3xl bg-cream text-center shadow-sm">
                  <img
                    src={chef.img}
                    alt={`Portrait of ${chef.name}`}
                    width={300}
                    height={360}
                    loading="lazy"
                    className="aspect-5/6 h-auto w-full object-cover"
                  />
                  <figcaption className="px-4 py-5">
                    <span className="block text-xl font-bold">{chef.name}</span>
                    <span className="block text-brand-ink">{chef.title}</span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
          <div className="swiper-pagination" />
        </div>
      </div>
    </section>
  );
}
