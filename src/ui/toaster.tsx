import { useEffect } from 'react';
import toast, { Toaster as HotToaster, useToasterStore } from 'react-hot-toast';
import { TOAST_LIMIT, TOASTER_OPTIONS } from './toast.ts';

/** The app's single toast host; it dismisses the oldest toasts beyond the limit. */
export function Toaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const extra of toasts.filter((t) => t.visible).slice(TOAST_LIMIT)) toast.dismiss(extra.id);
  }, [toasts]);
  return <HotToaster position="top-center" toastOptions={TOASTER_OPTIONS} />;
}
