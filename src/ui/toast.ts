import type { ToasterProps } from 'react-hot-toast';

/** The spec's toast constants: success 2 s, error 4 s, at most 20 on screen. */
export const TOAST_LIMIT = 20;
export const TOASTER_OPTIONS: ToasterProps['toastOptions'] = {
  success: { duration: 2000 },
  error: { duration: 4000 },
  style: { fontFamily: 'inherit', fontSize: '1rem' },
};

// Toasts follow something the visitor did, long after the first paint: the library is fetched then
// (main.tsx mounts the Toaster once the page is up), not with the first page's JavaScript.
const toasts = () => import('react-hot-toast').then((module) => module.default);

// The one way to toast: always success or error, never a bare toast().
export const notify = {
  success: (message: string) => void toasts().then((toast) => toast.success(message)),
  error: (message: string) => void toasts().then((toast) => toast.error(message)),
};
