import { Quote } from 'lucide-react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { REVIEWS } from '../../content/reviews.ts';
import { CarouselPlayButton } from '../carousel-play-button.tsx';
import { StarRating } from '../star-rating.tsx';
import { useCarouselAutoplay } from '../use-carousel-autoplay.ts';

export function ReviewsCarousel() {
  const { autoplay, playing, toggle, regionRef, onSwiper } = useCarouselAutoplay();

  return (
    <section aria-labelledby="reviews-title" className="bg-ink text-white">
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
        <div ref={regionRef} className="mt-10">
          <Swiper
            modules={[Autoplay, A11y, Pagination]}
            onSwiper={onSwiper}
            direction="vertical"
            slidesPerView={1}
            spaceBetween={16}
            autoplay={autoplay}
            pagination={{ clickable: true }}
            a11y={{ containerRoleDescriptionMessage: 'carousel', itemRoleDescriptionMessage: 'slide' }}
            className="h-[340px] [--swiper-pagination-bullet-inactive-color:#fff] [--swiper-pagination-bullet-inactive-opacity:0.5] [--swiper-pagination-bullet-size:12px] [--swiper-pagination-bullet-vertical-gap:10px] [--swiper-pagination-color:var(--color-brand)] sm:h-[280px]"
          >
            {REVIEWS.map((review) => (
              <SwiperSlide key={review.name}>
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
              </SwiperSlide>
            ))}
          </Swiper>
        </div>
      </div>
    </section>
  );
}
