import { Pause, Play, Quote } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { REVIEWS } from '../../content/reviews.ts';
import { StarRating } from '../star-rating.tsx';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

function autoplayOptions() {
  return {
    enabled: !prefersReducedMotion(),
    delay: 2500,
    pauseOnMouseEnter: true,
    disableOnInteraction: false,
  };
}

export function ReviewsCarousel() {
  const swiperRef = useRef<SwiperInstance | null>(null);
  const pausedByFocus = useRef(false);
  const regionRef = useRef<HTMLDivElement>(null);
  // Read once: Swiper only honours autoplay.enabled at init; later changes go through start()/stop().
  const [autoplay] = useState(autoplayOptions);
  const [playing, setPlaying] = useState(autoplay.enabled);

  function toggle() {
    const swiper = swiperRef.current;
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  }

  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    function pauseWhileFocused() {
      const swiper = swiperRef.current;
      if (swiper?.autoplay.running) {
        swiper.autoplay.stop();
        pausedByFocus.current = true;
      }
    }
    function resumeWhenFocusLeaves(event: FocusEvent) {
      if (region?.contains(event.relatedTarget as Node | null)) return;
      if (pausedByFocus.current && playing) swiperRef.current?.autoplay.start();
      pausedByFocus.current = false;
    }
    region.addEventListener('focusin', pauseWhileFocused);
    region.addEventListener('focusout', resumeWhenFocusLeaves);
    return () => {
      region.removeEventListener('focusin', pauseWhileFocused);
      region.removeEventListener('focusout', resumeWhenFocusLeaves);
    };
  }, [playing]);

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
          <button
            type="button"
            aria-pressed={!playing}
            aria-label={playing ? 'Pause reviews carousel' : 'Play reviews carousel'}
            onClick={toggle}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border-2 border-white text-white transition hover:bg-white hover:text-ink"
          >
            {playing ? (
              <Pause aria-hidden="true" className="size-5" />
            ) : (
              <Play aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
        <div ref={regionRef} className="mt-10">
          <Swiper
            modules={[Autoplay, A11y, Pagination]}
            onSwiper={(swiper) => {
              swiperRef.current = swiper;
            }}
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
