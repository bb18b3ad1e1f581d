import type { Page } from '@playwright/test';

/**
 * Scrolls down the whole page a screen at a time and back to the top, as a reader would: what loads
 * as it comes near (Home's carousels, lazy pictures) is then there.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  // A page following orders live keeps its stream open, so its network is never idle: there, the
  // stream being live and every picture that began loading being loaded stand for it.
  if ((await page.locator('[data-live]').count()) === 0) {
    await page.waitForLoadState('networkidle');
    return;
  }
  await page.locator('[data-live="live"]').first().waitFor({ state: 'attached' });
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete || image.currentSrc === ''),
  );
}
