import { act } from '@testing-library/react';

/** What the fake observers watch, for `scrollNear()`. Empty it before each test. */
export const observed: Array<{ element: Element; callback: IntersectionObserverCallback }> = [];

/** IntersectionObserver as the browser's (stub it with vi.stubGlobal); `scrollNear()` reports an element near. */
export class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.push({ element, callback: this.callback });
  }
  unobserve() {}
  disconnect() {}
}

/** Brings `element` near the screen: every observer watching it is told so. */
export function scrollNear(element: Element) {
  act(() => {
    for (const watch of observed.filter((w) => w.element === element)) {
      watch.callback(
        [{ isIntersecting: true, target: element } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    }
  });
}
