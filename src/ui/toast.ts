import type { ToasterProps } from 'react-hot-toast';

/** The spec's toast constants: success 2 s, error 4 s, at most 20 on screen. */
export const TOAST_LIMIT = 20;
export const TOASTER_OPTIONS: ToasterProps['toastOptions'] = {
  success: { duration: 2000 },
  error: { duration: 4000 },
  style: { fontFamily: 'inherit', fontSize: '1rem' },
};

// Toasts follow something the visitor did, long after the first paint: the library and its host are
// fetched with the first toast, not at load, where mounting the host (its styles) was a long task on a
// phone (docs/benchmarks.md, what blocks the main thread). ToastHost mounts it once one is wanted.
let wanted = false;
const listeners = new Set<() => void>();

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast has been asked for yet on this page. */
export const toastsWanted = (): boolean => wanted;

const toasts = () => {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return import('react-hot-toast').then((module) => module.default);
};

// The one way to toast: always success or error, never a bare toast().
export const notify = {
  success: (message: string) => void toasts().then((toast) => toast.success(message)),
  error: (message: string) => void toasts().then((toast) => toast.error(message)),
};
