import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The open dialog, once it has come to rest. sweetalert2 lays the popup out in place, invisible, for
 * 10 ms, then slides it in from 50 px higher: Playwright can find it steady in that first moment and
 * press on a button that the slide then moves away, so the release lands beside it and the click
 * reaches no button (a CI run lost a Login that way). Once the slide has begun, it is ended at once,
 * which puts the button in its final place (waiting for an animation's end can wait forever).
 */
export async function settledDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveClass(/\bswal2-show\b/);
  await dialog.evaluate((popup) => {
    for (const animation of popup.getAnimations()) animation.finish();
  });
  return dialog;
}

/** Clicks one of the open dialog's buttons, once the dialog has come to rest. */
export async function answerDialog(page: Page, button: string): Promise<void> {
  const dialog = await settledDialog(page);
  await dialog.getByRole('button', { name: button }).click();
}
