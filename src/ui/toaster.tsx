import { useEffect, useState } from 'react';
import toast, { Toaster as HotToaster, useToasterStore } from 'react-hot-toast';
import { TOAST_LIMIT, TOASTER_OPTIONS } from './toast.ts';

/** Space between the navigation bar's bottom edge and the first toast. */
export const TOAST_GAP_PX = 12;
/** The bar's height on every width (68 px) plus the gap, until the bar has been measured. */
export const TOAST_TOP_FALLBACK_PX = 68 + TOAST_GAP_PX;

/**
 * The sticky navigation bar, without the mobile drawer that opens below it: toasts go under the bar
 * and may cover an open drawer, rather than slide off the bottom of a phone's screen.
 */
function navigationBar(): HTMLElement | null {
  return document.querySelector<HTMLElement>('header nav') ?? document.querySelector('header');
}

/** Where the first toast's top goes: just under the sticky navigation bar, which stays at the top. */
export function useToastTop(): number {
  const [top, setTop] = useState(TOAST_TOP_FALLBACK_PX);
  useEffect(() => {
    const bar = navigationBar();
    if (!bar) return;
    const measure = () => setTop(Math.ceil(bar.getBoundingClientRect().height) + TOAST_GAP_PX);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return top;
}

/** The app's single toast host; it dismisses the oldest toasts beyond the limit. */
export function Toaster() {
  const { toasts } = useToasterStore();
  const top = useToastTop();
  useEffect(() => {
    for (const extra of toasts.filter((t) => t.visible).slice(TOAST_LIMIT)) toast.dismiss(extra.id);
  }, [toasts]);
  return <HotToaster position="top-center" containerStyle={{ top }} toastOptions={TOASTER_OPTIONS} />;
}
