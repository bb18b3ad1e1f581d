import { Quote } from 'lucide-react';
import type { SwiperOptions } from 'swiper/types';
import { REVIEWS } from '../../content/reviews.ts';
import { CarouselPlayButton } from '../carousel-play-button.tsx';
import { StarRating } from '../star-rating.tsx';
import { useCarousel } from '../use-carousel-autoplay.ts';

const SPACE_PX = 16;

const OPTIONS: SwiperOptions = { direction: 'vertical', slidesPerView: 1, spaceBetween: SPACE_PX };

// Swiper's margin between vertical slides, inline as it sets it: the server's first slide is where the
// carousel's will be.
const SLIDE_STYLE = { marginBottom: SPACE_PX };

export function ReviewsCarousel() {
  const { carouselRef, playing, toggle } = useCarousel(OPTIONS);

  return (
    <section aria-labelledby="reviews-title" className="render-when-near bg-ink text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-end sm:justify-between sm:text-left">
          <div>
            <p className="font-script text-xl text-brand">Testimonials</p>
            <h2 id="reviews-title" className="section-title mt-2">
              Customer Reviews
            </h2>
            <p className="mt-3 max-w-xl text-neutral-300">
              What our guests say after the last slice is gone.
            </p>
          </div>
          <CarouselPlayButton name="reviews" playing={playing} onToggle={toggle} tone="dark" />
        </div>
        <div
          ref={carouselRef}
          className="swiper relative mt-10 h-[340px] overflow-hidden [--swiper-pagination-bullet-inactive-color:#fff] [--swiper-pagination-bullet-inactive-opacity:0.5] [--swiper-pagination-bullet-size:12px] [--swiper-pagination-bullet-vertical-gap:10px] [--swiper-pagination-color:var(--color-brand)] sm:h-[280px]"
        >
          <div className="swiper-wrapper flex h-full flex-col">
            {REVIEWS.map((review) => (
              <div key={review.name} className="swiper-slide h-full shrink-0" style={SLIDE_STYLE}>
                <figure className="flex h-full flex-col justify-center gap-4 rounded-3xl bg-neutral-800 p-6 pr-12 sm:p-8 sm:pr-14">
                  <Quote aria-hidden="true" className="size-7 shrink-0 text-brand" />
                  <blockquote className="text-lg text-neutral-100">
                    <p>{review.review_text}</p>
                  </blockquote>
                  <figcaption className="flex flex-wrap items-center justify-between gap-3">
                    <span className="font-bold text-white">{review.name}</span>
                    <StarRating value={review.rating} />
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
