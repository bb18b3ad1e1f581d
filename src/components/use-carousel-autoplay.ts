import { useEffect, useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import type { SwiperOptions } from 'swiper/types';
import { useNearViewport } from '../ui/use-near-viewport.ts';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * A carousel whose slides the server renders as a still row (`.swiper` markup that already lays out as
 * Swiper will), and which Swiper takes over in place once the visitor scrolls near it: a guest who never
 * gets there never downloads Swiper, and the taking over moves nothing on the screen.
 *
 * Its autoplay is the visitor's: a Play/Pause toggle, which works before Swiper has come too (Swiper
 * then starts as the visitor chose), and none under reduced motion until they press Play. The rest of
 * the motion rules come with Swiper (src/components/home/swiper-enhance.ts).
 *
 * `options` is read when Swiper starts: give a constant.
 */
export function useCarousel(options: SwiperOptions) {
  const carouselRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<SwiperInstance | null>(null);
  // The server cannot know the visitor's motion preference: it renders the default (playing), and the
  // browser corrects it once hydrated. A Play or Pause pressed is the visitor's word from then on; it is
  // kept in a ref too, so that Swiper, however soon it starts, starts as the visitor last said.
  const [reduced, setReduced] = useState(false);
  const [chosen, setChosen] = useState<boolean>();
  const chosenRef = useRef<boolean>(undefined);
  const playing = chosen ?? !reduced;
  const near = useNearViewport(carouselRef);

  useEffect(() => {
    setReduced(prefersReducedMotion());
  }, []);

  useEffect(() => {
    const carousel = carouselRef.current;
    if (!near || !carousel) return;
    let gone = false;
    import('./home/swiper-enhance.ts')
      .then(({ enhance }) => {
        if (gone) return;
        // Under reduced motion a slide changes without sliding, even once the visitor presses Play.
        const speed = prefersReducedMotion() ? 0 : 300;
        swiperRef.current = enhance(
          carousel,
          { speed, ...options },
          () => chosenRef.current ?? !prefersReducedMotion(),
        );
      })
      // Swiper's chunk did not come (offline): the slides stay as the server laid them out.
      .catch(() => {});
    return () => {
      gone = true;
      swiperRef.current?.destroy(true, true);
      swiperRef.current = null;
    };
  }, [near, options]);

  function toggle() {
    const next = !playing;
    chosenRef.current = next;
    setChosen(next);
    const swiper = swiperRef.current;
    if (!swiper) return;
    if (next) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }

  return { carouselRef, playing, toggle };
}
