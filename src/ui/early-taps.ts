// A rendered page is on screen before the JavaScript that takes it over has arrived (src/main.tsx). Its
// links work as links meanwhile; a tap on one of its buttons is kept here and played again once React
// listens, so that no button is dead while the page waits
// (docs/decisions/035-streaming-and-lazy-hydration.md).

const kept: HTMLButtonElement[] = [];

function keep(event: Event) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button && !button.disabled) kept.push(button);
}

/** Keeps each tap on a button from now on (src/main.tsx, as soon as the page has a rendered root). */
export function keepEarlyTaps(): void {
  document.addEventListener('click', keep, true);
}

/**
 * Stops keeping taps, once React listens to the page itself (src/boot.tsx); the function returned plays
 * each kept one again, on its button if it is still there.
 */
export function stopKeepingTaps(): () => void {
  document.removeEventListener('click', keep, true);
  const taps = kept.splice(0);
  return () => {
    for (const button of taps) if (button.isConnected) button.click();
  };
}
