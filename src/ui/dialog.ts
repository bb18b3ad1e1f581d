import type { SweetAlertIcon, SweetAlertOptions, SweetAlertResult } from 'sweetalert2';

/**
 * The spec's dialog defaults, shared by every sweetalert2 dialog in the app. The buttons are the site's
 * own (`.btn-*` in app.css), not sweetalert2's styled ones, and the popup is set in the site's font
 * (`.site-dialog`): sweetalert2's stylesheet is unlayered, so it outranks Tailwind's layered classes and
 * its own look would otherwise win.
 */
export const DIALOG_DEFAULTS = {
  confirmButtonText: 'OK',
  cancelButtonText: 'Cancel',
  allowEscapeKey: true,
  allowOutsideClick: true,
  width: '478px',
  buttonsStyling: false,
  customClass: {
    popup: 'site-dialog',
    actions: 'site-dialog-actions',
    confirmButton: 'btn-primary',
    cancelButton: 'btn-neutral',
  },
} as const satisfies SweetAlertOptions;

/** The confirm buttons the app's dialogs offer. */
export type DialogButton =
  | 'Login'
  | 'Delete'
  | 'Confirm'
  | 'Remove'
  | 'Cancel order'
  | 'Keep order'
  | 'Yes, cancel it'
  | 'Keep it'
  | 'Mark refunded'
  | 'Cash refused'
  | 'Back'
  | 'Yes, do it now';

/** Confirm buttons that destroy or cancel something: drawn red, so they never look like the safe way out. */
export const DESTRUCTIVE_BUTTONS: ReadonlySet<DialogButton> = new Set<DialogButton>([
  'Delete',
  'Remove',
  'Cancel order',
  'Yes, cancel it',
  'Cash refused',
]);

/** The class of a dialog's confirm button: red for a destructive action, the site's orange otherwise. */
export function confirmButtonClass(button: DialogButton | undefined): string {
  return button && DESTRUCTIVE_BUTTONS.has(button) ? 'btn-danger' : 'btn-primary';
}

/**
 * What a dialog may say: only what sweetalert2 writes as text. Its `title`, `html` and `footer` parse a
 * string as HTML, so a menu item or a customer named `<img src=x onerror=…>` would run as markup there;
 * they are not offered. The title goes through `titleText` and the body through `text`, both text
 * nodes. Button captions are HTML too, so they are fixed words, never data.
 */
export interface DialogOptions {
  titleText: string;
  text?: string;
  icon?: SweetAlertIcon;
  showCancelButton?: boolean;
  confirmButtonText?: DialogButton;
  cancelButtonText?: DialogButton;
  /** A one-line answer to give (a cancellation's reason); its label is written as text. */
  input?: 'text';
  inputLabel?: string;
  /** The answer's problem in words, or null when it will do. */
  inputValidator?: (value: string) => string | null;
}

/** Opens a dialog; sweetalert2 is loaded on first use so pages without dialogs never download it. */
export async function showDialog(options: DialogOptions): Promise<SweetAlertResult> {
  const { default: Swal } = await import('sweetalert2');
  return Swal.mixin(DIALOG_DEFAULTS).fire({
    ...options,
    customClass: {
      ...DIALOG_DEFAULTS.customClass,
      confirmButton: confirmButtonClass(options.confirmButtonText),
    },
  });
}
