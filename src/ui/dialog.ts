import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2';

/** The spec's dialog defaults, shared by every sweetalert2 dialog in the app. */
export const DIALOG_DEFAULTS = {
  confirmButtonText: 'OK',
  cancelButtonText: 'Cancel',
  allowEscapeKey: true,
  allowOutsideClick: true,
  width: '478px',
  confirmButtonColor: '#202020',
  cancelButtonColor: '#c2252f',
} as const satisfies SweetAlertOptions;

/** Opens a dialog; sweetalert2 is loaded on first use so pages without dialogs never download it. */
export async function showDialog(options: SweetAlertOptions): Promise<SweetAlertResult> {
  const { default: Swal } = await import('sweetalert2');
  return Swal.mixin(DIALOG_DEFAULTS).fire(options);
}
