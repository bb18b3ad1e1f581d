import { useEffect, useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';

/** The home carousels' autoplay interval (spec constant). */
export const CAROUSEL_AUTOPLAY_MS = 2500;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Autoplay a visitor controls: a Play/Pause toggle, a pause while focus is inside the carousel (so
 * keyboard users are not chased by moving slides), and no autoplay under reduced motion.
 */
export function useCarouselAutoplay() {
  const swiperRef = useRef<SwiperInstance | null>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const pausedByFocus = useRef(false);
  // Read once: Swiper honours autoplay.enabled only at init; later changes go through start()/stop().
  const [autoplay] = useState(() => ({
    enabled: !prefersReducedMotion(),
    delay: CAROUSEL_AUTOPLAY_MS,
    pauseOnMouseEnter: true,
    disableOnInteraction: false,
  }));
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

  return {
    autoplay,
    playing,
    toggle,
    regionRef,
    onSwiper: (swiper: SwiperInstance) => {
      swiperRef.current = swiper;
    },
  };
}
