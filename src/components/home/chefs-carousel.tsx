import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { CHEFS } from '../../content/chefs.ts';
import { CarouselPlayButton } from '../carousel-play-button.tsx';
import { useCarouselAutoplay } from '../use-carousel-autoplay.ts';

export function ChefsCarousel() {
  const { autoplay, playing, toggle, regionRef, onSwiper } = useCarouselAutoplay();

  return (
    <section aria-labelledby="chefs-title" className="bg-white">
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
        <div ref={regionRef} className="mt-10">
          <Swiper
            modules={[Autoplay, A11y, Pagination]}
            onSwiper={onSwiper}
            autoplay={autoplay}
            pagination={{ clickable: true }}
            spaceBetween={24}
            slidesPerView={1}
            breakpoints={{ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
            a11y={{ containerRoleDescriptionMessage: 'carousel', itemRoleDescriptionMessage: 'slide' }}
            className="pb-12! [--swiper-pagination-bullet-horizontal-gap:4px] [--swiper-pagination-bullet-size:12px] [--swiper-pagination-color:var(--color-brand-dark)]"
          >
            {CHEFS.map((chef) => (
              <SwiperSlide key={chef.name}>
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
              </SwiperSlide>
            ))}
          </Swiper>
        </div>
      </div>
    </section>
  );
}
