import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within a screen's height of the viewport (and from then on). What
 * is far below the fold can wait for it: a visitor who never scrolls there never downloads it, and
 * one who scrolls finds it ready, a screen ahead.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
