// Swiper and its CSS, in a chunk of their own that a Home carousel fetches as the visitor scrolls near it
// (src/components/use-carousel-autoplay.ts).
import Swiper from 'swiper';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/pagination';

/** The home carousels' autoplay interval (spec constant). */
export const CAROUSEL_AUTOPLAY_MS = 2500;

/**
 * Makes a carousel of the server-rendered `.swiper` markup in `carousel`, in place. It autoplays while
 * `playing()` says the visitor wants it to, except while focus is inside it (keyboard users are not
 * chased by moving slides).
 */
export function enhance(carousel: HTMLElement, options: SwiperOptions, playing: () => boolean): Swiper {
  const swiper = new Swiper(carousel, {
    modules: [A11y, Autoplay, Pagination],
    a11y: { containerRoleDescriptionMessage: 'carousel', itemRoleDescriptionMessage: 'slide' },
    pagination: { el: carousel.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
    autoplay: {
      enabled: playing(),
      delay: CAROUSEL_AUTOPLAY_MS,
      pauseOnMouseEnter: true,
      disableOnInteraction: false,
    },
    ...options,
  });
  let pausedByFocus = false;
  function pauseWhileFocused() {
    if (!swiper.autoplay.running) return;
    swiper.autoplay.stop();
    pausedByFocus = true;
  }
  function resumeWhenFocusLeaves(event: FocusEvent) {
    if (carousel.contains(event.relatedTarget as Node | null)) return;
    if (pausedByFocus && playing()) swiper.autoplay.start();
    pausedByFocus = false;
  }
  carousel.addEventListener('focusin', pauseWhileFocused);
  carousel.addEventListener('focusout', resumeWhenFocusLeaves);
  swiper.on('destroy', () => {
    carousel.removeEventListener('focusin', pauseWhileFocused);
    carousel.removeEventListener('focusout', resumeWhenFocusLeaves);
  });
  return swiper;
}
