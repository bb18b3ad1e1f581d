import toast, { type ToasterProps } from 'react-hot-toast';

/** The spec's toast constants: success 2 s, error 4 s, at most 20 on screen. */
export const TOAST_LIMIT = 20;
export const TOASTER_OPTIONS: ToasterProps['toastOptions'] = {
  success: { duration: 2000 },
  error: { duration: 4000 },
  style: { fontFamily: 'inherit', fontSize: '1rem' },
};

// The one way to toast: always success or error, never a bare toast().
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
};
