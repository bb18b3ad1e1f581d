// When a server-rendered page's first screen is on screen: what the browser waits for before it asks
// for the JavaScript that takes the page over (src/main.tsx, docs/decisions/022-main-thread-at-load.md).

/** However the paint went (a browser that reports none, a page kept hidden), the page is taken over then. */
const AT_THE_LATEST_MS = 3000;

function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** The first screen's leading pictures (the hero, the first dish), marked `fetchpriority="high"`. */
function leadingPictures(): Promise<unknown>[] {
  const pictures = document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]');
  return [...pictures]
    .filter((picture) => !picture.complete)
    .map(
      (picture) =>
        new Promise((resolve) => {
          picture.addEventListener('load', resolve, { once: true });
          picture.addEventListener('error', resolve, { once: true });
        }),
    );
}

/** Resolves once the page has painted its content and its leading pictures have arrived. */
export function firstScreenShown(): Promise<void> {
  const shown = Promise.all([firstContentfulPaint(), ...leadingPictures()]);
  const late = new Promise((resolve) => setTimeout(resolve, AT_THE_LATEST_MS));
  return Promise.race([shown, late]).then(() => undefined);
}
